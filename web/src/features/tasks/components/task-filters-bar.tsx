import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Option from '@mui/joy/Option';
import Select from '@mui/joy/Select';
import { SearchInput } from '@/components/search-input';
import { useTeamMembers } from '@/components/tasks/task-api';
import { RELATED_KIND_LABELS } from '@/components/tasks/related-record-picker';
import { isFiltered, type TasksSearch } from '../utils/task-filters';

const ANY = 'any';

function FilterSelect({
  id,
  label,
  value,
  anyLabel,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string | undefined;
  anyLabel?: string;
  options: Array<{ value: string; label: string }>;
  onChange: (value: string | undefined) => void;
}) {
  return (
    <FormControl size="sm">
      <FormLabel id={`${id}-label`}>{label}</FormLabel>
      <Select<string>
        size="sm"
        value={value ?? ANY}
        onChange={(_, next) => onChange(next && next !== ANY ? next : undefined)}
        slotProps={{ button: { id: `${id}-button`, 'aria-labelledby': `${id}-label ${id}-button` } }}
      >
        {anyLabel && <Option value={ANY}>{anyLabel}</Option>}
        {options.map((o) => (
          <Option key={o.value} value={o.value}>
            {o.label}
          </Option>
        ))}
      </Select>
    </FormControl>
  );
}

/** Status, priority, due, assignee (All tasks) and related record kind, plus text search; each change is a new URL. */
export function TaskFiltersBar({ search, onChange }: { search: TasksSearch; onChange: (next: TasksSearch) => void }) {
  const team = useTeamMembers();
  const set = (patch: Partial<TasksSearch>) => onChange({ ...search, ...patch });
  const all = search.tab === 'all';
  return (
    <Box
      role="group"
      aria-label="Filter tasks"
      sx={{
        display: 'grid',
        gap: 1.5,
        alignItems: 'end',
        gridTemplateColumns: { xs: '1fr 1fr', md: `repeat(${all ? 6 : 5}, minmax(0, 1fr)) auto` },
      }}
    >
      <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}>
        <SearchInput
          value={search.q ?? ''}
          onChange={(q) => set({ q: q.trim() || undefined })}
          placeholder="Search tasks"
          label="Search tasks"
        />
      </Box>
      <FilterSelect
        id="task-status"
        label="Status"
        value={search.status ?? 'open'}
        options={[
          { value: 'open', label: 'Open' },
          { value: 'completed', label: 'Completed' },
          { value: 'all', label: 'All' },
        ]}
        onChange={(v) => set({ status: v === 'open' ? undefined : (v as TasksSearch['status']) })}
      />
      <FilterSelect
        id="task-priority"
        label="Priority"
        value={search.priority}
        anyLabel="Any priority"
        options={[
          { value: 'high', label: 'High' },
          { value: 'medium', label: 'Medium' },
          { value: 'low', label: 'Low' },
        ]}
        onChange={(v) => set({ priority: v as TasksSearch['priority'] })}
      />
      <FilterSelect
        id="task-due"
        label="Due"
        value={search.due}
        anyLabel="Any time"
        options={[
          { value: 'overdue', label: 'Overdue' },
          { value: 'today', label: 'Today' },
          { value: 'week', label: 'This week' },
        ]}
        onChange={(v) => set({ due: v as TasksSearch['due'] })}
      />
      {all && (
        <FilterSelect
          id="task-assignee"
          label="Assignee"
          value={search.assignee}
          anyLabel="Anyone"
          options={(team.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
          onChange={(v) => set({ assignee: v })}
        />
      )}
      <FilterSelect
        id="task-related"
        label="Related to"
        value={search.related}
        anyLabel="Any record"
        options={(['candidate', 'job', 'client', 'application'] as const).map((k) => ({ value: k, label: `${RELATED_KIND_LABELS[k]}s` }))}
        onChange={(v) => set({ related: v as TasksSearch['related'] })}
      />
      <Button variant="plain" color="neutral" size="sm" disabled={!isFiltered(search)} onClick={() => onChange({ tab: search.tab })}>
        Clear filters
      </Button>
    </Box>
  );
}
