import { useState } from 'react';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import DialogActions from '@mui/joy/DialogActions';
import DialogContent from '@mui/joy/DialogContent';
import DialogTitle from '@mui/joy/DialogTitle';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Modal from '@mui/joy/Modal';
import ModalClose from '@mui/joy/ModalClose';
import ModalDialog from '@mui/joy/ModalDialog';
import Radio from '@mui/joy/Radio';
import RadioGroup from '@mui/joy/RadioGroup';
import Textarea from '@mui/joy/Textarea';
import Typography from '@mui/joy/Typography';
import type { EditConflict, EditConflictProblem } from '@ats/contracts';
import { useNow } from '@/hooks/use-now';
import { formatConflictValue, isMergeable, mergeStart, type ConflictChoice } from '@/lib/edit-conflict';
import { timeAgo } from '@/lib/format';

interface EditConflictDialogProps {
  /** the refused save's conflicts; null = closed */
  problem: EditConflictProblem | null;
  /** the form's label for each field path */
  labels: Record<string, string>;
  /** fields whose two versions can be merged as text */
  textFields: readonly string[];
  pending: boolean;
  onResolve: (choices: Record<string, ConflictChoice>) => void;
  onCancel: () => void;
}

/**
 * A save refused because someone else changed the same fields since the user started: per field
 * both values ("Yours" / "Theirs (Riley Chen, 2 minutes ago)") and Keep mine / Take theirs / Merge.
 * Saving again sends the choices with the record's current revision.
 */
export function EditConflictDialog({ problem, labels, textFields, pending, onResolve, onCancel }: EditConflictDialogProps) {
  const close = () => {
    if (!pending) onCancel();
  };
  return (
    <Modal open={problem !== null} onClose={close}>
      <ModalDialog
        aria-labelledby="edit-conflict-title"
        aria-describedby="edit-conflict-description"
        sx={{ width: 'min(640px, calc(100vw - 24px))', maxHeight: 'calc(100dvh - 24px)', overflowY: 'auto' }}
      >
        <ModalClose disabled={pending} aria-label="Close" />
        <DialogTitle id="edit-conflict-title" component="h2">
          Someone else changed this record
        </DialogTitle>
        {problem && (
          <ConflictForm
            key={problem.revision}
            problem={problem}
            labels={labels}
            textFields={textFields}
            pending={pending}
            onResolve={onResolve}
            onCancel={close}
          />
        )}
      </ModalDialog>
    </Modal>
  );
}

function ConflictForm({
  problem,
  labels,
  textFields,
  pending,
  onResolve,
  onCancel,
}: Omit<EditConflictDialogProps, 'problem'> & { problem: EditConflictProblem }) {
  const now = useNow(30_000);
  const [choices, setChoices] = useState<Record<string, ConflictChoice>>(() =>
    Object.fromEntries(problem.conflicts.map((c) => [c.field, { kind: 'mine' } as ConflictChoice])),
  );
  const set = (field: string, choice: ConflictChoice) => setChoices((current) => ({ ...current, [field]: choice }));
  return (
    <>
      <DialogContent id="edit-conflict-description">
        Your changes were not saved yet: {problem.conflicts.length === 1 ? 'one field was' : `${problem.conflicts.length} fields were`}{' '}
        changed by someone else since you started editing. Choose what to keep for each, then save again.
      </DialogContent>
      <Box sx={{ display: 'grid', gap: 1.5, my: 1 }}>
        {problem.conflicts.map((conflict) => (
          <ConflictField
            key={conflict.field}
            conflict={conflict}
            label={labels[conflict.field] ?? conflict.field}
            mergeable={isMergeable(conflict, textFields)}
            choice={choices[conflict.field] ?? { kind: 'mine' }}
            onChoose={(choice) => set(conflict.field, choice)}
            theirsLabel={`Theirs (${conflict.by.name}, ${timeAgo(conflict.at, now)})`}
          />
        ))}
      </Box>
      <DialogActions>
        <Button onClick={() => onResolve(choices)} loading={pending} loadingPosition="start">
          {pending ? 'Saving...' : 'Save with these choices'}
        </Button>
        <Button variant="plain" color="neutral" onClick={onCancel} disabled={pending}>
          Back to editing
        </Button>
      </DialogActions>
    </>
  );
}

function ConflictField({
  conflict,
  label,
  mergeable,
  choice,
  onChoose,
  theirsLabel,
}: {
  conflict: EditConflict;
  label: string;
  mergeable: boolean;
  choice: ConflictChoice;
  onChoose: (choice: ConflictChoice) => void;
  theirsLabel: string;
}) {
  const id = `conflict-${conflict.field}`;
  const pick = (kind: string) => {
    if (kind === 'theirs') onChoose({ kind: 'theirs' });
    else if (kind === 'merged') onChoose({ kind: 'merged', text: mergeStart(conflict) });
    else onChoose({ kind: 'mine' });
  };
  return (
    <Card variant="outlined" component="section" aria-labelledby={`${id}-label`} data-testid={id} sx={{ gap: 1 }}>
      <Typography id={`${id}-label`} level="title-md" component="h3">
        {label}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Box>
          <Typography level="body-xs" textColor="text.secondary" fontWeight="lg">
            Yours
          </Typography>
          <Typography level="body-sm" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid={`${id}-yours`}>
            {formatConflictValue(conflict.yours)}
          </Typography>
        </Box>
        <Box>
          <Typography level="body-xs" textColor="text.secondary" fontWeight="lg">
            {theirsLabel}
          </Typography>
          <Typography level="body-sm" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid={`${id}-theirs`}>
            {formatConflictValue(conflict.theirs)}
          </Typography>
        </Box>
      </Box>
      <RadioGroup
        orientation="horizontal"
        aria-labelledby={`${id}-label`}
        value={choice.kind}
        onChange={(event) => pick(event.target.value)}
        sx={{ flexWrap: 'wrap', gap: 2 }}
      >
        <Radio value="mine" label="Keep mine" />
        <Radio value="theirs" label="Take theirs" />
        {mergeable && <Radio value="merged" label="Merge" />}
      </RadioGroup>
      {choice.kind === 'merged' && (
        <FormControl>
          <FormLabel>Merged {label}</FormLabel>
          <Textarea minRows={3} value={choice.text} onChange={(event) => onChoose({ kind: 'merged', text: event.target.value })} />
        </FormControl>
      )}
    </Card>
  );
}
