import { useId, useState } from 'react';
import Alert from '@mui/joy/Alert';
import Button from '@mui/joy/Button';
import DialogContent from '@mui/joy/DialogContent';
import DialogTitle from '@mui/joy/DialogTitle';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Link from '@mui/joy/Link';
import Modal from '@mui/joy/Modal';
import ModalClose from '@mui/joy/ModalClose';
import ModalDialog from '@mui/joy/ModalDialog';
import Skeleton from '@mui/joy/Skeleton';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { Copy, RotateCcw } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { toast } from '@/components/toast';
import { serverMessage } from '@/lib/api-client';
import { useCalendarFeed, useRotateCalendarFeed } from '../api/calendar-feed';

/**
 * "Subscribe": the user's personal feed URL (https and webcal) with Copy, steps for Google
 * Calendar, Outlook and Apple Calendar, and "Reset link" (the old URL stops working at once).
 */
export function SubscribeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const id = useId();
  const feed = useCalendarFeed(open);
  const rotate = useRotateCalendarFeed();
  const [confirming, setConfirming] = useState(false);
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: 'Link copied', description: 'Paste it into your calendar app.' });
    } catch {
      toast({ variant: 'destructive', title: 'Copy failed', description: 'Select the link and copy it yourself.' });
    }
  };
  return (
    <>
      <Modal open={open} onClose={onClose}>
        <ModalDialog
          aria-labelledby={`${id}-title`}
          data-testid="subscribe-dialog"
          sx={{ width: 'min(620px, calc(100vw - 24px))', overflow: 'auto' }}
        >
          <ModalClose aria-label="Close" />
          <DialogTitle id={`${id}-title`} component="h2">
            Subscribe to your interviews
          </DialogTitle>
          <DialogContent>
            <Stack spacing={2}>
              <Typography level="body-sm">
                Your calendar app shows every interview you schedule or interview on (60 days back to a year ahead) and keeps it up to date.
                Anyone with this link can see those interviews: keep it private, and reset it if it leaks.
              </Typography>
              {feed.isPending ? (
                <Skeleton variant="rectangular" height={40} />
              ) : feed.isError ? (
                <Alert color="danger">{serverMessage(feed.error) ?? 'The feed link could not be loaded.'}</Alert>
              ) : (
                <>
                  <FormControl>
                    <FormLabel>Feed URL</FormLabel>
                    <Stack direction="row" spacing={1}>
                      <Input
                        readOnly
                        value={feed.data.url}
                        sx={{ flex: 1, minWidth: 0 }}
                        slotProps={{ input: { 'data-testid': 'feed-url', onFocus: (e) => e.currentTarget.select() } }}
                      />
                      <Button startDecorator={<Copy size={16} aria-hidden />} onClick={() => void copy(feed.data.url)}>
                        Copy
                      </Button>
                    </Stack>
                  </FormControl>
                  <Typography level="body-sm">
                    Or open it directly in your calendar app:{' '}
                    <Link href={feed.data.webcalUrl} data-testid="webcal-link">
                      webcal link
                    </Link>
                  </Typography>
                </>
              )}
              <Stack component="ol" spacing={1} sx={{ pl: 2.5, m: 0 }}>
                <Typography component="li" level="body-sm">
                  <b>Google Calendar</b>: Other calendars → “+” → From URL → paste the link → Add calendar.
                </Typography>
                <Typography component="li" level="body-sm">
                  <b>Outlook</b>: Add calendar → Subscribe from web → paste the link → Import.
                </Typography>
                <Typography component="li" level="body-sm">
                  <b>Apple Calendar</b>: File → New Calendar Subscription → paste the link (or open the webcal link) → Subscribe.
                </Typography>
              </Stack>
              <Typography level="body-xs">Calendar apps refresh subscriptions on their own schedule (Google: every few hours).</Typography>
              <div>
                <Button
                  variant="outlined"
                  color="danger"
                  startDecorator={<RotateCcw size={16} aria-hidden />}
                  disabled={!feed.data}
                  onClick={() => setConfirming(true)}
                >
                  Reset link
                </Button>
              </div>
            </Stack>
          </DialogContent>
        </ModalDialog>
      </Modal>
      <ConfirmDialog
        open={confirming}
        id="reset-feed-confirm"
        title="Reset your calendar link?"
        description="The current link stops working at once: calendars subscribed with it stop updating until you subscribe again with the new link."
        confirmLabel="Reset link"
        pending={rotate.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          rotate.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast({ title: 'Link reset', description: 'The old link no longer works. Subscribe again with the new one.' });
            },
            onError: (error) =>
              toast({ variant: 'destructive', title: 'Reset failed', description: serverMessage(error) ?? 'Please try again.' }),
          })
        }
      />
    </>
  );
}
