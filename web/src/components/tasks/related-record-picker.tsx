import { useMemo, useState } from 'react';
import Autocomplete from '@mui/joy/Autocomplete';
import Box from '@mui/joy/Box';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Option from '@mui/joy/Option';
import Select from '@mui/joy/Select';
import { useQuery } from '@tanstack/react-query';
import { contracts, type TaskRelatedKind } from '@ats/contracts';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { callContract } from '@/lib/api-client';
import { useCandidateChoices, useJobChoices } from '@/lib/choices';
import { queryKeys } from '@/lib/query-keys';

/** A record a task is about, with the name shown for it. */
export interface RelatedChoice {
  kind: TaskRelatedKind;
  id: number;
  label: string;
}

export const RELATED_KIND_LABELS: Record<TaskRelatedKind, string> = {
  candidate: 'Candidate',
  job: 'Job',
  client: 'Client',
  application: 'Application',
};
const PICKABLE: TaskRelatedKind[] = ['candidate', 'job', 'client'];

/** "Related to": a kind (none, candidate, job, client), then the record picked by typing part of its name. */
export function RelatedRecordPicker({ value, onChange }: { value: RelatedChoice | null; onChange: (next: RelatedChoice | null) => void }) {
  const [kind, setKind] = useState<TaskRelatedKind | ''>(value?.kind ?? '');
  const [input, setInput] = useState('');
  const typed = value && input === value.label ? '' : input.trim();
  const search = useDebouncedValue(typed, 250);
  const candidates = useCandidateChoices(search, kind === 'candidate');
  const jobs = useJobChoices(kind === 'job');
  const clients = useQuery({
    queryKey: queryKeys.clients.list({}),
    queryFn: ({ signal }) => callContract(contracts.listClients, { signal }),
    enabled: kind === 'client',
  });
  const options = useMemo<RelatedChoice[]>(() => {
    const q = typed.toLowerCase();
    const list: RelatedChoice[] =
      kind === 'candidate'
        ? (candidates.data ?? []).map((c) => ({ kind, id: c.id, label: `${c.firstName} ${c.lastName}`.trim() }))
        : kind === 'job'
          ? (jobs.data ?? []).map((j) => ({ kind, id: j.id, label: j.title })).filter((o) => o.label.toLowerCase().includes(q))
          : kind === 'client'
            ? (clients.data ?? []).map((c) => ({ kind, id: c.id, label: c.companyName })).filter((o) => o.label.toLowerCase().includes(q))
            : [];
    const shown = list.slice(0, 50);
    return value && value.kind === kind && !shown.some((o) => o.id === value.id) ? [value, ...shown] : shown;
  }, [kind, candidates.data, jobs.data, clients.data, typed, value]);
  const loading = candidates.isFetching || jobs.isFetching || clients.isFetching;

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' } }}>
      <FormControl>
        <FormLabel id="task-related-kind-label">Related to</FormLabel>
        <Select<string>
          value={kind}
          onChange={(_, next) => {
            setKind((next ?? '') as TaskRelatedKind | '');
            setInput('');
            onChange(null);
          }}
          slotProps={{
            button: { 'aria-labelledby': 'task-related-kind-label' },
            listbox: { sx: { zIndex: 'calc(var(--joy-zIndex-modal) + 1)' } },
          }}
        >
          <Option value="">Nothing</Option>
          {PICKABLE.map((k) => (
            <Option key={k} value={k}>
              {RELATED_KIND_LABELS[k]}
            </Option>
          ))}
        </Select>
      </FormControl>
      {kind !== '' && (
        <FormControl>
          <FormLabel>{RELATED_KIND_LABELS[kind]}</FormLabel>
          <Autocomplete<RelatedChoice>
            placeholder={`Type to search ${RELATED_KIND_LABELS[kind].toLowerCase()}s`}
            options={options}
            value={value && value.kind === kind ? value : null}
            onChange={(_, picked) => onChange(picked)}
            inputValue={input}
            onInputChange={(_, text) => setInput(text)}
            getOptionLabel={(o) => o.label}
            getOptionKey={(o) => `${o.kind}-${o.id}`}
            isOptionEqualToValue={(a, b) => a.kind === b.kind && a.id === b.id}
            filterOptions={(list) => list}
            loading={loading}
            noOptionsText={loading ? 'Searching…' : 'Nothing found'}
            slotProps={{ listbox: { sx: { zIndex: 'calc(var(--joy-zIndex-modal) + 1)', maxHeight: 320 } } }}
          />
        </FormControl>
      )}
    </Box>
  );
}
