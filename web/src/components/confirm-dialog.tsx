import type { ReactNode } from 'react';
import Button from '@mui/joy/Button';
import DialogActions from '@mui/joy/DialogActions';
import DialogContent from '@mui/joy/DialogContent';
import DialogTitle from '@mui/joy/DialogTitle';
import Divider from '@mui/joy/Divider';
import Modal from '@mui/joy/Modal';
import ModalDialog from '@mui/joy/ModalDialog';
import { TriangleAlert } from 'lucide-react';

/** A destructive action asked about first: an alert dialog with the question, confirm and cancel. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  pending = false,
  id = 'confirm-dialog',
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  pending?: boolean;
  id?: string;
}) {
  const close = () => {
    if (!pending) onClose();
  };
  return (
    <Modal open={open} onClose={close}>
      <ModalDialog
        variant="outlined"
        role="alertdialog"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        data-testid={id}
        sx={{ width: 'min(440px, calc(100vw - 24px))' }}
      >
        <DialogTitle id={`${id}-title`}>
          <TriangleAlert size={20} aria-hidden />
          {title}
        </DialogTitle>
        <Divider />
        <DialogContent id={`${id}-text`}>{children}</DialogContent>
        <DialogActions>
          <Button variant="solid" color="danger" loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
          <Button variant="plain" color="neutral" onClick={close} disabled={pending}>
            Cancel
          </Button>
        </DialogActions>
      </ModalDialog>
    </Modal>
  );
}
