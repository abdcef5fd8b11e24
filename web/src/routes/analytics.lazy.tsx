import { getRouteApi } from '@tanstack/react-router';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { AnalyticsPage } from '@/features/analytics/components/analytics-page';
import type { AnalyticsFilters } from '@/features/analytics/filters';
import { defaultRange } from '@/features/analytics/utils/range';

const route = getRouteApi('/analytics');

export function AnalyticsScreen() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  useDocumentTitle('Analytics');
  const range = defaultRange();
  const filters: AnalyticsFilters = {
    from: search.from ?? range.from,
    to: search.to ?? range.to,
    ...(search.client ? { client: search.client } : {}),
    ...(search.job ? { job: search.job } : {}),
    ...(search.recruiter ? { recruiter: search.recruiter } : {}),
  };
  return (
    <AnalyticsPage
      filters={filters}
      onChange={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true })}
      onReset={() => void navigate({ search: {}, replace: true })}
    />
  );
}
