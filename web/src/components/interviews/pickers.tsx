import { useMemo, useState } from 'react';
import Autocomplete from '@mui/joy/Autocomplete';
import Chip from '@mui/joy/Chip';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import type { Candidate, Interview, InterviewerOption } from '@ats/contracts';

export type Interviewer = Interview['interviewers'][number];
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useCandidateChoices } from '@/lib/choices';
import { useInterviewerOptions } from './api';

const fullName = (candidate: Pick<Candidate, 'firstName' | 'lastName'>) => `${candidate.firstName} ${candidate.lastName}`.trim();
const listbox = { sx: { zIndex: 'calc(var(--joy-zIndex-modal) + 1)', maxHeight: 320 } };

export type PickedCandidate = { id: number; name: string };

/** A candidate picked by typing part of a name; the server searches. */
export function InterviewCandidatePicker({
  value,
  onChange,
  error,
}: {
  value: PickedCandidate | null;
  onChange: (candidate: PickedCandidate | null) => void;
  error?: string | undefined;
}) {
  const [input, setInput] = useState(value?.name ?? '');
  const typed = value && input === value.name ? '' : input.trim();
  const search = useDebouncedValue(typed, 250);
  const choices = useCandidateChoices(search, true);
  const options = useMemo<PickedCandidate[]>(() => {
    const list = (choices.data ?? []).map((c) => ({ id: c.id, name: fullName(c) }));
    return value && !list.some((c) => c.id === value.id) ? [value, ...list] : list;
  }, [choices.data, value]);
  return (
    <FormControl required error={Boolean(error)}>
      <FormLabel>Candidate</FormLabel>
      <Autocomplete<PickedCandidate>
        placeholder="Type to search candidates"
        options={options}
        value={value}
        onChange={(_, picked) => onChange(picked)}
        inputValue={input}
        onInputChange={(_, text) => setInput(text)}
        getOptionLabel={(c) => c.name}
        getOptionKey={(c) => c.id}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        filterOptions={(list) => list}
        loading={choices.isFetching}
        noOptionsText={choices.isFetching ? 'Searching…' : 'No candidates found'}
        slotProps={{ listbox, input: { 'aria-invalid': Boolean(error) || undefined } }}
      />
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}

type InterviewerChoice = InterviewerOption | string;

/**
 * Interviewers: team members picked from the list, or any name typed and confirmed with Enter
 * (someone outside the team, e.g. the client's CEO).
 */
export function InterviewersPicker({
  value,
  onChange,
  error,
}: {
  value: Interviewer[];
  onChange: (interviewers: Interviewer[]) => void;
  error?: string | undefined;
}) {
  const team = useInterviewerOptions(true);
  const [input, setInput] = useState('');
  const selected: InterviewerChoice[] = value.map((i) => (i.userId ? { id: i.userId, name: i.name } : i.name));
  const toInterviewers = (choices: InterviewerChoice[]): Interviewer[] => {
    const out: Interviewer[] = [];
    for (const c of choices) {
      const next = typeof c === 'string' ? { userId: null, name: c.trim() } : { userId: c.id, name: c.name };
      if (!next.name) continue;
      if (out.some((o) => (next.userId ? o.userId === next.userId : o.userId === null && o.name.toLowerCase() === next.name.toLowerCase())))
        continue;
      out.push(next);
    }
    return out;
  };
  return (
    <FormControl error={Boolean(error)}>
      <FormLabel>Interviewers</FormLabel>
      <Autocomplete<InterviewerChoice, true, false, true>
        multiple
        freeSolo
        placeholder={value.length === 0 ? 'Pick team members or type a name and press Enter' : undefined}
        options={team.data ?? []}
        value={selected}
        onChange={(_, picked) => {
          onChange(toInterviewers(picked));
          setInput('');
        }}
        inputValue={input}
        onInputChange={(_, text) => setInput(text)}
        onBlur={() => {
          // a typed name counts without pressing Enter
          if (input.trim()) {
            onChange(toInterviewers([...selected, input]));
            setInput('');
          }
        }}
        getOptionLabel={(c) => (typeof c === 'string' ? c : c.name)}
        getOptionKey={(c) => (typeof c === 'string' ? `free:${c}` : c.id)}
        isOptionEqualToValue={(a, b) => (typeof a === 'string' || typeof b === 'string' ? a === b : a.id === b.id)}
        loading={team.isFetching}
        renderTags={(tags, getTagProps) =>
          tags.map((tag, index) => {
            const { key, ...props } = getTagProps({ index });
            return (
              <Chip key={key} variant="soft" color={typeof tag === 'string' ? 'neutral' : 'primary'} {...props}>
                {typeof tag === 'string' ? tag : tag.name}
              </Chip>
            );
          })
        }
        slotProps={{ listbox }}
      />
      <FormHelperText>{error ?? 'Team members, or anyone else by name'}</FormHelperText>
    </FormControl>
  );
}
