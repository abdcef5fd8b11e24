import Box from '@mui/joy/Box';
import { PageHeader } from '@/components/page-header';
import { useRealtimeRoom } from '@/lib/realtime';
import type { AnalyticsFilters } from '../filters';
import { analyticsSections } from '../sections';
import { FilterBar } from './filter-bar';

/** The Analytics screen: the filters, then every registered section with the same filters. */
export function AnalyticsPage({
  filters,
  onChange,
  onReset,
}: {
  filters: AnalyticsFilters;
  onChange: (next: Partial<AnalyticsFilters>) => void;
  onReset: () => void;
}) {
  // analytics notices go to the dashboard room: open charts refresh when someone moves a card
  useRealtimeRoom('dashboard');
  return (
    <Box>
      <PageHeader title="Analytics" subtitle="Recruiting metrics from the exact history of every move. Definitions are in the README." />
      <FilterBar filters={filters} onChange={onChange} onReset={onReset} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', xl: 'repeat(2, minmax(0, 1fr))' } }}>
        {analyticsSections.map(({ id, Component }) => (
          <Component key={id} filters={filters} />
        ))}
      </Box>
    </Box>
  );
}
