import { useId, type ReactNode } from 'react';
import Button from '@mui/joy/Button';
import Chip from '@mui/joy/Chip';
import DialogActions from '@mui/joy/DialogActions';
import DialogContent from '@mui/joy/DialogContent';
import DialogTitle from '@mui/joy/DialogTitle';
import Divider from '@mui/joy/Divider';
import Modal from '@mui/joy/Modal';
import ModalClose from '@mui/joy/ModalClose';
import ModalDialog from '@mui/joy/ModalDialog';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { format } from 'date-fns';
import { MoveRight } from 'lucide-react';
import type { CalendarItem, InterviewDetail } from '@ats/contracts';
import Skeleton from '@mui/joy/Skeleton';
import { IcsDownloadButton } from '@/components/interviews/ics-download-button';
import { SendInvitationButton } from '@/components/interviews/send-invitation-button';
import { RouterLink } from '@/components/router-links';
import { WebLink } from '@/components/web-link';
import { STATUS_COLOR, interviewTitle, timeRange } from '../utils/interview-display';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1.5}>
      <Typography level="body-sm" sx={{ width: 96, flexShrink: 0, color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography level="body-sm" component="div" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Stack>
  );
}

/** An interview opened from the calendar: its details, Move…, the .ics, the candidate's invitation, and the interview's own actions. */
export function EventDetailsDialog({
  item,
  interview,
  loadError,
  canEdit,
  timeZone,
  onMove,
  onClose,
  actions,
}: {
  /** the interview as the calendar drew it */
  item: CalendarItem | null;
  /** the whole interview, once read */
  interview: InterviewDetail | undefined;
  loadError: boolean;
  canEdit: boolean;
  timeZone: string;
  onMove: (interview: CalendarItem) => void;
  onClose: () => void;
  /** the interview's commands (reschedule, cancel, complete) composed in by the screen */
  actions?: ReactNode;
}) {
  const id = useId();
  if (!item) return null;
  const movable = canEdit && item.status === 'scheduled';
  return (
    <Modal open onClose={onClose}>
      <ModalDialog
        aria-labelledby={`${id}-title`}
        data-testid="event-details"
        sx={{ width: 'min(560px, calc(100vw - 24px))', overflow: 'auto' }}
      >
        <ModalClose aria-label="Close" />
        <DialogTitle id={`${id}-title`} component="h2" sx={{ pr: 4 }}>
          {interviewTitle(item)}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={1}>
            <Row label="When">
              {format(new Date(item.scheduledAt), 'EEEE, MMMM d, yyyy')} · {timeRange(item)} ({timeZone})
            </Row>
            <Row label="Status">
              <Chip size="sm" variant="soft" color={STATUS_COLOR[item.status]}>
                {item.status}
              </Chip>
              {interview?.cancelReason ? ` — ${interview.cancelReason}` : ''}
            </Row>
            <Row label="Candidate">
              <RouterLink to="/candidates/$id" params={{ id: String(item.candidate.id) }} level="body-sm">
                {item.candidate.firstName} {item.candidate.lastName}
              </RouterLink>
            </Row>
            {!interview && !loadError && <Skeleton variant="text" level="body-sm" />}
            {loadError && <Typography color="danger">The interview's details could not be loaded.</Typography>}
            {interview && interview.interviewers.length > 0 && (
              <Row label="Interviewers">{interview.interviewers.map((i) => i.name).join(', ')}</Row>
            )}
            {interview?.location && <Row label="Location">{interview.location}</Row>}
            {interview?.videoLink && (
              <Row label="Video">
                <WebLink value={interview.videoLink} />
              </Row>
            )}
            {interview?.notes && <Row label="Notes">{interview.notes}</Row>}
            {interview?.feedback && <Row label="Feedback">{interview.feedback}</Row>}
          </Stack>
          <Divider sx={{ my: 1.5 }} />
          <SendInvitationButton interviewId={item.id} canEdit={canEdit} />
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', justifyContent: 'flex-start', gap: 1 }}>
          {movable && (
            <Button size="sm" startDecorator={<MoveRight size={16} aria-hidden />} onClick={() => onMove(item)}>
              Move…
            </Button>
          )}
          {actions}
          <IcsDownloadButton interviewId={item.id} />
        </DialogActions>
      </ModalDialog>
    </Modal>
  );
}
