import { useState, type ReactNode } from 'react';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import Chip from '@mui/joy/Chip';
import CircularProgress from '@mui/joy/CircularProgress';
import Typography from '@mui/joy/Typography';
import { useNavigate } from '@tanstack/react-router';
import { ArrowLeft, Briefcase, Building2, DollarSign, MapPin, Pencil, Percent, Rewind, Trash2, UserPlus } from 'lucide-react';
import { CardDetail } from '@/components/card-detail';
import { EmptyState } from '@/components/empty-state';
import { AttachCandidatesDialog, PostLinkedinDialog } from '@/components/lazy-dialogs';
import { PresenceAvatars } from '@/components/presence';
import { ButtonLink, RouterLink } from '@/components/router-links';
import { toast } from '@/components/toast';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useNow } from '@/hooks/use-now';
import { isApiError, serverMessage } from '@/lib/api-client';
import { jobName } from '@/lib/attach';
import { daysOpen, formatSalaryRange, titleCase } from '@/lib/format';
import { useRealtimeRoom } from '@/lib/realtime';
import { useAnalyzeJob } from '../../api/analyze-job';
import { AsOfBanner, AsOfControl } from '@/components/history/as-of';
import { AuditJobLink } from '@/components/audit-links';
import { RecordHistory } from '@/components/history/record-history';
import { useJob } from '../../api/get-job';
import { useJobDeletion } from '../../hooks/use-job-deletion';
import { JOB_PRIORITY_COLOR, JOB_STATUS_COLOR } from '../../utils/job-style';
import { LazyEditJobDialog as EditJobDialog } from '@/components/lazy-dialogs';
import { InterviewsPanel } from '@/components/interviews/interviews-panel';
import { JobActivityCard } from './job-activity-card';
import { JobAnalysisCard } from './job-analysis-card';
import { JobCandidatesCard } from './job-candidates-card';
import { JobPostsCard } from './job-posts-card';
import { RecordTasksSection } from '@/components/tasks/record-tasks-section';

export const JOB_NOT_FOUND = 'Job not found';

const backButton = (
  <ButtonLink to="/jobs" variant="outlined" color="neutral" size="sm" startDecorator={<ArrowLeft size={16} />}>
    Back to Job Orders
  </ButtonLink>
);

/**
 * `/jobs/:id`: the job order with its client, AI analysis, posts, attached candidates, its own
 * board (`board`, composed by the route from the pipeline feature) and activity; live through
 * `job:<id>`, `jobs` and `feed`. A read-only user gets no actions.
 */
export function JobDetailPage({
  id,
  canEdit: mayEdit,
  board,
  headerAction,
  asOf,
  onAsOfChange,
}: {
  /** an ISO time: the job as it was then, read-only (issue 14) */
  asOf?: string | undefined;
  onAsOfChange?: (asOf: string | undefined) => void;
  id: number;
  canEdit: boolean;
  board: ReactNode;
  /** Beside the presence avatars, e.g. the Follow toggle (another feature, composed by the route). */
  headerAction?: ReactNode;
}) {
  useRealtimeRoom(`job:${id}`);
  useRealtimeRoom('feed');
  const { data: job, isPending, isError, error } = useJob(id, asOf);
  const past = asOf !== undefined;
  const canEdit = mayEdit && !past;
  const banner = past && <AsOfBanner asOf={asOf} what="this job order" onBackToNow={() => onAsOfChange?.(undefined)} />;
  const [dialog, setDialog] = useState<'attach' | 'post' | 'edit' | null>(null);
  const analyzeJob = useAnalyzeJob();
  const navigate = useNavigate();
  // after the delete the page has nothing to show: back to the list (the toast's Undo still works)
  const deletion = useJobDeletion({ onDeleted: () => void navigate({ to: '/jobs' }) });
  const clock = useNow(3_600_000);
  // a past job order counts its days open up to the moment it is viewed at, not up to today
  const asOfDate = past && !/^\d+$/.test(asOf) ? new Date(asOf) : null;
  const now = asOfDate && !Number.isNaN(asOfDate.getTime()) ? asOfDate : clock;
  const missing = isError && isApiError(error) && (error.status === 404 || error.status === 410);
  useDocumentTitle(job?.title ?? (missing ? JOB_NOT_FOUND : undefined), 'Job Orders');

  if (isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 12, gap: 2 }} role="status">
        <CircularProgress />
        <Typography textColor="text.secondary">Loading job...</Typography>
      </Box>
    );
  }
  if (isError) {
    return (
      <>
        <Box sx={{ mb: 2 }}>{backButton}</Box>
        {banner}
        <Card variant="outlined">
          <EmptyState
            icon={<Briefcase size={28} />}
            headingLevel="h1"
            title={missing ? JOB_NOT_FOUND : 'Could not load the job'}
            description={
              missing
                ? past
                  ? 'The job did not exist at that moment.'
                  : 'The job may have been deleted.'
                : (serverMessage(error) ?? error.message)
            }
          />
        </Card>
      </>
    );
  }

  const name = jobName(job);
  const salary = formatSalaryRange(job.salaryMin, job.salaryMax);
  const analyze = () =>
    analyzeJob.mutate(id, {
      onSuccess: (result) =>
        toast({
          title: 'AI Analysis Complete',
          description: `${job.title}: ${result.requiredSkills.slice(0, 4).join(', ') || 'requirements analysed'} (confidence ${Math.round(result.confidence * 100)}%).`,
        }),
      onError: () => toast({ variant: 'destructive', title: 'Analysis Failed', description: 'Failed to analyze job requirements' }),
    });
  return (
    <>
      <Box sx={{ mb: 2, display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'space-between' }}>
        {backButton}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {past && (
            // "views the board as of the submission, and replays the weeks after it"
            <ButtonLink
              to="/jobs/pipeline"
              search={{ job: id, asOf, replay: true }}
              size="sm"
              variant="outlined"
              color="neutral"
              startDecorator={<Rewind size={16} />}
            >
              Replay from here
            </ButtonLink>
          )}
          {onAsOfChange && <AsOfControl value={asOf} onChange={onAsOfChange} />}
          <AuditJobLink jobId={id} />
        </Box>
      </Box>
      {banner}
      <Box component="header" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2, mb: 3 }}>
        <Box sx={{ flex: 1, minWidth: 240 }}>
          <Typography level="h2" component="h1" sx={{ fontSize: { xs: 'xl2', md: 'xl3' } }}>
            {job.title}
          </Typography>
          {job.department && <Typography textColor="text.secondary">{job.department}</Typography>}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: 1 }} data-testid="job-chips">
            <Chip variant="soft" color={JOB_STATUS_COLOR[job.status] ?? 'neutral'}>
              {titleCase(job.status)}
            </Chip>
            <Chip variant="soft" color={JOB_PRIORITY_COLOR[job.priority] ?? 'neutral'}>
              {titleCase(job.priority)} priority
            </Chip>
            <Chip variant="outlined">{titleCase(job.type)}</Chip>
            <Chip variant="outlined">{daysOpen(job.createdAt, now, job.endedAt)} days open</Chip>
          </Box>
        </Box>
        {!past && <PresenceAvatars place={`job:${id}`} />}
        {!past && headerAction}
        {canEdit && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid="job-actions">
            <Button variant="outlined" color="neutral" startDecorator={<Pencil size={16} />} onClick={() => setDialog('edit')}>
              Edit Job
            </Button>
            <Button startDecorator={<UserPlus size={16} />} onClick={() => setDialog('attach')}>
              Add candidates
            </Button>
            <Button variant="outlined" color="danger" startDecorator={<Trash2 size={16} />} onClick={() => deletion.askDelete(job)}>
              Delete
            </Button>
          </Box>
        )}
      </Box>

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '2fr 3fr' }, alignItems: 'start', mb: 2 }}>
        <Card variant="outlined" component="section" aria-labelledby="job-details-heading" data-testid="job-details" sx={{ gap: 1 }}>
          <Typography id="job-details-heading" level="title-lg" component="h2">
            Details
          </Typography>
          <CardDetail icon={<Building2 size={15} />} label="Client">
            {job.clientId && job.client ? (
              <RouterLink to="/clients/$id" params={{ id: String(job.clientId) }}>
                {job.client.companyName}
              </RouterLink>
            ) : (
              'No client'
            )}
          </CardDetail>
          <CardDetail icon={<MapPin size={15} />} label="Location">
            {job.location ?? 'Not specified'}
          </CardDetail>
          <CardDetail icon={<DollarSign size={15} />} label="Salary">
            {salary ?? 'Not specified'}
          </CardDetail>
          <CardDetail icon={<Percent size={15} />} label="Fee">
            {job.feePercentage}% fee
          </CardDetail>
          {job.description && (
            <Typography level="body-sm" sx={{ whiteSpace: 'pre-wrap', mt: 1 }}>
              {job.description}
            </Typography>
          )}
          {job.requirements && (
            <Typography level="body-sm" textColor="text.secondary" sx={{ whiteSpace: 'pre-wrap' }}>
              {job.requirements}
            </Typography>
          )}
        </Card>
        <JobAnalysisCard job={job} onAnalyze={canEdit ? analyze : undefined} analyzing={analyzeJob.isPending} />
      </Box>

      {/* today's lists: not shown for a past moment. minmax(0, …): a column no wider than the
          screen (an interview row's one-line width pushed a phone's page 82 px sideways: sweep five) */}
      {!past && (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
            alignItems: 'start',
            mb: 2,
          }}
        >
          <JobCandidatesCard jobId={id} jobName={name} onAdd={canEdit ? () => setDialog('attach') : undefined} />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
            <InterviewsPanel job={{ id, title: job.title }} canEdit={canEdit} />
            <JobPostsCard posts={job.linkedinPosts} onPost={canEdit ? () => setDialog('post') : undefined} />
            <RecordTasksSection related={{ kind: 'job', id, label: job.title }} canEdit={canEdit} />
            <JobActivityCard jobId={id} now={clock} />
          </Box>
        </Box>
      )}

      <Box component="section" aria-labelledby="job-board-heading" sx={{ mb: 2 }}>
        <Typography id="job-board-heading" level="title-lg" component="h2" sx={{ mb: 1 }}>
          Pipeline
        </Typography>
        {board}
      </Box>

      <Box component="section" aria-labelledby="job-history-heading" sx={{ mb: 2, display: 'grid', gap: 1 }}>
        <Typography id="job-history-heading" level="title-lg" component="h2">
          History
        </Typography>
        <RecordHistory kind="job" id={id} label={`History of ${job.title}`} asOf={asOf} />
      </Box>

      {canEdit && (
        <>
          <AttachCandidatesDialog open={dialog === 'attach'} onClose={() => setDialog(null)} job={{ id, name }} />
          <PostLinkedinDialog open={dialog === 'post'} onClose={() => setDialog(null)} job={job} />
          <EditJobDialog open={dialog === 'edit'} onClose={() => setDialog(null)} job={job} />
          {deletion.dialog}
        </>
      )}
    </>
  );
}
