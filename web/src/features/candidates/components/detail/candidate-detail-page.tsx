import { Fragment, useEffect, useState, type ReactNode } from 'react';
import Avatar from '@mui/joy/Avatar';
import Box from '@mui/joy/Box';
import Card from '@mui/joy/Card';
import Chip from '@mui/joy/Chip';
import CircularProgress from '@mui/joy/CircularProgress';
import Tab from '@mui/joy/Tab';
import TabList from '@mui/joy/TabList';
import TabPanel from '@mui/joy/TabPanel';
import Tabs from '@mui/joy/Tabs';
import Typography from '@mui/joy/Typography';
import { ArrowLeft, UserRound } from 'lucide-react';
import { messages } from '@ats/contracts';
import { EmptyState } from '@/components/empty-state';
import { InterviewsPanel } from '@/components/interviews/interviews-panel';
import { AsOfBanner, AsOfControl } from '@/components/history/as-of';
import { RecordHistory } from '@/components/history/record-history';
import { ButtonLink } from '@/components/router-links';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isApiError, serverMessage } from '@/lib/api-client';
import { initials, titleCase } from '@/lib/format';
import { PresenceAvatars } from '@/components/presence';
import { useRealtimeRoom } from '@/lib/realtime';
import { isUnauthorizedError, signalUnauthorized } from '@/lib/unauthorized';
import { useCandidate } from '../../api/get-candidate';
import { AttachedJobsTab } from './attached-jobs-tab';
import { CommunicationsTab } from './communications-tab';
import { NotesTab } from './notes-tab';
import { PersonalInfoCard } from './personal-info-card';
import { ResumeCard } from './resume-card';
import { useScrollHint } from '@/hooks/use-scroll-hint';
import { RecordTasksSection } from '@/components/tasks/record-tasks-section';

const STATUS_COLOR: Record<string, 'success' | 'primary' | 'neutral'> = { active: 'success', placed: 'primary', inactive: 'neutral' };

export const backToCandidates = (
  <ButtonLink to="/candidates" variant="outlined" color="neutral" size="sm" startDecorator={<ArrowLeft size={16} />}>
    Back to Candidates
  </ButtonLink>
);

type TabValue = 'profile' | 'notes' | 'communications' | 'jobs' | 'interviews' | 'history';

/** SPEC §2.7: one candidate with four tabs, live through the `candidate:<id>` room. */
export function CandidateDetailPage({
  id,
  canEdit,
  headerAction,
  notices,
  profileCards,
  asOf,
  onAsOfChange,
}: {
  id: number;
  canEdit: boolean;
  /** composed by the route (the Follow toggle) */
  headerAction?: ReactNode;
  /** composed by the route: merge and duplicate notices above the tabs (today only) */
  notices?: ReactNode;
  /** composed by the route: more cards in the profile's side column (the Privacy card) */
  profileCards?: ReactNode;
  /** an ISO time: the candidate as it was then, read-only (issue 14) */
  asOf?: string | undefined;
  onAsOfChange?: (asOf: string | undefined) => void;
}) {
  useRealtimeRoom(`candidate:${id}`);
  const { data: candidate, isPending, isError, error } = useCandidate(id, asOf);
  const past = asOf !== undefined;
  // an anonymised record is kept for statistics only: nothing more can be recorded about the person
  const writable = canEdit && !past && !candidate?.anonymised;
  const [tab, setTab] = useState<TabValue>('profile');
  const [tabList, setTabList] = useState<HTMLDivElement | null>(null);
  const tabHint = useScrollHint(tabList);
  const notFound = isError && isApiError(error) && error.status === 404;
  useDocumentTitle(
    candidate ? `${candidate.firstName} ${candidate.lastName}` : notFound ? messages.candidateNotFound : undefined,
    'Candidates',
  );

  useEffect(() => {
    if (isUnauthorizedError(error)) signalUnauthorized();
  }, [error]);

  if (isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 12, gap: 2 }} role="status">
        <CircularProgress />
        <Typography textColor="text.secondary">Loading candidate details...</Typography>
      </Box>
    );
  }
  if (isError) {
    return (
      <>
        <Box sx={{ mb: 2 }}>{backToCandidates}</Box>
        {past && <AsOfBanner asOf={asOf} what="this candidate" onBackToNow={() => onAsOfChange?.(undefined)} />}
        <Card variant="outlined">
          <EmptyState
            icon={<UserRound size={28} />}
            headingLevel="h1"
            title={notFound ? messages.candidateNotFound : 'Could not load the candidate'}
            description={
              notFound
                ? past
                  ? 'The candidate did not exist at that moment.'
                  : 'The candidate may have been deleted.'
                : (serverMessage(error) ?? error.message)
            }
          />
        </Card>
      </>
    );
  }

  const name = `${candidate.firstName} ${candidate.lastName}`.trim();
  return (
    <>
      <Box sx={{ mb: 2, display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'space-between' }}>
        {backToCandidates}
        {onAsOfChange && <AsOfControl value={asOf} onChange={onAsOfChange} />}
      </Box>
      {past && <AsOfBanner asOf={asOf} what="this candidate" onBackToNow={() => onAsOfChange?.(undefined)} />}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 3 }}>
        <Avatar size="lg" color="primary" variant="soft" sx={{ '--Avatar-size': '56px' }} aria-hidden>
          {initials(candidate.firstName, candidate.lastName)}
        </Avatar>
        {/* a 220px basis: on a phone the status and Follow wrap below rather than squeeze the name and e-mail */}
        <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
          <Typography level="h2" component="h1" sx={{ fontSize: { xs: 'xl2', md: 'xl3' } }}>
            {name}
          </Typography>
          {/* breaks after the @ or a dot; inside a part only when that part alone is wider than the line
              (a 60-letter name before the @ pushed a phone's page sideways: sweep four) */}
          <Typography textColor="text.secondary" data-testid="candidate-email" sx={{ overflowWrap: 'anywhere', wordBreak: 'normal' }}>
            <BreakableEmail email={candidate.email} />
          </Typography>
        </Box>
        {!past && <PresenceAvatars place={`candidate:${id}`} />}
        <Chip variant="soft" color={STATUS_COLOR[candidate.status] ?? 'neutral'} data-testid="candidate-status">
          {titleCase(candidate.status)}
        </Chip>
        {!past && headerAction}
      </Box>

      {!past && notices}
      <Tabs
        value={past && tab !== 'history' ? 'profile' : tab}
        onChange={(_, value) => setTab(value as TabValue)}
        sx={{ bgcolor: 'transparent' }}
      >
        <TabList
          ref={setTabList}
          data-scroll-hint={tabHint.right ? 'right' : tabHint.left ? 'left' : undefined}
          sx={{
            overflowX: 'auto',
            scrollbarWidth: 'thin',
            mb: 2,
            '--ListItem-minHeight': '44px',
            [`& .MuiTab-root`]: { flex: 'none', fontWeight: 600, px: { xs: 1.25, sm: 2 } },
            // a fade where tabs are scrolled out of view
            maskImage: tabHint.right
              ? 'linear-gradient(to right, black calc(100% - 40px), transparent)'
              : tabHint.left
                ? 'linear-gradient(to left, black calc(100% - 40px), transparent)'
                : undefined,
          }}
        >
          <Tab value="profile">Profile</Tab>
          {/* the past shows the record and its history; notes and the rest are today's lists */}
          {!past && <Tab value="notes">Notes</Tab>}
          {!past && <Tab value="communications">Communications</Tab>}
          {!past && <Tab value="jobs">Attached Jobs</Tab>}
          {!past && <Tab value="interviews">Interviews</Tab>}
          <Tab value="history">History</Tab>
        </TabList>
        <TabPanel value="profile" sx={{ p: 0 }}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, alignItems: 'start' }}>
            <PersonalInfoCard candidate={candidate} canEdit={writable} />
            <Box sx={{ display: 'grid', gap: 2 }}>
              <Card variant="outlined" component="section" aria-labelledby="skills-heading" sx={{ gap: 1.5 }}>
                <Typography id="skills-heading" level="title-lg" component="h2">
                  Skills
                </Typography>
                {candidate.skills.length === 0 ? (
                  <Typography level="body-sm" textColor="text.tertiary">
                    Not specified
                  </Typography>
                ) : (
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }} role="list" aria-label="Skills">
                    {candidate.skills.map((skill) => (
                      <Chip key={skill} variant="outlined" role="listitem">
                        {skill}
                      </Chip>
                    ))}
                  </Box>
                )}
              </Card>
              <Card variant="outlined" component="section" aria-labelledby="summary-heading" sx={{ gap: 1 }}>
                <Typography id="summary-heading" level="title-lg" component="h2">
                  Summary
                </Typography>
                <Typography
                  level="body-sm"
                  textColor={candidate.summary ? 'text.primary' : 'text.tertiary'}
                  sx={{ whiteSpace: 'pre-wrap' }}
                >
                  {candidate.summary || 'Not provided'}
                </Typography>
              </Card>
              <ResumeCard candidate={candidate} canEdit={writable} />
              {!past && <RecordTasksSection related={{ kind: 'candidate', id, label: name }} canEdit={writable} />}
              {!past && profileCards}
            </Box>
          </Box>
        </TabPanel>
        <TabPanel value="notes" sx={{ p: 0 }}>
          <NotesTab candidateId={id} canEdit={writable} />
        </TabPanel>
        <TabPanel value="communications" sx={{ p: 0 }}>
          <CommunicationsTab candidateId={id} />
        </TabPanel>
        <TabPanel value="jobs" sx={{ p: 0 }}>
          <AttachedJobsTab candidateId={id} candidateName={name} canEdit={writable} />
        </TabPanel>
        <TabPanel value="history" sx={{ p: 0 }}>
          <RecordHistory kind="candidate" id={id} label={`History of ${name}`} asOf={asOf} />
        </TabPanel>
        <TabPanel value="interviews" sx={{ p: 0 }}>
          <InterviewsPanel candidate={{ id, name }} canEdit={canEdit && !candidate?.anonymised} />
        </TabPanel>
      </Tabs>
    </>
  );
}

/** An address that may wrap only after its @ and its dots (a zero-width break opportunity there). */
function BreakableEmail({ email }: { email: string }) {
  const parts = email.split(/(?<=[@.])/);
  return parts.map((part, i) => (
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 && <wbr />}
    </Fragment>
  ));
}
