import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import IconButton from '@mui/joy/IconButton';
import Option from '@mui/joy/Option';
import Select from '@mui/joy/Select';
import ToggleButtonGroup from '@mui/joy/ToggleButtonGroup';
import Typography from '@mui/joy/Typography';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCalendarFilterOptions } from '../api/get-filter-options';
import { CALENDAR_VIEWS, type CalendarView } from '../utils/calendar-range';

export interface CalendarSearch {
  view?: CalendarView | undefined;
  /** yyyy-MM-dd, the day the view shows (today when absent) */
  date?: string | undefined;
  /** 'mine' or a user id: their interviews (as interviewer or organiser) */
  who?: string | undefined;
  job?: number | undefined;
  client?: number | undefined;
}

const ALL = 'all';
const VIEW_LABELS: Record<CalendarView, string> = { week: 'Week', month: 'Month', agenda: 'Agenda' };

/** Prev / Today / Next, the range's title, the view switch and the filters (all in the URL). */
export function CalendarToolbar({
  search,
  title,
  timeZone,
  onChange,
  onStep,
  onToday,
}: {
  search: CalendarSearch;
  title: string;
  timeZone: string;
  onChange: (patch: Partial<CalendarSearch>) => void;
  onStep: (direction: -1 | 1) => void;
  onToday: () => void;
}) {
  const options = useCalendarFilterOptions();
  const view = search.view ?? 'week';
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, mb: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <IconButton
          variant="outlined"
          color="neutral"
          aria-label={`Previous ${view === 'agenda' ? 'days' : view}`}
          onClick={() => onStep(-1)}
        >
          <ChevronLeft size={18} aria-hidden />
        </IconButton>
        <Button variant="outlined" color="neutral" onClick={onToday}>
          Today
        </Button>
        <IconButton variant="outlined" color="neutral" aria-label={`Next ${view === 'agenda' ? 'days' : view}`} onClick={() => onStep(1)}>
          <ChevronRight size={18} aria-hidden />
        </IconButton>
        <Typography level="title-lg" component="h2" data-testid="calendar-title" sx={{ mx: 1 }}>
          {title}
        </Typography>
        <Typography level="body-xs" sx={{ color: 'text.secondary' }} data-testid="calendar-time-zone">
          Times in {timeZone}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <ToggleButtonGroup
          aria-label="View"
          value={view}
          onChange={(_, value) => value && onChange({ view: value as CalendarView })}
          size="sm"
        >
          {CALENDAR_VIEWS.map((v) => (
            <Button key={v} value={v} aria-pressed={view === v}>
              {VIEW_LABELS[v]}
            </Button>
          ))}
        </ToggleButtonGroup>
      </Box>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 220px))' } }}>
        <FormControl size="sm">
          <FormLabel id="calendar-who-label">Interviews of</FormLabel>
          <Select<string>
            value={search.who ?? ALL}
            onChange={(_, value) => onChange({ who: value && value !== ALL ? value : undefined })}
            slotProps={{ button: { id: 'calendar-who-button', 'aria-labelledby': 'calendar-who-label calendar-who-button' } }}
          >
            <Option value={ALL}>Everyone</Option>
            <Option value="mine">Mine</Option>
            {options.people.map((p) => (
              <Option key={p.id} value={p.id}>
                {p.name}
              </Option>
            ))}
          </Select>
        </FormControl>
        <FormControl size="sm">
          <FormLabel id="calendar-job-label">Job</FormLabel>
          <Select<string>
            value={search.job ? String(search.job) : ALL}
            onChange={(_, value) => onChange({ job: value && value !== ALL ? Number(value) : undefined })}
            slotProps={{ button: { id: 'calendar-job-button', 'aria-labelledby': 'calendar-job-label calendar-job-button' } }}
          >
            <Option value={ALL}>All jobs</Option>
            {options.jobs.map((j) => (
              <Option key={j.id} value={String(j.id)}>
                {j.title}
                {j.client ? ` — ${j.client.companyName}` : ''}
              </Option>
            ))}
          </Select>
        </FormControl>
        <FormControl size="sm">
          <FormLabel id="calendar-client-label">Client</FormLabel>
          <Select<string>
            value={search.client ? String(search.client) : ALL}
            onChange={(_, value) => onChange({ client: value && value !== ALL ? Number(value) : undefined })}
            slotProps={{ button: { id: 'calendar-client-button', 'aria-labelledby': 'calendar-client-label calendar-client-button' } }}
          >
            <Option value={ALL}>All clients</Option>
            {options.clients.map((c) => (
              <Option key={c.id} value={String(c.id)}>
                {c.companyName}
              </Option>
            ))}
          </Select>
        </FormControl>
      </Box>
    </Box>
  );
}
