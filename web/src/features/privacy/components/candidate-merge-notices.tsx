import { useState } from 'react';
import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Typography from '@mui/joy/Typography';
import { Copy, GitMerge } from 'lucide-react';
import { RouterLink } from '@/components/router-links';
import { toast } from '@/components/toast/toast-store';
import { serverMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useCandidateDuplicates, useCandidateMerges, useCandidateRecord, useUnmergeCandidates } from '../api/duplicates';
import { REASON_LABELS } from '../utils/labels';
import { MergeDialog } from './merge-dialog';

/**
 * Above a candidate's tabs: "merged into …" on an absorbed record, the merges this record
 * absorbed (with Undo while the window lasts), and "Possible duplicate of …" with a merge.
 */
export function CandidateMergeNotices({ id, canEdit }: { id: number; canEdit: boolean }) {
  const record = useCandidateRecord(id);
  const mergedInto = record.data?.mergedInto;
  const merges = useCandidateMerges(mergedInto ?? id);
  const duplicates = useCandidateDuplicates(id, !mergedInto);
  const unmerge = useUnmergeCandidates();
  const [merging, setMerging] = useState<number | null>(null);

  const undo = (survivorId: number, absorbedId: number) =>
    unmerge.mutate(
      { survivorId, absorbedId },
      {
        onSuccess: () => toast({ title: 'Merge undone', description: 'Both records are back as they were.' }),
        onError: (e) => toast({ title: 'Could not undo the merge', description: serverMessage(e) ?? e.message, variant: 'destructive' }),
      },
    );

  if (record.data?.anonymised) {
    return (
      <Alert color="neutral" variant="soft" sx={{ mb: 2 }} role="status" data-testid="anonymised-notice">
        Anonymised candidate: the name, contact details, notes and files were destroyed. The record stays for statistics and cannot be
        edited.
      </Alert>
    );
  }
  if (mergedInto) {
    const entry = merges.data?.absorbed.find((m) => m.id === id);
    return (
      <Alert color="warning" variant="soft" startDecorator={<GitMerge size={18} aria-hidden />} sx={{ mb: 2 }} role="status">
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography level="body-sm">
            This record was merged into{' '}
            <RouterLink to="/candidates/$id" params={{ id: String(mergedInto) }}>
              candidate #{mergedInto}
            </RouterLink>
            ; its notes, jobs and history show there.
          </Typography>
          {canEdit && entry && (
            <Button size="sm" variant="outlined" color="neutral" loading={unmerge.isPending} onClick={() => undo(mergedInto, id)}>
              Undo merge
            </Button>
          )}
        </Box>
      </Alert>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 1, mb: merges.data?.absorbed.length || duplicates.data?.length ? 2 : 0 }}>
      {merges.data?.absorbed.map((m) => (
        <Alert key={m.id} color="neutral" variant="soft" startDecorator={<GitMerge size={18} aria-hidden />}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography level="body-sm">
              {m.name} (#{m.id}) was merged into this record on {formatDate(m.mergedAt)}. Undo is possible until {formatDate(m.undoUntil)}.
            </Typography>
            {canEdit && (
              <Button size="sm" variant="outlined" color="neutral" loading={unmerge.isPending} onClick={() => undo(id, m.id)}>
                Undo merge
              </Button>
            )}
          </Box>
        </Alert>
      ))}
      {duplicates.data?.map((d) => (
        <Alert
          key={d.candidate.id}
          color="warning"
          variant="soft"
          startDecorator={<Copy size={18} aria-hidden />}
          data-testid="duplicate-hint"
        >
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography level="body-sm">
              Possible duplicate of{' '}
              <RouterLink to="/candidates/$id" params={{ id: String(d.candidate.id) }}>
                {d.candidate.firstName} {d.candidate.lastName}
              </RouterLink>{' '}
              ({d.reasons.map((r) => REASON_LABELS[r]).join(', ')})
            </Typography>
            {canEdit && (
              <Button size="sm" variant="outlined" color="neutral" onClick={() => setMerging(d.candidate.id)}>
                Review and merge…
              </Button>
            )}
          </Box>
        </Alert>
      ))}
      {merging !== null && <MergeDialog open onClose={() => setMerging(null)} ids={[id, merging]} />}
    </Box>
  );
}
