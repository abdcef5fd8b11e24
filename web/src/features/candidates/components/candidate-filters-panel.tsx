import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Option from '@mui/joy/Option';
import Select from '@mui/joy/Select';
import Typography from '@mui/joy/Typography';
import { useAtom } from 'jotai';
import { titleCase } from '@/lib/format';
import {
  CANDIDATE_STATUS_FILTERS,
  EMPTY_CANDIDATE_FILTERS,
  RESUME_FILTERS,
  candidateFiltersAtom,
  type CandidateStatusFilter,
  type ResumeFilter,
} from '../state/candidate-filters';

/** SPEC §2.6 filter panel: status, location, skills, resume, the count and Clear Filters. */
export function CandidateFiltersPanel({ count }: { count: number | undefined }) {
  const [filters, setFilters] = useAtom(candidateFiltersAtom);
  return (
    <Card variant="soft" id="candidate-filters" component="section" aria-label="Filters" sx={{ mb: 3, gap: 2 }}>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
        }}
      >
        <FormControl>
          <FormLabel id="filter-status-label">Status</FormLabel>
          <Select<CandidateStatusFilter>
            value={filters.status}
            onChange={(_, value) => value && setFilters((f) => ({ ...f, status: value }))}
            slotProps={{ button: { 'aria-labelledby': 'filter-status-label filter-status-button', id: 'filter-status-button' } }}
          >
            {CANDIDATE_STATUS_FILTERS.map((status) => (
              <Option key={status} value={status}>
                {status === 'all' ? 'All' : titleCase(status)}
              </Option>
            ))}
          </Select>
        </FormControl>
        <FormControl>
          <FormLabel>Location</FormLabel>
          <Input
            value={filters.location}
            placeholder="e.g. New York"
            onChange={(event) => setFilters((f) => ({ ...f, location: event.target.value }))}
          />
        </FormControl>
        <FormControl>
          <FormLabel>Skills</FormLabel>
          <Input
            value={filters.skills}
            placeholder="e.g. M&A, P&L leadership"
            onChange={(event) => setFilters((f) => ({ ...f, skills: event.target.value }))}
          />
        </FormControl>
        <FormControl>
          <FormLabel id="filter-resume-label">Resume</FormLabel>
          <Select<ResumeFilter>
            value={filters.resume}
            onChange={(_, value) => value && setFilters((f) => ({ ...f, resume: value }))}
            slotProps={{ button: { 'aria-labelledby': 'filter-resume-label filter-resume-button', id: 'filter-resume-button' } }}
          >
            {RESUME_FILTERS.map((option) => (
              <Option key={option.value} value={option.value}>
                {option.label}
              </Option>
            ))}
          </Select>
        </FormControl>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography level="body-sm" textColor="text.secondary" role="status" aria-live="polite">
          {count === undefined ? 'Counting candidates…' : `${count} candidates found`}
        </Typography>
        <Button size="sm" variant="outlined" color="neutral" onClick={() => setFilters(EMPTY_CANDIDATE_FILTERS)}>
          Clear Filters
        </Button>
      </Box>
    </Card>
  );
}
