import { useState, type ReactNode } from 'react';
import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Chip from '@mui/joy/Chip';
import CircularProgress from '@mui/joy/CircularProgress';
import DialogContent from '@mui/joy/DialogContent';
import DialogTitle from '@mui/joy/DialogTitle';
import Divider from '@mui/joy/Divider';
import Modal from '@mui/joy/Modal';
import ModalClose from '@mui/joy/ModalClose';
import ModalDialog from '@mui/joy/ModalDialog';
import Typography from '@mui/joy/Typography';
import { CalendarClock, CalendarX2, CheckCircle2, Pencil, RotateCcw } from 'lucide-react';
import type { InterviewDetail } from '@ats/contracts';
import { RouterLink } from '@/components/router-links';
import { toast } from '@/components/toast';
import { WebLink } from '@/components/web-link';
import { serverMessage } from '@/lib/api-client';
import { interviewWhen, userTimeZone, zoneLabel } from '@/lib/interview-time';
import { useInterview, useReinstateInterview } from './api';
import { IcsDownloadButton } from './ics-download-button';
import { SendInvitationButton } from './send-invitation-button';
import { interviewActions, type InterviewAction as Action } from './interview-actions';
import {
  CancelInterviewDialog,
  CompleteInterviewDialog,
  EditInterviewDialog,
  RatingStars,
  RescheduleInterviewDialog,
} from './change-dialogs';
import { INTERVIEW_OUTCOME_LABELS, INTERVIEW_STATUS_COLORS, INTERVIEW_STATUS_LABELS, INTERVIEW_TYPE_LABELS, candidateName } from './labels';

/** Opens one interview's action dialogs (reschedule, cancel, complete, edit) from anywhere. */
export function InterviewActionDialogs({
  interview,
  action,
  onClose,
}: {
  interview: InterviewDetail;
  action: Action | null;
  onClose: () => void;
}) {
  if (action === 'reschedule') return <RescheduleInterviewDialog interview={interview} onClose={onClose} />;
  if (action === 'cancel') return <CancelInterviewDialog interview={interview} onClose={onClose} />;
  if (action === 'complete') return <CompleteInterviewDialog interview={interview} onClose={onClose} />;
  if (action === 'edit') return <EditInterviewDialog interview={interview} onClose={onClose} />;
  return null;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography level="body-sm" textColor="text.tertiary" component="dt">
        {label}
      </Typography>
      <Typography level="body-sm" component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

/** One interview: when (in the user's zone), who, where, its state, and the actions it allows. */
export function InterviewDetailDialog({
  interviewId,
  onClose,
  canEdit,
}: {
  interviewId: number | null;
  onClose: () => void;
  canEdit: boolean;
}) {
  const { data: interview, isPending, isError, error } = useInterview(interviewId);
  const [action, setAction] = useState<Action | null>(null);
  const reinstate = useReinstateInterview();
  const timeZone = userTimeZone();
  const open = interviewId !== null;

  return (
    <>
      <Modal open={open && action === null} onClose={onClose}>
        <ModalDialog
          aria-labelledby="interview-detail-title"
          data-testid="interview-detail"
          sx={{ width: 'min(560px, calc(100vw - 24px))', overflowY: 'auto' }}
        >
          <ModalClose aria-label="Close" />
          <DialogTitle id="interview-detail-title" component="h2">
            {interview ? `Interview with ${candidateName(interview)}` : 'Interview'}
          </DialogTitle>
          <Divider />
          <DialogContent>
            {isPending ? (
              <Box role="status" sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
                <CircularProgress size="sm" />
                <Typography level="body-sm">Loading interview...</Typography>
              </Box>
            ) : isError ? (
              <Alert color="danger">{serverMessage(error) ?? 'Could not load the interview.'}</Alert>
            ) : (
              <Box sx={{ display: 'grid', gap: 2 }}>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Chip color={INTERVIEW_STATUS_COLORS[interview.status]} variant="soft" data-testid="interview-status">
                    {INTERVIEW_STATUS_LABELS[interview.status]}
                  </Chip>
                  <Chip variant="outlined">{INTERVIEW_TYPE_LABELS[interview.type]}</Chip>
                </Box>
                <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1, m: 0 }}>
                  <Row label="When">
                    <span data-testid="interview-when">{interviewWhen(interview.scheduledAt, interview.duration)}</span>
                    <br />
                    <Typography level="body-xs" textColor="text.tertiary" component="span">
                      {zoneLabel(timeZone, new Date(interview.scheduledAt))}
                      {interview.timeZone && interview.timeZone !== timeZone ? ` (scheduled from ${interview.timeZone})` : ''}
                    </Typography>
                  </Row>
                  <Row label="Candidate">
                    <RouterLink to="/candidates/$id" params={{ id: String(interview.candidate.id) }} onClick={onClose}>
                      {candidateName(interview)}
                    </RouterLink>
                  </Row>
                  {interview.job && (
                    <Row label="Job">
                      <RouterLink to="/jobs/$id" params={{ id: String(interview.job.id) }} onClick={onClose}>
                        {interview.job.title}
                      </RouterLink>
                      {interview.client ? ` · ${interview.client.companyName}` : ''}
                    </Row>
                  )}
                  <Row label="Interviewers">{interview.interviewers.map((i) => i.name).join(', ') || 'Not set'}</Row>
                  {interview.location && <Row label="Location">{interview.location}</Row>}
                  {interview.videoLink && (
                    <Row label="Video link">
                      <WebLink value={interview.videoLink} />
                    </Row>
                  )}
                  {interview.notes && <Row label="Notes">{interview.notes}</Row>}
                  {interview.status === 'cancelled' && interview.cancelReason && <Row label="Cancelled">{interview.cancelReason}</Row>}
                  {interview.rating !== null && (
                    <Row label="Rating">
                      <RatingStars rating={interview.rating} />
                      {interview.outcome ? ` · ${INTERVIEW_OUTCOME_LABELS[interview.outcome]}` : ''}
                    </Row>
                  )}
                  {interview.feedback && <Row label="Feedback">{interview.feedback}</Row>}
                </Box>
                {/* what the candidate was sent (or that nothing was yet), and the one send that is due:
                    an invitation, an update after a change, or a cancellation — never a second copy */}
                {interview.status !== 'completed' && <SendInvitationButton interviewId={interview.id} canEdit={canEdit} />}
                {canEdit && (
                  <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                    {interviewActions(interview.status).includes('reschedule') && (
                      <Button
                        size="sm"
                        variant="outlined"
                        startDecorator={<CalendarClock size={16} />}
                        onClick={() => setAction('reschedule')}
                      >
                        Reschedule
                      </Button>
                    )}
                    {interviewActions(interview.status).includes('complete') && (
                      <Button
                        size="sm"
                        variant="outlined"
                        color="success"
                        startDecorator={<CheckCircle2 size={16} />}
                        onClick={() => setAction('complete')}
                      >
                        Complete
                      </Button>
                    )}
                    {interviewActions(interview.status).includes('edit') && (
                      <Button
                        size="sm"
                        variant="outlined"
                        color="neutral"
                        startDecorator={<Pencil size={16} />}
                        onClick={() => setAction('edit')}
                      >
                        Edit details
                      </Button>
                    )}
                    {interviewActions(interview.status).includes('cancel') && (
                      <Button
                        size="sm"
                        variant="outlined"
                        color="danger"
                        startDecorator={<CalendarX2 size={16} />}
                        onClick={() => setAction('cancel')}
                      >
                        Cancel interview
                      </Button>
                    )}
                    {interview.status === 'cancelled' && (
                      <Button
                        size="sm"
                        variant="outlined"
                        startDecorator={<RotateCcw size={16} />}
                        loading={reinstate.isPending}
                        onClick={() =>
                          reinstate.mutate(interview.id, {
                            onSuccess: () =>
                              toast({
                                title: 'Interview restored',
                                description: `The interview with ${candidateName(interview)} is back on the schedule.`,
                              }),
                            onError: (e) =>
                              toast({
                                variant: 'destructive',
                                title: 'Error',
                                description: serverMessage(e) ?? 'Could not restore the interview.',
                              }),
                          })
                        }
                      >
                        Put back on schedule
                      </Button>
                    )}
                  </Box>
                )}
                {/* every reader may put it in their own calendar */}
                <Box>
                  <IcsDownloadButton interviewId={interview.id} />
                </Box>
              </Box>
            )}
          </DialogContent>
        </ModalDialog>
      </Modal>
      {interview && <InterviewActionDialogs interview={interview} action={action} onClose={() => setAction(null)} />}
    </>
  );
}
