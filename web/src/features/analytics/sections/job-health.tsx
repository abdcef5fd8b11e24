import Chip from '@mui/joy/Chip';
import { useQuery } from '@tanstack/react-query';
import { STAGE_LABELS, type JobHealthRow } from '@ats/contracts';
import { RouterLink } from '@/components/router-links';
import { jobHealthQuery, staleReasons } from '@/lib/job-health';
import { useRealtimeRoom } from '@/lib/realtime';
import type { AnalyticsFilters } from '../filters';
import { SectionTable, type Column } from '../components/section-table';

const STAGES = ['applied', 'phone_screen', 'interview', 'final_interview', 'offer', 'placed'] as const;

const COLUMNS: ReadonlyArray<Column<JobHealthRow>> = [
  {
    key: 'title',
    label: 'Job',
    value: (r) => r.title,
    // a stale job is opened from here to act on it (move a card, reassign its task)
    render: (r) => (
      <RouterLink to="/jobs/$id" params={{ id: String(r.jobId) }}>
        {r.title}
      </RouterLink>
    ),
  },
  { key: 'client', label: 'Client', value: (r) => r.clientName ?? '' },
  { key: 'daysOpen', label: 'Days open', numeric: true, value: (r) => r.daysOpen },
  ...STAGES.map((stage) => ({
    key: stage,
    label: STAGE_LABELS[stage] ?? stage,
    numeric: true,
    value: (r: JobHealthRow) => r.stages[stage],
  })),
  { key: 'lastMove', label: 'Days since last move', numeric: true, value: (r) => r.daysSinceLastMove ?? '' },
  {
    key: 'stale',
    label: 'Health',
    value: (r) => (r.stale ? `Stale: ${staleReasons(r).join('; ')}` : 'OK'),
    render: (r) =>
      r.stale ? (
        <Chip size="sm" variant="soft" color="warning" title={staleReasons(r).join('; ')}>
          Stale: {staleReasons(r).join('; ')}
        </Chip>
      ) : (
        <Chip size="sm" variant="soft" color="success">
          OK
        </Chip>
      ),
  },
];

/**
 * Job health: every open job now (the date range does not apply), stale first. The client, job
 * and recruiter (the job's owner) filters do.
 */
export function JobHealthSection({ filters }: { filters: AnalyticsFilters }) {
  useRealtimeRoom('analytics');
  const { client, job, recruiter } = filters;
  const { data, isPending, error } = useQuery(
    jobHealthQuery({ ...(client ? { client } : {}), ...(job ? { job } : {}), ...(recruiter ? { recruiter } : {}) }),
  );
  return (
    <SectionTable
      id="job-health"
      title="Job health"
      description="Open jobs today, stale first: flagged when a candidate has not moved for 14+ days, or when a job open 30+ days has fewer than 3 candidates (the next-action rules)."
      columns={COLUMNS}
      rows={data?.rows}
      rowKey={(r) => String(r.jobId)}
      loading={isPending}
      error={error}
      empty="No open jobs."
      csvName={`job-health-${new Date().toISOString().slice(0, 10)}.csv`}
    />
  );
}
