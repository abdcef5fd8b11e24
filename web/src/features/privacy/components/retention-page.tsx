import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import Checkbox from '@mui/joy/Checkbox';
import CircularProgress from '@mui/joy/CircularProgress';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Table from '@mui/joy/Table';
import Typography from '@mui/joy/Typography';
import { Archive } from 'lucide-react';
import { RetentionPolicyBodySchema } from '@ats/contracts';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { RouterLink } from '@/components/router-links';
import { toast } from '@/components/toast/toast-store';
import { serverMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useRealtimeRoom } from '@/lib/realtime';
import { useExtendRetention, useRetentionReview, useSetRetentionPolicy } from '../api/retention';
import { BASIS_LABELS, CONSENT_STATE_LABELS } from '../utils/labels';
import { BulkEraseDialog, type ShredMode } from './bulk-erase-dialog';

/** Admins: the retention policy and the candidates past it, with bulk Anonymise…, Erase… and Keep for another N months. */
export function RetentionPage() {
  useRealtimeRoom('candidates');
  const { data, isPending, isError, error } = useRetentionReview();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [shredding, setShredding] = useState<ShredMode | null>(null);
  const [keepMonths, setKeepMonths] = useState('6');
  const extend = useExtendRetention();
  const rows = useMemo(() => data?.candidates ?? [], [data]);
  // a candidate that left the list (kept, erased, active again) is no longer selected
  useEffect(() => setSelected((s) => new Set([...s].filter((id) => rows.some((r) => r.id === id)))), [rows]);
  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const keep = () => {
    const months = Number(keepMonths);
    extend.mutate(
      { candidateIds: [...selected], months, reason: null },
      {
        onSuccess: () => toast({ title: 'Kept', description: `${selected.size} candidate(s) kept for another ${months} months.` }),
        onError: (e) =>
          toast({ title: 'Could not keep the candidates', description: serverMessage(e) ?? e.message, variant: 'destructive' }),
      },
    );
  };
  const chosen = rows.filter((r) => selected.has(r.id));

  return (
    <>
      <PageHeader title="Retention review" subtitle="Candidates with no activity for longer than the retention policy allows." />
      <PolicyForm months={data?.months} />
      {isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }} role="status">
          <CircularProgress />
          <Typography>Loading the retention review...</Typography>
        </Box>
      ) : isError ? (
        <Alert color="danger">{serverMessage(error) ?? error.message}</Alert>
      ) : rows.length === 0 ? (
        <Card variant="outlined">
          <EmptyState
            icon={<Archive size={28} />}
            title="No candidates past the retention limit"
            description={`Every candidate had activity since ${formatDate(data.cutoff)}.`}
          />
        </Card>
      ) : (
        <Card variant="outlined" sx={{ gap: 1.5 }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-end', flexWrap: 'wrap' }}>
            <Typography level="body-sm" sx={{ mr: 'auto' }} role="status">
              {rows.length} candidate{rows.length === 1 ? '' : 's'} without activity since {formatDate(data.cutoff)}; {selected.size}{' '}
              selected
            </Typography>
            <FormControl size="sm" sx={{ width: 110 }}>
              <FormLabel>Months</FormLabel>
              <Input
                type="number"
                value={keepMonths}
                onChange={(e) => setKeepMonths(e.target.value)}
                slotProps={{ input: { min: 1, max: 120 } }}
              />
            </FormControl>
            <Button
              size="sm"
              variant="outlined"
              disabled={selected.size === 0 || !(Number(keepMonths) >= 1)}
              loading={extend.isPending}
              onClick={keep}
            >
              Keep for another {keepMonths || 'N'} months
            </Button>
            <Button size="sm" color="danger" variant="outlined" disabled={selected.size === 0} onClick={() => setShredding('anonymise')}>
              Anonymise…
            </Button>
            <Button size="sm" color="danger" disabled={selected.size === 0} onClick={() => setShredding('erase')}>
              Erase…
            </Button>
          </Box>
          <Table size="sm" aria-label="Candidates past the retention limit" stickyHeader>
            <thead>
              <tr>
                <th style={{ width: 40 }}>
                  <Checkbox
                    slotProps={{ input: { 'aria-label': 'Select all' } }}
                    checked={selected.size === rows.length}
                    indeterminate={selected.size > 0 && selected.size < rows.length}
                    onChange={(e) => setSelected(e.target.checked ? new Set(rows.map((r) => r.id)) : new Set())}
                  />
                </th>
                <th>Candidate</th>
                <th>Last activity</th>
                <th>Lawful basis</th>
                <th>Consent</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>
                    <Checkbox
                      slotProps={{ input: { 'aria-label': `Select ${r.firstName} ${r.lastName}` } }}
                      checked={selected.has(r.id)}
                      onChange={() => toggle(r.id)}
                    />
                  </td>
                  <td>
                    <RouterLink to="/candidates/$id" params={{ id: String(r.id) }}>
                      {r.firstName} {r.lastName}
                    </RouterLink>
                    <Typography level="body-xs" textColor="text.secondary">
                      {r.email}
                    </Typography>
                  </td>
                  <td>{formatDate(r.lastActivityAt)}</td>
                  <td>{r.consent ? BASIS_LABELS[r.consent.basis] : 'Not recorded'}</td>
                  <td>{r.consent ? CONSENT_STATE_LABELS[r.consent.state] : 'Not recorded'}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Card>
      )}
      {shredding && <BulkEraseDialog key={shredding} mode={shredding} candidates={chosen} onClose={() => setShredding(null)} />}
    </>
  );
}

function PolicyForm({ months }: { months: number | undefined }) {
  const [value, setValue] = useState(months === undefined ? '' : String(months));
  const [error, setError] = useState<string | null>(null);
  const save = useSetRetentionPolicy();
  useEffect(() => {
    if (months !== undefined) setValue(String(months));
  }, [months]);
  return (
    <Card
      variant="outlined"
      component="form"
      aria-label="Retention policy"
      sx={{ mb: 2, flexDirection: 'row', flexWrap: 'wrap', alignItems: 'flex-end', gap: 1.5 }}
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = RetentionPolicyBodySchema.safeParse({ months: value === '' ? undefined : Number(value) });
        if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Invalid');
        setError(null);
        save.mutate(parsed.data.months, { onSuccess: () => toast({ title: 'Retention policy saved' }) });
      }}
    >
      <FormControl size="sm" error={Boolean(error)}>
        <FormLabel>Review candidates with no activity for (months)</FormLabel>
        <Input type="number" value={value} onChange={(e) => setValue(e.target.value)} sx={{ width: 140 }} />
      </FormControl>
      <Button size="sm" type="submit" loading={save.isPending}>
        Save policy
      </Button>
      {(error || save.isError) && (
        <Typography level="body-sm" color="danger" role="alert">
          {error ?? serverMessage(save.error) ?? save.error?.message}
        </Typography>
      )}
    </Card>
  );
}
