import { useState, type FormEvent } from 'react';
import { format } from 'date-fns';
import Alert from '@mui/joy/Alert';
import Button from '@mui/joy/Button';
import DialogActions from '@mui/joy/DialogActions';
import DialogContent from '@mui/joy/DialogContent';
import DialogTitle from '@mui/joy/DialogTitle';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Modal from '@mui/joy/Modal';
import ModalDialog from '@mui/joy/ModalDialog';
import { CalendarClock, History } from 'lucide-react';

/** "12 Nov 2026, 14:05" for the banner. */
export function formatAsOf(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format(date, 'd MMM yyyy, HH:mm');
}

/** A `datetime-local` value ("2026-11-12T14:05") for an ISO time, in the browser's zone. */
const toLocalInput = (iso: string) => format(new Date(iso), "yyyy-MM-dd'T'HH:mm");

/** The unmistakable sign that a screen shows the past: read-only, with the way back. */
export function AsOfBanner({ asOf, what, onBackToNow }: { asOf: string; what: string; onBackToNow: () => void }) {
  return (
    <Alert
      color="warning"
      variant="solid"
      role="status"
      startDecorator={<History size={18} />}
      endDecorator={
        <Button size="sm" variant="outlined" color="neutral" onClick={onBackToNow} sx={{ bgcolor: 'background.surface' }}>
          Back to now
        </Button>
      }
      sx={{ mb: 2, flexWrap: 'wrap' }}
      data-testid="as-of-banner"
    >
      You are viewing {what} as it was on {formatAsOf(asOf)} — read-only
    </Alert>
  );
}

/** "View as of…": picks a past moment (date and time); the screen then reads as of it. */
export function AsOfControl({ value, onChange }: { value: string | undefined; onChange: (iso: string) => void }) {
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const show = () => {
    setInput(toLocalInput(value ?? new Date().toISOString()));
    setError(null);
    setOpen(true);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const date = new Date(input);
    if (!input || Number.isNaN(date.getTime())) return setError('Enter a date and time');
    if (date.getTime() > Date.now()) return setError('Choose a moment in the past');
    setOpen(false);
    onChange(date.toISOString());
  };
  return (
    <>
      <Button size="sm" variant="outlined" color="neutral" startDecorator={<CalendarClock size={16} />} onClick={show}>
        View as of…
      </Button>
      <Modal open={open} onClose={() => setOpen(false)}>
        <ModalDialog aria-labelledby="as-of-title" component="form" onSubmit={submit} sx={{ minWidth: { sm: 380 } }}>
          <DialogTitle id="as-of-title">View as of…</DialogTitle>
          <DialogContent>Shows the record as it was at that moment, folded from its events. Nothing can be changed there.</DialogContent>
          <FormControl error={Boolean(error)}>
            <FormLabel>Date and time</FormLabel>
            <Input type="datetime-local" value={input} onChange={(e) => setInput(e.target.value)} autoFocus />
            {error && <FormHelperText>{error}</FormHelperText>}
          </FormControl>
          <DialogActions>
            <Button type="submit">View</Button>
            <Button variant="plain" color="neutral" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </DialogActions>
        </ModalDialog>
      </Modal>
    </>
  );
}
