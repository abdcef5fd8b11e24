import { getRouteApi } from '@tanstack/react-router';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { AnalyticsPage } from '@/features/analytics/components/analytics-page';
import { filtersOf, type AnalyticsFilters } from '@/features/analytics/filters';
import { defaultRange } from '@/features/analytics/utils/range';
import type { AnalyticsSearch } from './analytics';

const route = getRouteApi('/analytics');

/** A filter change applied to the URL search: ids are numbers in the URL (?client=6); a cleared picker removes its key. */
function withFilters(prev: AnalyticsSearch, next: Partial<AnalyticsFilters>): AnalyticsSearch {
  const id = (v: string | undefined) => (v ? Number(v) : undefined);
  const { client, job, ...dates } = next;
  return { ...prev, ...dates, ...('client' in next ? { client: id(client) } : {}), ...('job' in next ? { job: id(job) } : {}) };
}

export function AnalyticsScreen() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  useDocumentTitle('Analytics');
  const filters = filtersOf(search, defaultRange());
  return (
    <AnalyticsPage
      filters={filters}
      onChange={(next) => void navigate({ search: (prev) => withFilters(prev, next), replace: true })}
      onReset={() => void navigate({ search: {}, replace: true })}
    />
  );
}
