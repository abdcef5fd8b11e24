import { useState } from 'react';
import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import Chip from '@mui/joy/Chip';
import CircularProgress from '@mui/joy/CircularProgress';
import Typography from '@mui/joy/Typography';
import { Copy } from 'lucide-react';
import type { DuplicateCandidate } from '@ats/contracts';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { RouterLink } from '@/components/router-links';
import { serverMessage } from '@/lib/api-client';
import { useRealtimeRoom } from '@/lib/realtime';
import { useDuplicates } from '../api/duplicates';
import { REASON_LABELS } from '../utils/labels';
import { MergeDialog } from './merge-dialog';

const Person = ({ c }: { c: DuplicateCandidate }) => (
  <Box sx={{ minWidth: 0 }}>
    <RouterLink to="/candidates/$id" params={{ id: String(c.id) }} level="title-sm">
      {c.firstName} {c.lastName}
    </RouterLink>
    <Typography level="body-xs" textColor="text.secondary" sx={{ wordBreak: 'break-all' }}>
      #{c.id} · {c.email}
      {c.currentTitle ? ` · ${c.currentTitle}` : ''}
      {c.currentCompany ? ` at ${c.currentCompany}` : ''}
    </Typography>
  </Box>
);

/** "Possible duplicates": pairs of candidate records that look like one person, each with Merge…. */
export function DuplicatesPage({ canEdit }: { canEdit: boolean }) {
  useRealtimeRoom('candidates');
  const { data, isPending, isError, error } = useDuplicates();
  const [merging, setMerging] = useState<readonly [number, number] | null>(null);
  return (
    <>
      <PageHeader title="Possible duplicates" subtitle="Candidates with the same e-mail, phone, name and company, or LinkedIn URL." />
      {isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }} role="status">
          <CircularProgress />
          <Typography>Looking for duplicates...</Typography>
        </Box>
      ) : isError ? (
        <Alert color="danger">{serverMessage(error) ?? error.message}</Alert>
      ) : data.length === 0 ? (
        <Card variant="outlined">
          <EmptyState
            icon={<Copy size={28} />}
            title="No possible duplicates"
            description="No two candidates share an e-mail, phone, name and company, or LinkedIn URL."
          />
        </Card>
      ) : (
        <Box component="ul" aria-label="Possible duplicates" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {data.map((pair) => (
            <Card
              key={`${pair.a.id}-${pair.b.id}`}
              component="li"
              variant="outlined"
              sx={{ flexDirection: { xs: 'column', md: 'row' }, alignItems: { md: 'center' }, gap: 2 }}
            >
              <Box sx={{ flex: 1, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, minWidth: 0 }}>
                <Person c={pair.a} />
                <Person c={pair.b} />
              </Box>
              <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap' }}>
                {pair.reasons.map((r) => (
                  <Chip key={r} size="sm" variant="soft" color="warning">
                    {REASON_LABELS[r]}
                  </Chip>
                ))}
              </Box>
              {canEdit && (
                <Button
                  size="sm"
                  variant="outlined"
                  aria-label={`Merge ${pair.a.firstName} ${pair.a.lastName} #${pair.a.id} and #${pair.b.id}`}
                  onClick={() => setMerging([pair.a.id, pair.b.id])}
                >
                  Merge…
                </Button>
              )}
            </Card>
          ))}
        </Box>
      )}
      {merging && <MergeDialog open onClose={() => setMerging(null)} ids={merging} />}
    </>
  );
}
