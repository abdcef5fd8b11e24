import { useId, type ReactNode } from 'react';
import Button from '@mui/joy/Button';
import DialogActions from '@mui/joy/DialogActions';
import DialogContent from '@mui/joy/DialogContent';
import DialogTitle from '@mui/joy/DialogTitle';
import Divider from '@mui/joy/Divider';
import Modal from '@mui/joy/Modal';
import ModalDialog from '@mui/joy/ModalDialog';
import { TriangleAlert } from 'lucide-react';

/**
 * Asks before a destructive action (an `alertdialog`): the title names what goes with it
 * ("Delete Acme Corp and its 3 contacts?"), focus starts on the safe button (Cancel), Escape and
 * a click outside cancel. Closing is blocked while the action runs.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  children,
  id: testId = 'confirm-dialog',
  confirmLabel = 'Delete',
  pending = false,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  description?: ReactNode;
  /** the same as `description`, written as the dialog's content */
  children?: ReactNode;
  /** the dialog's test id (several confirm dialogs can live on one screen) */
  id?: string;
  confirmLabel?: string;
  pending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const id = useId();
  const text = description ?? children;
  const close = () => {
    if (!pending) onClose();
  };
  return (
    <Modal open={open} onClose={close}>
      <ModalDialog
        role="alertdialog"
        aria-labelledby={`${id}-title`}
        aria-describedby={text ? `${id}-description` : undefined}
        variant="outlined"
        layout="center"
        data-testid={testId}
        sx={{ width: 'min(460px, calc(100vw - 24px))' }}
      >
        <DialogTitle id={`${id}-title`} component="h2" sx={{ alignItems: 'flex-start' }}>
          <TriangleAlert size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          {title}
        </DialogTitle>
        <Divider />
        {text && <DialogContent id={`${id}-description`}>{text}</DialogContent>}
        <DialogActions>
          <Button color="danger" variant="solid" loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
          {/* the safe choice takes the focus when the dialog opens */}
          <Button variant="plain" color="neutral" autoFocus disabled={pending} onClick={close}>
            Cancel
          </Button>
        </DialogActions>
      </ModalDialog>
    </Modal>
  );
}

/** How the confirmation counts what goes with a record: "3 contacts", "1 application". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
