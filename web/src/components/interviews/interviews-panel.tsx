import { useState } from 'react';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import Chip from '@mui/joy/Chip';
import Dropdown from '@mui/joy/Dropdown';
import IconButton from '@mui/joy/IconButton';
import List from '@mui/joy/List';
import ListItem from '@mui/joy/ListItem';
import ListItemButton from '@mui/joy/ListItemButton';
import ListItemContent from '@mui/joy/ListItemContent';
import Menu from '@mui/joy/Menu';
import MenuButton from '@mui/joy/MenuButton';
import MenuItem from '@mui/joy/MenuItem';
import Skeleton from '@mui/joy/Skeleton';
import Typography from '@mui/joy/Typography';
import { CalendarClock, CalendarPlus, Ellipsis } from 'lucide-react';
import type { InterviewDetail } from '@ats/contracts';
import { EmptyState } from '@/components/empty-state';
import { serverMessage } from '@/lib/api-client';
import { interviewWhen } from '@/lib/interview-time';
import { useInterviewList } from './api';
import { LazyInterviewActionDialogs, LazyInterviewDetailDialog, LazyScheduleInterviewDialog } from '@/components/lazy-dialogs';
import { interviewActions, orderInterviews } from './interview-actions';
import { INTERVIEW_STATUS_COLORS, INTERVIEW_STATUS_LABELS, INTERVIEW_TYPE_LABELS, candidateName } from './labels';
import type { PickedCandidate } from './pickers';

const ACTION_LABELS = { reschedule: 'Reschedule', complete: 'Complete', edit: 'Edit details', cancel: 'Cancel interview' } as const;

/**
 * A candidate's or a job's interviews with their status and actions, and "Schedule interview"
 * (the candidate or job prefilled). Live: the list refetches on the interviews' notices.
 */
export function InterviewsPanel({
  candidate,
  job,
  canEdit,
}: {
  candidate?: PickedCandidate | undefined;
  job?: { id: number; title: string } | undefined;
  canEdit: boolean;
}) {
  const { data, isPending, isError, error } = useInterviewList(candidate ? { candidate: candidate.id } : { job: job?.id ?? 0 });
  const [scheduling, setScheduling] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const [acting, setActing] = useState<{ interview: InterviewDetail; action: keyof typeof ACTION_LABELS } | null>(null);
  const items = data ? orderInterviews(data.items, new Date()) : [];
  return (
    <Card variant="outlined" component="section" aria-labelledby="interviews-heading" data-testid="interviews-panel" sx={{ gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id="interviews-heading" level="title-lg" component="h2" sx={{ flex: 1 }}>
          Interviews
        </Typography>
        {canEdit && (
          <Button size="sm" startDecorator={<CalendarPlus size={16} />} onClick={() => setScheduling(true)}>
            Schedule interview
          </Button>
        )}
      </Box>
      {isPending ? (
        <Box aria-busy="true" aria-label="Loading interviews" sx={{ display: 'grid', gap: 1 }}>
          <Skeleton variant="rectangular" height={48} />
          <Skeleton variant="rectangular" height={48} />
        </Box>
      ) : isError ? (
        <Typography level="body-sm" color="danger">
          {serverMessage(error) ?? 'Could not load interviews.'}
        </Typography>
      ) : items.length === 0 ? (
        <EmptyState
          icon={<CalendarClock size={24} />}
          headingLevel="h3"
          title="No interviews yet"
          description={canEdit ? 'Schedule one to see it here.' : undefined}
        />
      ) : (
        <List aria-label="Interviews" sx={{ '--ListItem-paddingX': '0px', '--List-gap': '4px' }}>
          {items.map((interview) => {
            const actions = canEdit ? interviewActions(interview.status) : [];
            const subject = candidate ? (interview.job?.title ?? 'No job') : candidateName(interview);
            return (
              <ListItem
                key={interview.id}
                data-testid="interview-row"
                endAction={
                  actions.length > 0 && (
                    <Dropdown>
                      <MenuButton
                        slots={{ root: IconButton }}
                        slotProps={{
                          root: {
                            size: 'sm',
                            variant: 'plain',
                            color: 'neutral',
                            'aria-label': `Actions for the interview on ${interviewWhen(interview.scheduledAt, interview.duration)}`,
                          },
                        }}
                      >
                        <Ellipsis size={16} />
                      </MenuButton>
                      <Menu placement="bottom-end" size="sm">
                        {actions.map((action) => (
                          <MenuItem
                            key={action}
                            color={action === 'cancel' ? 'danger' : 'neutral'}
                            onClick={() => setActing({ interview, action })}
                          >
                            {ACTION_LABELS[action]}
                          </MenuItem>
                        ))}
                      </Menu>
                    </Dropdown>
                  )
                }
              >
                <ListItemButton onClick={() => setOpenId(interview.id)} sx={{ borderRadius: 'sm', gap: 1.5, pr: 5 }}>
                  <ListItemContent sx={{ minWidth: 0 }}>
                    <Typography level="title-sm">{interviewWhen(interview.scheduledAt, interview.duration)}</Typography>
                    <Typography level="body-xs" textColor="text.tertiary" noWrap>
                      {[INTERVIEW_TYPE_LABELS[interview.type], subject, interview.interviewerName].filter(Boolean).join(' · ')}
                    </Typography>
                  </ListItemContent>
                  <Chip size="sm" variant="soft" color={INTERVIEW_STATUS_COLORS[interview.status]}>
                    {INTERVIEW_STATUS_LABELS[interview.status]}
                  </Chip>
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      )}
      <LazyScheduleInterviewDialog open={scheduling} onClose={() => setScheduling(false)} candidate={candidate} job={job} />
      <LazyInterviewDetailDialog interviewId={openId} onClose={() => setOpenId(null)} canEdit={canEdit} />
      {acting && <LazyInterviewActionDialogs interview={acting.interview} action={acting.action} onClose={() => setActing(null)} />}
    </Card>
  );
}
