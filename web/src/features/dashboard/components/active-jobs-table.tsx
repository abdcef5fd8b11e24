import { useMemo, useState } from 'react';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Chip from '@mui/joy/Chip';
import IconButton from '@mui/joy/IconButton';
import Skeleton from '@mui/joy/Skeleton';
import Table from '@mui/joy/Table';
import ToggleButtonGroup from '@mui/joy/ToggleButtonGroup';
import Tooltip from '@mui/joy/Tooltip';
import Typography from '@mui/joy/Typography';
import { Briefcase, ChevronLeft, ChevronRight, Eye, SquareKanban } from 'lucide-react';
import type { Job } from '@ats/contracts';
import { ButtonLink, IconButtonLink } from '@/components/router-links';
import { titleCase } from '@/lib/format';
import { useActiveJobs } from '../api/get-active-jobs';
import { pageOf } from '../utils/paging';
import { EmptyLine, WidgetCard } from './widget-card';

const SKELETON_ROWS = 3;
const MAX_ROWS = 8;
const NEW_WITHIN_DAYS = 14;
type JobFilter = 'all' | 'urgent' | 'new';

const PRIORITY_COLOR: Record<string, 'danger' | 'warning' | 'neutral'> = {
  urgent: 'danger',
  high: 'danger',
  medium: 'warning',
  low: 'neutral',
};
const STATUS_COLOR: Record<string, 'success' | 'primary' | 'warning' | 'neutral'> = {
  open: 'success',
  sourcing: 'primary',
  interviewing: 'primary',
  offer_extended: 'warning',
};

function applyFilter(jobs: Job[], filter: JobFilter, now: number): Job[] {
  if (filter === 'urgent') return jobs.filter((job) => job.priority === 'urgent' || job.priority === 'high');
  if (filter === 'new') return jobs.filter((job) => now - new Date(job.createdAt).getTime() <= NEW_WITHIN_DAYS * 86_400_000);
  return jobs;
}

/** SPEC §2.3 Active Job Pipeline: Position, Client, Status, Candidates, Priority, Actions. */
export function ActiveJobsTable() {
  const { data, isPending, isError } = useActiveJobs();
  const [filter, setFilter] = useState<JobFilter>('all');
  const [page, setPage] = useState(0);
  const filtered = useMemo(() => applyFilter(data ?? [], filter, Date.now()), [data, filter]);
  // a page at a time, saying how many there are: never a silent cut
  const paged = pageOf(filtered, page, MAX_ROWS);
  const rows = paged.rows;

  return (
    <WidgetCard
      id="active-jobs"
      title="Active Job Pipeline"
      icon={<Briefcase size={18} aria-hidden />}
      action={
        <ToggleButtonGroup
          size="sm"
          value={filter}
          onChange={(_, value) => {
            if (!value) return;
            setFilter(value as JobFilter);
            setPage(0);
          }}
          aria-label="Filter jobs"
        >
          <Button value="all">All</Button>
          <Button value="urgent">Urgent</Button>
          <Button value="new">New</Button>
        </ToggleButtonGroup>
      }
    >
      {/* At 200% zoom the card is about 600px wide. Joy's fixed table layout with a minimum
          width made the card scroll sideways and let a long chip ("Offer Extended") spill over
          the next cell (WCAG 1.4.10): the columns size to their content and chips wrap. Only
          a phone narrower than the words themselves still scrolls. */}
      <Box sx={{ overflowX: 'auto', mx: -1 }}>
        <Table
          aria-label="Active jobs"
          size="sm"
          hoverRow
          sx={{
            tableLayout: 'auto',
            '--TableCell-paddingX': '8px',
            '& th': { color: 'text.tertiary', fontWeight: 'md', whiteSpace: 'nowrap' },
            '& td': { verticalAlign: 'middle', overflowWrap: 'break-word' },
            '& td .MuiChip-root': { whiteSpace: 'normal', maxWidth: '100%' },
            '& td .MuiChip-label': { whiteSpace: 'normal' },
            // on a phone, Client goes under the position and Candidates away, so Status stays in view
            '& .wide-only': { display: { xs: 'none', sm: 'table-cell' } },
          }}
        >
          <thead>
            <tr>
              <th>Position</th>
              <th className="wide-only">Client</th>
              <th>Status</th>
              <th className="wide-only">Candidates</th>
              <th>Priority</th>
              <th>Actions</th>
            </tr>
          </thead>
          <tbody>
            {isPending ? (
              Array.from({ length: SKELETON_ROWS }, (_, i) => (
                <tr key={i} data-testid="job-row-skeleton">
                  {Array.from({ length: 6 }, (__, j) => (
                    <td key={j}>
                      <Skeleton variant="text" level="body-sm" width={j === 0 ? '80%' : '60%'} />
                    </td>
                  ))}
                </tr>
              ))
            ) : isError || rows.length === 0 ? (
              <tr>
                <td colSpan={6}>
                  {isError ? <Typography color="danger">Could not load jobs.</Typography> : <EmptyLine>No active jobs</EmptyLine>}
                </td>
              </tr>
            ) : (
              rows.map((job) => (
                <tr key={job.id} data-testid="job-row">
                  <td>
                    <Typography level="title-sm">{job.title}</Typography>
                    {job.department && (
                      <Typography level="body-xs" textColor="text.tertiary">
                        {job.department}
                      </Typography>
                    )}
                    <Typography level="body-xs" textColor="text.tertiary" sx={{ display: { xs: 'block', sm: 'none' } }}>
                      {job.client?.companyName ?? ''}
                    </Typography>
                  </td>
                  <td className="wide-only">
                    <Typography level="body-sm">{job.client?.companyName ?? '—'}</Typography>
                  </td>
                  <td>
                    <Chip size="sm" variant="soft" color={STATUS_COLOR[job.status] ?? 'neutral'}>
                      {titleCase(job.status)}
                    </Chip>
                  </td>
                  <td className="wide-only">
                    <Typography level="body-sm">{job.candidateCount}</Typography>
                  </td>
                  <td>
                    <Chip size="sm" variant="soft" color={PRIORITY_COLOR[job.priority] ?? 'neutral'}>
                      {titleCase(job.priority)}
                    </Chip>
                  </td>
                  <td>
                    <Box sx={{ display: 'flex', gap: 0.5 }}>
                      <Tooltip title="View job order" enterDelay={700} enterNextDelay={300}>
                        <IconButtonLink
                          size="sm"
                          variant="plain"
                          to="/jobs"
                          search={{ search: job.title }}
                          aria-label={`View ${job.title}`}
                        >
                          <Eye size={16} />
                        </IconButtonLink>
                      </Tooltip>
                      <Tooltip title="Open in pipeline" enterDelay={700} enterNextDelay={300}>
                        <IconButtonLink
                          size="sm"
                          variant="plain"
                          to="/jobs/pipeline"
                          search={{ job: job.id }}
                          aria-label={`Open ${job.title} in the pipeline`}
                        >
                          <SquareKanban size={16} />
                        </IconButtonLink>
                      </Tooltip>
                    </Box>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </Table>
      </Box>
      {!isPending && !isError && paged.total > 0 && (
        <Box
          data-testid="active-jobs-paging"
          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, pt: 1, mt: 'auto' }}
        >
          <Typography level="body-sm" textColor="text.secondary" aria-live="polite">
            {paged.from === paged.to ? `${paged.from}` : `${paged.from}–${paged.to}`} of {paged.total} active jobs
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            {paged.pages > 1 && (
              <>
                <IconButton
                  size="sm"
                  variant="plain"
                  aria-label="Previous jobs"
                  disabled={!paged.hasPrevious}
                  onClick={() => setPage(paged.page - 1)}
                >
                  <ChevronLeft size={16} />
                </IconButton>
                <IconButton
                  size="sm"
                  variant="plain"
                  aria-label="Next jobs"
                  disabled={!paged.hasNext}
                  onClick={() => setPage(paged.page + 1)}
                >
                  <ChevronRight size={16} />
                </IconButton>
              </>
            )}
            <ButtonLink size="sm" variant="plain" to="/jobs">
              View all jobs
            </ButtonLink>
          </Box>
        </Box>
      )}
    </WidgetCard>
  );
}
