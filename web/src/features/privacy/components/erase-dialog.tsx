import { useId, useState } from 'react';
import Alert from '@mui/joy/Alert';
import Button from '@mui/joy/Button';
import DialogActions from '@mui/joy/DialogActions';
import DialogContent from '@mui/joy/DialogContent';
import DialogTitle from '@mui/joy/DialogTitle';
import Divider from '@mui/joy/Divider';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Modal from '@mui/joy/Modal';
import ModalDialog from '@mui/joy/ModalDialog';
import Textarea from '@mui/joy/Textarea';
import Typography from '@mui/joy/Typography';
import { TriangleAlert } from 'lucide-react';
import { EraseBodySchema, type EraseResult } from '@ats/contracts';
import { serverMessage } from '@/lib/api-client';
import { useErase, type ErasableKind } from '../api/erase';

/** the word an admin types to confirm */
export const ERASE_CONFIRMATION = 'ERASE';

/**
 * "Erase personal data…" (GDPR Art. 17): a reason (kept in the log, without personal data) and a
 * typed confirmation. The one destructive action without Undo, and it says why.
 */
export function EraseDialog({
  open,
  kind,
  id,
  name,
  onClose,
  onErased,
}: {
  open: boolean;
  kind: ErasableKind;
  id: number;
  name: string;
  onClose: () => void;
  onErased: (result: EraseResult) => void;
}) {
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [typed, setTyped] = useState('');
  const [touched, setTouched] = useState(false);
  const erase = useErase(kind);
  const reasonError = touched ? EraseBodySchema.safeParse({ reason }).error?.issues[0]?.message : undefined;
  const confirmed = typed.trim() === ERASE_CONFIRMATION;
  const close = () => {
    if (erase.isPending) return;
    setReason('');
    setTyped('');
    setTouched(false);
    erase.reset();
    onClose();
  };
  const submit = () => {
    setTouched(true);
    if (!EraseBodySchema.safeParse({ reason }).success || !confirmed) return;
    erase.mutate({ id, reason: reason.trim() }, { onSuccess: onErased });
  };
  const what = kind === 'candidate' ? 'candidate' : 'contact';
  return (
    <Modal open={open} onClose={close}>
      <ModalDialog
        role="alertdialog"
        aria-labelledby={titleId}
        variant="outlined"
        layout="center"
        data-testid="erase-dialog"
        sx={{ width: 'min(520px, calc(100vw - 24px))' }}
      >
        <DialogTitle id={titleId} component="h2" sx={{ alignItems: 'flex-start' }}>
          <TriangleAlert size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          Erase the personal data of {name}?
        </DialogTitle>
        <Divider />
        <DialogContent sx={{ gap: 1.5 }}>
          <Typography level="body-sm">
            The {what}&apos;s name, contact details, resume files, notes and e-mail texts are destroyed everywhere, History included, where
            they will read &quot;[erased]&quot;. Placements and fees stay, without the name.
          </Typography>
          <Alert color="danger" variant="soft" data-testid="erase-no-undo">
            This cannot be undone. Unlike other deletions there is no Undo: the law (GDPR Art. 17) requires the data to be gone for good.
          </Alert>
          <FormControl error={Boolean(reasonError)} required>
            <FormLabel>Reason</FormLabel>
            <Textarea
              minRows={2}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              onBlur={() => setTouched(true)}
              placeholder="e.g. the person's erasure request of 24 Nov 2026"
              slotProps={{ textarea: { 'aria-label': 'Reason', maxLength: 500 } }}
            />
            <FormHelperText>{reasonError ?? 'Kept in the audit log; write no personal data here.'}</FormHelperText>
          </FormControl>
          <FormControl error={touched && !confirmed} required>
            <FormLabel>Type {ERASE_CONFIRMATION} to confirm</FormLabel>
            <Input
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoComplete="off"
              slotProps={{ input: { 'aria-label': `Type ${ERASE_CONFIRMATION} to confirm` } }}
            />
            {touched && !confirmed && <FormHelperText>Type {ERASE_CONFIRMATION} in capitals.</FormHelperText>}
          </FormControl>
          {erase.isError && (
            <Alert color="danger" role="alert">
              {serverMessage(erase.error) ?? erase.error.message}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button color="danger" variant="solid" loading={erase.isPending} disabled={!confirmed} onClick={submit}>
            Erase personal data
          </Button>
          <Button variant="plain" color="neutral" autoFocus disabled={erase.isPending} onClick={close}>
            Cancel
          </Button>
        </DialogActions>
      </ModalDialog>
    </Modal>
  );
}
