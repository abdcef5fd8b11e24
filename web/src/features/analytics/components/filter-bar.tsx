import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Option from '@mui/joy/Option';
import Select from '@mui/joy/Select';
import { useFilterOptions, type FilterOption } from '../api/get-filter-options';
import type { AnalyticsFilters } from '../filters';
import { PERIODS, periodOf, periodRange, type Period } from '../utils/range';

type Change = (next: Partial<AnalyticsFilters>) => void;

function Picker({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string | undefined;
  options: FilterOption[];
  onChange: (v: string | undefined) => void;
}) {
  return (
    <FormControl size="sm" sx={{ minWidth: 180 }}>
      <FormLabel>{label}</FormLabel>
      <Select
        value={value ?? 'all'}
        onChange={(_e, v) => onChange(v === null || v === 'all' ? undefined : v)}
        slotProps={{ listbox: { sx: { maxHeight: 320 } } }}
      >
        <Option value="all">All</Option>
        {/* the chosen value stays an option while the choices load: the select drops a value it cannot find */}
        {value !== undefined && !options.some((o) => o.value === value) && <Option value={value}>{`#${value}`}</Option>}
        {options.map((o) => (
          <Option key={o.value} value={o.value}>
            {o.label}
          </Option>
        ))}
      </Select>
    </FormControl>
  );
}

/** Date range, client, job and recruiter; every change goes to the URL (shareable, back button). */
export function FilterBar({ filters, onChange, onReset }: { filters: AnalyticsFilters; onChange: Change; onReset: () => void }) {
  const { clients, jobs, recruiters } = useFilterOptions();
  const jobChoices = filters.client ? jobs.filter((j) => j.clientId === filters.client) : jobs;
  const date = (key: 'from' | 'to', label: string) => (
    <FormControl size="sm">
      <FormLabel>{label}</FormLabel>
      <Input
        type="date"
        value={filters[key]}
        onChange={(e) => {
          if (e.target.value) onChange({ [key]: e.target.value });
        }}
        slotProps={{ input: { max: key === 'from' ? filters.to : undefined, min: key === 'to' ? filters.from : undefined } }}
      />
    </FormControl>
  );
  return (
    <Box role="search" aria-label="Analytics filters" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-end', mb: 3 }}>
      <FormControl size="sm" sx={{ minWidth: 160 }}>
        <FormLabel>Period</FormLabel>
        <Select
          value={periodOf(filters) ?? 'custom'}
          onChange={(_e, v) => {
            if (v && v !== 'custom') onChange(periodRange(v as Period));
          }}
        >
          {PERIODS.map((p) => (
            <Option key={p.value} value={p.value}>
              {p.label}
            </Option>
          ))}
          <Option value="custom" disabled>
            Custom range
          </Option>
        </Select>
      </FormControl>
      {date('from', 'From')}
      {date('to', 'To')}
      <Picker label="Client" value={filters.client} options={clients} onChange={(client) => onChange({ client, job: undefined })} />
      <Picker label="Job" value={filters.job} options={jobChoices} onChange={(job) => onChange({ job })} />
      <Picker
        label="Recruiter (job owner)"
        value={filters.recruiter}
        options={recruiters}
        onChange={(recruiter) => onChange({ recruiter })}
      />
      <Button size="sm" variant="plain" color="neutral" onClick={onReset}>
        Reset filters
      </Button>
    </Box>
  );
}
