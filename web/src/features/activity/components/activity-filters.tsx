import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Option from '@mui/joy/Option';
import Select from '@mui/joy/Select';
import { ACTIVITY_TYPES } from '@ats/contracts';
import { useActivityActors } from '../api/get-activity-feed';
import { ACTIVITY_TYPE_LABELS, type ActivitySearch } from '../utils/feed-filters';

const ALL = 'all';

/** Type, user and date range filters of the feed; each change is a new URL search. */
export function ActivityFilters({ search, onChange }: { search: ActivitySearch; onChange: (next: ActivitySearch) => void }) {
  const actors = useActivityActors();
  const set = (patch: Partial<ActivitySearch>) => onChange({ ...search, ...patch });
  const filtered = Boolean(search.type || search.user || search.from || search.to);
  return (
    <Box
      role="group"
      aria-label="Filter activities"
      sx={{
        display: 'grid',
        gap: 1.5,
        alignItems: 'end',
        gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr)) auto' },
      }}
    >
      <FormControl>
        <FormLabel id="activity-type-label">Type</FormLabel>
        <Select<string>
          value={search.type ?? ALL}
          onChange={(_, value) => set({ type: value && value !== ALL ? (value as ActivitySearch['type']) : undefined })}
          slotProps={{ button: { id: 'activity-type-button', 'aria-labelledby': 'activity-type-label activity-type-button' } }}
        >
          <Option value={ALL}>All types</Option>
          {ACTIVITY_TYPES.map((type) => (
            <Option key={type} value={type}>
              {ACTIVITY_TYPE_LABELS[type]}
            </Option>
          ))}
        </Select>
      </FormControl>
      <FormControl>
        <FormLabel id="activity-user-label">User</FormLabel>
        <Select<string>
          value={search.user ?? ALL}
          onChange={(_, value) => set({ user: value && value !== ALL ? value : undefined })}
          slotProps={{ button: { id: 'activity-user-button', 'aria-labelledby': 'activity-user-label activity-user-button' } }}
        >
          <Option value={ALL}>All users</Option>
          {(actors.data ?? []).map((actor) => (
            <Option key={actor.id} value={actor.id}>
              {actor.name}
            </Option>
          ))}
          {search.user && !actors.data?.some((a) => a.id === search.user) && <Option value={search.user}>{search.user}</Option>}
        </Select>
      </FormControl>
      <FormControl>
        <FormLabel>From</FormLabel>
        <Input type="date" value={search.from ?? ''} onChange={(e) => set({ from: e.target.value || undefined })} />
      </FormControl>
      <FormControl>
        <FormLabel>To</FormLabel>
        <Input type="date" value={search.to ?? ''} onChange={(e) => set({ to: e.target.value || undefined })} />
      </FormControl>
      <Button
        variant="plain"
        color="neutral"
        disabled={!filtered}
        onClick={() => onChange({})}
        sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, justifySelf: { xs: 'start', md: 'auto' } }}
      >
        Clear filters
      </Button>
    </Box>
  );
}
