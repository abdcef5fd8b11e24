import { useQuery } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { browserTimeZone } from '../utils/time-zone';

/** GET /api/analytics/dashboard-changes?tz= — the cards' change labels, computed from the analytics read models. */
export function useDashboardChanges() {
  const tz = browserTimeZone();
  return useQuery({
    queryKey: queryKeys.analytics.dashboardChanges(tz ?? 'UTC'),
    queryFn: ({ signal }) => callContract(contracts.analyticsDashboardChanges, { query: { tz }, signal }),
  });
}
