import Button from '@mui/joy/Button';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { Send } from 'lucide-react';
import { toast } from '@/components/toast';
import { useInterviewInvitation, useSendInterviewInvitation } from '@/hooks/use-interview-invitation';
import { serverMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';

/**
 * The candidate's calendar invitation for one interview: what was sent, and the button that sends
 * the interview's current state (first invitation, update after a reschedule, or cancellation).
 */
export function SendInvitationButton({ interviewId, canEdit }: { interviewId: number; canEdit: boolean }) {
  const { data: status } = useInterviewInvitation(interviewId);
  const send = useSendInterviewInvitation();
  if (!status) return null;
  const cancelling = status.next.method === 'CANCEL';
  const label = cancelling ? 'Send cancellation' : status.last ? 'Send update' : 'Send invitation';
  const showButton = canEdit && (!status.last || status.updateDue) && !(cancelling && !status.last);
  const sentLine = status.last
    ? `${status.last.method === 'CANCEL' ? 'Cancellation' : 'Invitation'} ${status.last.delivered ? 'sent' : 'kept in the outbox'} to ${status.last.recipientAddress} on ${formatDateTime(status.last.sentAt)}${status.updateDue ? ' — the interview changed since' : ''}.`
    : status.candidateEmail
      ? `No invitation sent yet to ${status.candidateEmail}.`
      : 'The candidate has no e-mail address.';
  return (
    <Stack spacing={0.5} data-testid="invitation-status">
      <Typography level="body-sm" color={status.updateDue ? 'warning' : 'neutral'}>
        {sentLine}
      </Typography>
      {showButton && status.candidateEmail ? (
        <Button
          size="sm"
          sx={{ alignSelf: 'flex-start' }}
          variant={status.updateDue ? 'solid' : 'soft'}
          color={status.updateDue ? 'warning' : 'primary'}
          startDecorator={<Send size={16} aria-hidden />}
          loading={send.isPending}
          onClick={() =>
            send.mutate(
              { interviewId },
              {
                onSuccess: (result) =>
                  toast({
                    title: result.method === 'CANCEL' ? 'Cancellation sent' : 'Invitation sent',
                    description: result.note,
                  }),
                onError: (error) =>
                  toast({ variant: 'destructive', title: 'Invitation not sent', description: serverMessage(error) ?? 'Please try again.' }),
              },
            )
          }
        >
          {label}
        </Button>
      ) : null}
    </Stack>
  );
}
