import { useState } from 'react';
import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import LinearProgress from '@mui/joy/LinearProgress';
import Textarea from '@mui/joy/Textarea';
import Typography from '@mui/joy/Typography';
import { EraseBodySchema, type RetentionCandidate } from '@ats/contracts';
import { FormDialog } from '@/components/form-dialog';
import { serverMessage } from '@/lib/api-client';
import { anonymiseCandidate, eraseCandidate, useRefreshAfterErase } from '../api/retention';

type Outcome = { id: number; ok: boolean; message: string };

/** what the dialog does to each candidate: erase (the record goes) or anonymise (it stays for statistics) */
export type ShredMode = 'erase' | 'anonymise';

const TEXTS = {
  erase: {
    verb: 'Erase',
    done: 'erased',
    pending: 'Erasing...',
    progress: 'Erasure progress',
    warning: 'Erasure destroys the personal data of each selected candidate and cannot be undone. Placements and fees stay, anonymised.',
  },
  anonymise: {
    verb: 'Anonymise',
    done: 'anonymised',
    pending: 'Anonymising...',
    progress: 'Anonymisation progress',
    warning:
      'Anonymisation destroys the name, contact details, notes and files of each selected candidate and cannot be undone. The record stays as "Anonymised candidate" with its status, source, skills, applications, stage history, placements and fees, for statistics.',
  },
} as const;

/**
 * Erase or anonymise the selected candidates with one reason: one request per candidate (each
 * its own recorded event), in turn, with progress and a line per candidate; neither can be undone.
 */
export function BulkEraseDialog({
  candidates: selected,
  onClose,
  mode = 'erase',
}: {
  candidates: RetentionCandidate[];
  onClose: () => void;
  mode?: ShredMode;
}) {
  // the selection as the dialog opened: each candidate done leaves the review list (and the selection)
  const [candidates] = useState(selected);
  const texts = TEXTS[mode];
  const act = mode === 'erase' ? eraseCandidate : anonymiseCandidate;
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);
  const refresh = useRefreshAfterErase();
  const done = outcomes.length === candidates.length && candidates.length > 0;

  const run = async () => {
    const parsed = EraseBodySchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Required');
      return;
    }
    setError(null);
    setRunning(true);
    const results: Outcome[] = [];
    for (const c of candidates) {
      try {
        await act(c.id, parsed.data.reason);
        results.push({ id: c.id, ok: true, message: `${c.firstName} ${c.lastName} ${texts.done}` });
      } catch (e) {
        results.push({ id: c.id, ok: false, message: `${c.firstName} ${c.lastName}: ${serverMessage(e) ?? (e as Error).message}` });
      }
      setOutcomes([...results]);
    }
    setRunning(false);
    await refresh();
  };

  return (
    <FormDialog
      open
      onClose={onClose}
      title={`${texts.verb} ${candidates.length} candidate${candidates.length === 1 ? '' : 's'}`}
      id={`bulk-${mode}`}
      onSubmit={(e) => {
        e.preventDefault();
        if (done) onClose();
        else void run();
      }}
      pending={running}
      submitLabel={done ? 'Close' : texts.verb}
      pendingLabel={texts.pending}
      width={560}
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Alert color="danger" variant="soft">
          {texts.warning}
        </Alert>
        <FormControl error={Boolean(error)} required disabled={running || done}>
          <FormLabel>Reason</FormLabel>
          <Textarea minRows={2} value={reason} onChange={(e) => setReason(e.target.value)} placeholder="e.g. retention limit reached" />
          {error && <FormHelperText>{error}</FormHelperText>}
        </FormControl>
        {outcomes.length > 0 && (
          <Box sx={{ display: 'grid', gap: 1 }}>
            <LinearProgress determinate value={(outcomes.length / candidates.length) * 100} aria-label={texts.progress} />
            <Typography level="body-sm" role="status">
              {outcomes.length} of {candidates.length} done
              {outcomes.some((o) => !o.ok) ? `, ${outcomes.filter((o) => !o.ok).length} failed` : ''}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {outcomes.map((o) => (
                <Typography key={o.id} component="li" level="body-xs" color={o.ok ? 'success' : 'danger'}>
                  {o.message}
                </Typography>
              ))}
            </Box>
          </Box>
        )}
      </Box>
    </FormDialog>
  );
}
