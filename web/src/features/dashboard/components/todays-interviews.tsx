import { useState } from 'react';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import List from '@mui/joy/List';
import ListItem from '@mui/joy/ListItem';
import ListItemButton from '@mui/joy/ListItemButton';
import ListItemContent from '@mui/joy/ListItemContent';
import Skeleton from '@mui/joy/Skeleton';
import ToggleButtonGroup from '@mui/joy/ToggleButtonGroup';
import Typography from '@mui/joy/Typography';
import { CalendarClock } from 'lucide-react';
import { LazyInterviewDetailDialog } from '@/components/lazy-dialogs';
import { formatClockTime } from '@/lib/format';
import { type InterviewScope, useTodaysInterviews } from '../api/get-todays-interviews';
import { EmptyLine, WidgetCard } from './widget-card';

const SKELETON_ROWS = 2;

/**
 * SPEC §2.3 Today's Interviews, times as "9:30 am"; one opens its detail (with its actions for a
 * writer). "Mine" (the default, for every role) lists the signed-in user's: she interviews on it or
 * scheduled it; "Team" lists everyone's (README "Dashboard semantics").
 */
export function TodaysInterviews({ canEdit = false }: { canEdit?: boolean }) {
  const [scope, setScope] = useState<InterviewScope>('mine');
  const { data, isPending, isError } = useTodaysInterviews(scope);
  const [openId, setOpenId] = useState<number | null>(null);
  const action = (
    <ToggleButtonGroup
      size="sm"
      value={scope}
      onChange={(_, value) => {
        if (value) setScope(value as InterviewScope);
      }}
      aria-label="Whose interviews"
    >
      <Button value="mine">Mine</Button>
      <Button value="team">Team</Button>
    </ToggleButtonGroup>
  );
  return (
    <WidgetCard id="todays-interviews" title="Today's Interviews" icon={<CalendarClock size={18} aria-hidden />} action={action}>
      {isPending ? (
        <List aria-label="Loading interviews" aria-busy="true" sx={{ '--List-gap': '8px' }}>
          {Array.from({ length: SKELETON_ROWS }, (_, i) => (
            <ListItem key={i} data-testid="interview-skeleton">
              <Skeleton variant="rectangular" width={64} height={40} sx={{ borderRadius: 'sm' }} />
              <ListItemContent>
                <Skeleton variant="text" level="body-sm" width="70%" />
                <Skeleton variant="text" level="body-xs" width="50%" />
              </ListItemContent>
            </ListItem>
          ))}
        </List>
      ) : isError ? (
        <Typography level="body-sm" color="danger">
          Could not load interviews.
        </Typography>
      ) : data.length === 0 ? (
        <EmptyLine>No interviews scheduled for today</EmptyLine>
      ) : (
        <List aria-label="Today's interviews" sx={{ '--List-gap': '8px', '--ListItem-paddingX': '0px' }}>
          {data.map((interview) => (
            <ListItem key={interview.id} data-testid="interview-item">
              <ListItemButton onClick={() => setOpenId(interview.id)} sx={{ gap: 1.5, alignItems: 'center', borderRadius: 'sm' }}>
                <Box
                  sx={{
                    minWidth: 72,
                    px: 1,
                    py: 0.75,
                    borderRadius: 'sm',
                    bgcolor: 'primary.softBg',
                    color: 'primary.softColor',
                    textAlign: 'center',
                  }}
                >
                  <Typography level="title-sm" textColor="inherit" component="time" dateTime={interview.scheduledAt}>
                    {formatClockTime(interview.scheduledAt)}
                  </Typography>
                </Box>
                <ListItemContent sx={{ minWidth: 0 }}>
                  <Typography level="title-sm" noWrap>
                    {interview.candidate.firstName} {interview.candidate.lastName}
                  </Typography>
                  <Typography level="body-xs" textColor="text.tertiary" noWrap>
                    {[interview.job?.title, interview.client?.companyName].filter(Boolean).join(' · ') || 'Interview'}
                  </Typography>
                </ListItemContent>
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
      <LazyInterviewDetailDialog interviewId={openId} onClose={() => setOpenId(null)} canEdit={canEdit} />
    </WidgetCard>
  );
}
