import Box from '@mui/joy/Box';
import { useQuery } from '@tanstack/react-query';
import { ACTIVITY_COLUMNS, type ActivityCounts, type RecruiterActivity } from '@ats/contracts';
import { useRealtimeRoom } from '@/lib/realtime';
import { recruiterActivityQuery } from '../api/analytics-more';
import type { AnalyticsFilters } from '../filters';
import { SectionTable, type Column } from '../components/section-table';

type Leader = RecruiterActivity['leaderboard'][number];
type Week = RecruiterActivity['weeks'][number];

const counts = <R extends ActivityCounts>(): Array<Column<R>> =>
  ACTIVITY_COLUMNS.map(({ key, label }) => ({ key, label, numeric: true, value: (r: R) => r[key] }));

const LEADERBOARD: ReadonlyArray<Column<Leader>> = [
  { key: 'rank', label: '#', numeric: true, value: () => null },
  { key: 'name', label: 'Recruiter', value: (r) => r.name },
  ...counts<Leader>(),
];
const WEEKS: ReadonlyArray<Column<Week>> = [
  { key: 'week', label: 'Week of', value: (r) => r.week },
  { key: 'name', label: 'Recruiter', value: (r) => r.name },
  ...counts<Week>(),
];

/** Recruiter activity: the leaderboard over the range and each user's weeks (issue 15). */
export function RecruiterActivitySection({ filters }: { filters: AnalyticsFilters }) {
  useRealtimeRoom('analytics');
  const { data, isPending, error } = useQuery(recruiterActivityQuery(filters));
  const ranked = data?.leaderboard.map((r, i) => ({ ...r, rank: i + 1 }));
  const leaderboard: ReadonlyArray<Column<Leader & { rank: number }>> = [
    { ...LEADERBOARD[0]!, value: (r) => r.rank },
    ...(LEADERBOARD.slice(1) as ReadonlyArray<Column<Leader & { rank: number }>>),
  ];
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <SectionTable
        id="recruiter-leaderboard"
        title="Recruiter leaderboard"
        description="Per user over the range: most placements first, then stage moves. A job or client filter counts the work on its jobs only."
        columns={leaderboard}
        rows={ranked}
        rowKey={(r) => r.userId}
        loading={isPending}
        error={error}
        empty="No activity in this range."
        csvName={`recruiter-leaderboard-${filters.from}-${filters.to}.csv`}
      />
      <SectionTable
        id="recruiter-weeks"
        title="Activity by week"
        description="Weeks start on Monday (UTC)."
        columns={WEEKS}
        rows={data?.weeks}
        rowKey={(r) => `${r.userId}|${r.week}`}
        loading={isPending}
        error={error}
        empty="No activity in this range."
        csvName={`recruiter-activity-${filters.from}-${filters.to}.csv`}
      />
    </Box>
  );
}
