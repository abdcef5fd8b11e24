import { useMemo, useState } from 'react';
import Autocomplete from '@mui/joy/Autocomplete';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import type { Candidate } from '@ats/contracts';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useCandidateChoices } from '@/lib/choices';

const fullName = (candidate: Pick<Candidate, 'firstName' | 'lastName'>) => `${candidate.firstName} ${candidate.lastName}`.trim();

/** A candidate picked by typing part of a name; the server does the searching. */
export function CandidatePicker({
  label,
  value,
  onChange,
  enabled,
}: {
  label: string;
  value: Candidate | null;
  onChange: (candidate: Candidate | null) => void;
  enabled: boolean;
}) {
  const [input, setInput] = useState('');
  // once a candidate is picked the box shows its name; opening it again offers everyone
  const typed = value && input === fullName(value) ? '' : input.trim();
  const search = useDebouncedValue(typed, 250);
  const choices = useCandidateChoices(search, enabled);
  const options = useMemo(() => {
    const list = choices.data ?? [];
    return value && !list.some((c) => c.id === value.id) ? [value, ...list] : list;
  }, [choices.data, value]);

  return (
    <FormControl size="sm" sx={{ flex: '1 1 240px' }}>
      <FormLabel>{label}</FormLabel>
      <Autocomplete<Candidate>
        placeholder="Type to search candidates"
        options={options}
        value={value}
        onChange={(_, picked) => onChange(picked)}
        inputValue={input}
        onInputChange={(_, text) => setInput(text)}
        getOptionLabel={fullName}
        getOptionKey={(candidate) => candidate.id}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        // the server has filtered already
        filterOptions={(list) => list}
        loading={choices.isFetching}
        noOptionsText={choices.isFetching ? 'Searching…' : 'No candidates found'}
        slotProps={{ listbox: { sx: { zIndex: 'calc(var(--joy-zIndex-modal) + 1)', maxHeight: 320 } } }}
      />
    </FormControl>
  );
}
