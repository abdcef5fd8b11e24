import { useMemo, useState } from 'react';
import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import CircularProgress from '@mui/joy/CircularProgress';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Radio from '@mui/joy/Radio';
import RadioGroup from '@mui/joy/RadioGroup';
import Table from '@mui/joy/Table';
import Typography from '@mui/joy/Typography';
import { UNMERGE_WINDOW_DAYS, type Candidate, type MergeChoices } from '@ats/contracts';
import { FormDialog } from '@/components/form-dialog';
import { toastWithUndo, toast } from '@/components/toast/toast-store';
import { serverMessage } from '@/lib/api-client';
import { useCandidateRecord, useMergeCandidates, useUnmergeCandidates } from '../api/duplicates';
import { defaultChoices, differingFields } from '../utils/merge-fields';

const label = (c: Candidate) => `${c.firstName} ${c.lastName} (#${c.id}, ${c.email})`;

/**
 * Merge two records of one person: choose the record to keep and, per differing field, whose
 * value it keeps. The other record's notes, jobs, messages and History then show on the kept one;
 * an Undo (toast, and on the kept record's page for 30 days) splits them again.
 */
export function MergeDialog({
  open,
  onClose,
  ids,
  onMerged,
}: {
  open: boolean;
  onClose: () => void;
  ids: readonly [number, number];
  onMerged?: (survivorId: number) => void;
}) {
  const first = useCandidateRecord(ids[0], open);
  const second = useCandidateRecord(ids[1], open);
  const [survivorId, setSurvivorId] = useState(ids[0]);
  const merge = useMergeCandidates();
  const unmerge = useUnmergeCandidates();
  const survivor = survivorId === ids[0] ? first.data : second.data;
  const absorbed = survivorId === ids[0] ? second.data : first.data;
  const rows = useMemo(() => (survivor && absorbed ? differingFields(survivor, absorbed) : []), [survivor, absorbed]);
  // the user's picks over the defaults (a refetch of either record must not undo them)
  const [picked, setPicked] = useState<MergeChoices>({});
  const choices: MergeChoices = { ...defaultChoices(rows), ...picked };

  const submit = () => {
    if (!survivor || !absorbed) return;
    merge.mutate(
      {
        survivorId: survivor.id,
        body: { absorbedId: absorbed.id, choices, survivorRevision: survivor.revision, absorbedRevision: absorbed.revision },
      },
      {
        onSuccess: () => {
          onClose();
          onMerged?.(survivor.id);
          toastWithUndo({
            title: 'Candidates merged',
            description: `${absorbed.firstName} ${absorbed.lastName} (#${absorbed.id}) was merged into #${survivor.id}.`,
            undo: () =>
              unmerge.mutate(
                { survivorId: survivor.id, absorbedId: absorbed.id },
                {
                  onSuccess: () => toast({ title: 'Merge undone', description: 'Both records are back as they were.' }),
                  onError: (e) =>
                    toast({ title: 'Could not undo the merge', description: serverMessage(e) ?? e.message, variant: 'destructive' }),
                },
              ),
          });
        },
      },
    );
  };

  const loading = first.isPending || second.isPending;
  const failed = first.error ?? second.error;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Merge duplicate candidates"
      id="merge-candidates"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      pending={merge.isPending}
      submitLabel="Merge"
      pendingLabel="Merging..."
      width={760}
    >
      {loading ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }} role="status">
          <CircularProgress size="sm" />
          <Typography level="body-sm">Loading both records...</Typography>
        </Box>
      ) : failed || !first.data || !second.data ? (
        <Alert color="danger">{failed ? (serverMessage(failed) ?? failed.message) : 'One of the records could not be found.'}</Alert>
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          {merge.isError && (
            <Alert color="danger" role="alert">
              {serverMessage(merge.error) ?? merge.error.message}
            </Alert>
          )}
          <FormControl>
            <FormLabel id="merge-survivor-label">Record to keep</FormLabel>
            <RadioGroup
              aria-labelledby="merge-survivor-label"
              value={String(survivorId)}
              onChange={(e) => {
                setSurvivorId(Number(e.target.value));
                setPicked({});
              }}
            >
              <Radio value={String(first.data.id)} label={label(first.data)} />
              <Radio value={String(second.data.id)} label={label(second.data)} />
            </RadioGroup>
          </FormControl>
          {rows.length === 0 ? (
            <Typography level="body-sm">The two records hold the same values; only their histories differ.</Typography>
          ) : (
            <Table size="sm" aria-label="Values to keep" sx={{ '& td': { verticalAlign: 'top' } }}>
              <thead>
                <tr>
                  <th style={{ width: '25%' }}>Field</th>
                  <th>Value to keep</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.field}>
                    <td id={`merge-field-${row.field}`}>{row.label}</td>
                    <td>
                      <RadioGroup
                        aria-labelledby={`merge-field-${row.field}`}
                        value={choices[row.field] ?? 'survivor'}
                        onChange={(e) => setPicked((c) => ({ ...c, [row.field]: e.target.value as 'survivor' | 'absorbed' }))}
                      >
                        <Radio value="survivor" label={row.survivor || '(empty)'} />
                        <Radio value="absorbed" label={row.absorbed || '(empty)'} />
                      </RadioGroup>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
          <Typography level="body-sm" textColor="text.secondary">
            Skills are combined. The kept record keeps its own e-mail unless you choose the other one. The other record&apos;s notes, jobs,
            interviews, tasks, messages and history show on the kept record, and both histories stay. You can undo the merge for{' '}
            {UNMERGE_WINDOW_DAYS} days.
          </Typography>
        </Box>
      )}
    </FormDialog>
  );
}
