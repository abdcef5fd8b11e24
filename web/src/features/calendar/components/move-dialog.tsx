import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import Button from '@mui/joy/Button';
import DialogActions from '@mui/joy/DialogActions';
import DialogContent from '@mui/joy/DialogContent';
import DialogTitle from '@mui/joy/DialogTitle';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Modal from '@mui/joy/Modal';
import ModalClose from '@mui/joy/ModalClose';
import ModalDialog from '@mui/joy/ModalDialog';
import Stack from '@mui/joy/Stack';
import { format, isValid, parse } from 'date-fns';
import type { CalendarItem } from '@ats/contracts';
import { stepMove } from '../utils/resolve-slot-drop';
import { interviewTitle } from '../utils/interview-display';

const ARROWS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']);

/**
 * "Move…": the keyboard's way to reschedule. Arrow keys on the preview step a day (left/right) or
 * 15 minutes (up/down); the date and time fields take any value; Move sends the same command a drag does.
 */
export function MoveDialog({
  interview,
  timeZone,
  onMove,
  onClose,
}: {
  interview: CalendarItem | null;
  timeZone: string;
  onMove: (interview: CalendarItem, to: Date) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [at, setAt] = useState<Date | null>(null);
  useEffect(() => {
    setAt(interview ? new Date(interview.scheduledAt) : null);
  }, [interview]);
  if (!interview || !at) return null;
  const setPart = (date: string, time: string) => {
    const next = parse(`${date} ${time}`, 'yyyy-MM-dd HH:mm', at);
    if (isValid(next)) setAt(next);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (!ARROWS.has(e.key)) return;
    e.preventDefault();
    setAt((a) => (a ? stepMove(a, e.key as 'ArrowLeft') : a));
  };
  const unchanged = at.getTime() === new Date(interview.scheduledAt).getTime();
  return (
    <Modal open onClose={onClose}>
      <ModalDialog aria-labelledby={`${id}-title`} data-testid="move-dialog" sx={{ width: 'min(440px, calc(100vw - 24px))' }}>
        <ModalClose aria-label="Close" />
        <DialogTitle id={`${id}-title`} component="h2">
          Move interview
        </DialogTitle>
        <DialogContent>
          <Stack spacing={1.5}>
            <div>{interviewTitle(interview)}</div>
            <Button
              variant="soft"
              color="primary"
              onKeyDown={onKeyDown}
              autoFocus
              aria-describedby={`${id}-keys`}
              aria-live="polite"
              data-testid="move-preview"
            >
              {format(at, 'EEEE, MMMM d, p')}
            </Button>
            <FormHelperText id={`${id}-keys`}>Arrow keys: ← → one day, ↑ ↓ 15 minutes. Times are in {timeZone}.</FormHelperText>
            <Stack direction="row" spacing={1}>
              <FormControl sx={{ flex: 1 }}>
                <FormLabel>Date</FormLabel>
                <Input type="date" value={format(at, 'yyyy-MM-dd')} onChange={(e) => setPart(e.target.value, format(at, 'HH:mm'))} />
              </FormControl>
              <FormControl sx={{ flex: 1 }}>
                <FormLabel>Time</FormLabel>
                <Input
                  type="time"
                  value={format(at, 'HH:mm')}
                  slotProps={{ input: { step: 900 } }}
                  onChange={(e) => setPart(format(at, 'yyyy-MM-dd'), e.target.value)}
                />
              </FormControl>
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button disabled={unchanged} onClick={() => onMove(interview, at)}>
            Move
          </Button>
          <Button variant="plain" color="neutral" onClick={onClose}>
            Cancel
          </Button>
        </DialogActions>
      </ModalDialog>
    </Modal>
  );
}
