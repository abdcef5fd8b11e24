import { useQuery } from '@tanstack/react-query';
import { SOURCE_LABELS, type SourceRow } from '@ats/contracts';
import { useRealtimeRoom } from '@/lib/realtime';
import { sourcesQuery } from '../api/analytics-more';
import type { AnalyticsFilters } from '../filters';
import { SectionTable, type Column } from '../components/section-table';

const share = (part: number, whole: number) => (whole === 0 ? '–' : `${Math.round((part / whole) * 100)}%`);
const withShare = (key: 'pastScreening' | 'interviewed' | 'placed', label: string): Column<SourceRow> => ({
  key,
  label,
  numeric: true,
  value: (r) => r[key],
  render: (r) => `${r[key]} (${share(r[key], r.applications)})`,
});

const COLUMNS: ReadonlyArray<Column<SourceRow>> = [
  { key: 'source', label: 'Source', value: (r) => SOURCE_LABELS[r.source] },
  { key: 'candidates', label: 'Candidates added', numeric: true, value: (r) => r.candidates },
  { key: 'applications', label: 'Applications', numeric: true, value: (r) => r.applications },
  withShare('pastScreening', 'Moved past screening'),
  withShare('interviewed', 'Interviewed'),
  withShare('placed', 'Placed'),
];

/** Source effectiveness: per source, candidates added and how far their applications got (issue 15). */
export function SourceEffectivenessSection({ filters }: { filters: AnalyticsFilters }) {
  useRealtimeRoom('analytics');
  const { data, isPending, error } = useQuery(sourcesQuery(filters));
  const rows = data?.rows.filter((r) => r.candidates > 0 || r.applications > 0);
  return (
    <SectionTable
      id="sources"
      title="Source effectiveness"
      description="Candidates added in the range, and applications created in it by source (the application's own, else its candidate's); shares are of the applications."
      columns={COLUMNS}
      rows={rows}
      rowKey={(r) => r.source}
      loading={isPending}
      error={error}
      empty="No candidates or applications in this range."
      csvName={`source-effectiveness-${filters.from}-${filters.to}.csv`}
    />
  );
}
