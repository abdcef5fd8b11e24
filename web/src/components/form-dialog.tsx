import { useEffect, useRef, type FormEvent, type FormEventHandler, type ReactNode } from 'react';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import DialogActions from '@mui/joy/DialogActions';
import DialogContent from '@mui/joy/DialogContent';
import DialogTitle from '@mui/joy/DialogTitle';
import Divider from '@mui/joy/Divider';
import Modal from '@mui/joy/Modal';
import ModalClose from '@mui/joy/ModalClose';
import ModalDialog from '@mui/joy/ModalDialog';

/** how long after a submit handler settles a mutation it started has surely reported itself pending */
const SETTLE_MS = 50;

/** A modal with a form: title, scrolling fields, submit and cancel; closing is blocked while saving. */
export function FormDialog({
  open,
  onClose,
  title,
  id,
  onSubmit,
  pending,
  submitLabel,
  pendingLabel,
  width = 640,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  id: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  width?: number;
  children: ReactNode;
}) {
  const close = () => {
    if (!pending) onClose();
  };
  // One submission at a time. `pending` reaches this component only after the query library's
  // timer: a double-click on the submit button sent the form twice before it did (two clients
  // from one "Add Client": sweep four). The guard holds from the click until the submit handler
  // has settled and, when it started a mutation, until that mutation is no longer pending.
  const busy = useRef(false);
  const pendingNow = useRef(pending);
  pendingNow.current = pending;
  useEffect(() => {
    if (!pending) busy.current = false;
  }, [pending]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (busy.current || pendingNow.current) {
      event.preventDefault();
      return;
    }
    busy.current = true;
    void Promise.resolve(onSubmit(event) as unknown)
      .catch(() => undefined)
      .finally(() => {
        setTimeout(() => {
          if (!pendingNow.current) busy.current = false;
        }, SETTLE_MS);
      });
  };
  return (
    <Modal open={open} onClose={close}>
      <ModalDialog
        aria-labelledby={`${id}-title`}
        layout="center"
        sx={{ width: `min(${width}px, calc(100vw - 24px))`, maxHeight: 'calc(100dvh - 24px)', p: 0, gap: 0, overflow: 'hidden' }}
      >
        <ModalClose disabled={pending} aria-label="Close" />
        <DialogTitle id={`${id}-title`} sx={{ px: 3, pt: 2.5, pb: 1.5 }}>
          {title}
        </DialogTitle>
        <Divider />
        <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
          <DialogContent sx={{ px: 3, py: 2.5, overflowY: 'auto' }}>{children}</DialogContent>
          <Divider />
          <DialogActions sx={{ px: 3, py: 2 }}>
            <Button type="submit" loading={pending} loadingPosition="start">
              {pending ? pendingLabel : submitLabel}
            </Button>
            <Button variant="plain" color="neutral" onClick={close} disabled={pending}>
              Cancel
            </Button>
          </DialogActions>
        </Box>
      </ModalDialog>
    </Modal>
  );
}
