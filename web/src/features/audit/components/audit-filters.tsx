import { Fragment, useEffect, useState } from 'react';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import ListDivider from '@mui/joy/ListDivider';
import ListSubheader from '@mui/joy/ListSubheader';
import Option from '@mui/joy/Option';
import Select from '@mui/joy/Select';
import { EVENT_TYPES } from '@ats/contracts';
import { useAuditActors } from '../api/get-audit-events';
import { hasFilters, selectedTypes, type AuditSearch } from '../utils/audit-search';
import { groupEventTypes, humanizeType } from '../utils/event-groups';

const ALL = 'all';
const TYPE_GROUPS = groupEventTypes(EVENT_TYPES);

/** A text filter that applies on Enter or when focus leaves it (not on every key). */
function CommitInput({
  id,
  label,
  value,
  placeholder,
  helper,
  onCommit,
}: {
  id: string;
  label: string;
  value: string | undefined;
  placeholder?: string;
  helper?: string;
  onCommit: (value: string | undefined) => void;
}) {
  const [draft, setDraft] = useState(value ?? '');
  useEffect(() => setDraft(value ?? ''), [value]);
  const commit = () => {
    const next = draft.trim() || undefined;
    if (next !== value) onCommit(next);
  };
  return (
    <FormControl>
      <FormLabel htmlFor={id}>{label}</FormLabel>
      <Input
        slotProps={{ input: { id, 'aria-describedby': helper ? `${id}-help` : undefined } }}
        value={draft}
        placeholder={placeholder}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
      />
      {helper && <FormHelperText id={`${id}-help`}>{helper}</FormHelperText>}
    </FormControl>
  );
}

/** The browser's filters: type (grouped by aggregate), stream, actor, time range, request and free text; each change is a new URL. */
/** A job order the "Job order" filter offers ("CFO · Acme"). */
export interface AuditJobOption {
  id: number;
  label: string;
}

export function AuditFilters({
  search,
  onChange,
  jobs = [],
}: {
  search: AuditSearch;
  onChange: (next: AuditSearch) => void;
  jobs?: readonly AuditJobOption[];
}) {
  const actors = useAuditActors();
  const set = (patch: Partial<AuditSearch>) => onChange({ ...search, ...patch, event: undefined });
  const types = selectedTypes(search);
  return (
    <Box
      role="group"
      aria-label="Filter events"
      sx={{
        display: 'grid',
        gap: 1.5,
        alignItems: 'start',
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, minmax(0, 1fr))' },
      }}
    >
      <FormControl>
        <FormLabel id="audit-type-label">Event type</FormLabel>
        <Select<string, true>
          multiple
          value={types}
          placeholder="All types"
          onChange={(_, value) => set({ type: value.length > 0 ? value.join(',') : undefined })}
          renderValue={(selected) => (selected.length === 1 ? humanizeType(selected[0]!.value) : `${selected.length} types`)}
          slotProps={{
            button: { id: 'audit-type-button', 'aria-labelledby': 'audit-type-label audit-type-button' },
            listbox: { sx: { maxHeight: 360, overflow: 'auto' } },
          }}
        >
          {TYPE_GROUPS.map((group, index) => (
            <Fragment key={group.label}>
              {index > 0 && <ListDivider role="none" />}
              <ListSubheader sticky>{group.label}</ListSubheader>
              {group.types.map((type) => (
                <Option key={type} value={type} label={humanizeType(type)}>
                  {humanizeType(type)}
                </Option>
              ))}
            </Fragment>
          ))}
        </Select>
      </FormControl>
      <CommitInput
        id="audit-stream"
        label="Stream or record"
        value={search.stream}
        placeholder="candidate-17"
        helper="One stream, or application-* for every application"
        onCommit={(stream) => set({ stream })}
      />
      <FormControl>
        <FormLabel id="audit-job-label">Job order</FormLabel>
        <Select<string>
          value={search.job !== undefined ? String(search.job) : ALL}
          onChange={(_, value) => set({ job: value && value !== ALL ? Number(value) : undefined })}
          slotProps={{ button: { id: 'audit-job-button', 'aria-labelledby': 'audit-job-label audit-job-button' } }}
        >
          <Option value={ALL}>All job orders</Option>
          {jobs.map((job) => (
            <Option key={job.id} value={String(job.id)}>
              {job.label}
            </Option>
          ))}
          {search.job !== undefined && !jobs.some((j) => j.id === search.job) && (
            <Option value={String(search.job)}>Job order #{search.job}</Option>
          )}
        </Select>
        <FormHelperText>Its board's moves, placements and interviews too</FormHelperText>
      </FormControl>
      <FormControl>
        <FormLabel id="audit-actor-label">Actor</FormLabel>
        <Select<string>
          value={search.actor ?? ALL}
          onChange={(_, value) => set({ actor: value && value !== ALL ? value : undefined })}
          slotProps={{ button: { id: 'audit-actor-button', 'aria-labelledby': 'audit-actor-label audit-actor-button' } }}
        >
          <Option value={ALL}>Everyone</Option>
          <Option value="system">System</Option>
          {(actors.data ?? []).map((actor) => (
            <Option key={actor.id} value={actor.id}>
              {actor.name}
            </Option>
          ))}
          {search.actor && search.actor !== 'system' && !actors.data?.some((a) => a.id === search.actor) && (
            <Option value={search.actor}>{search.actor}</Option>
          )}
        </Select>
      </FormControl>
      <CommitInput id="audit-q" label="Text" value={search.q} placeholder="Words in the event" onCommit={(q) => set({ q })} />
      <FormControl>
        <FormLabel htmlFor="audit-from">From</FormLabel>
        <Input
          type="datetime-local"
          slotProps={{ input: { id: 'audit-from' } }}
          value={search.from ?? ''}
          onChange={(e) => set({ from: e.target.value || undefined })}
        />
      </FormControl>
      <FormControl>
        <FormLabel htmlFor="audit-to">To</FormLabel>
        <Input
          type="datetime-local"
          slotProps={{ input: { id: 'audit-to' } }}
          value={search.to ?? ''}
          onChange={(e) => set({ to: e.target.value || undefined })}
        />
      </FormControl>
      <CommitInput
        id="audit-correlation"
        label="Request (correlation id)"
        value={search.correlationId}
        onCommit={(correlationId) => set({ correlationId })}
      />
      <Box sx={{ display: 'flex', alignItems: 'end', height: '100%', pb: 0.25 }}>
        <Button variant="plain" color="neutral" disabled={!hasFilters(search)} onClick={() => onChange({ order: search.order })}>
          Clear filters
        </Button>
      </Box>
    </Box>
  );
}
