import { queryOptions, useQuery } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { browserTimeZone } from '../utils/time-zone';

/** GET /api/dashboard/metrics?tz= — "this month" and "this year" in the user's time zone. */
export const dashboardMetricsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.dashboard.metrics(),
    queryFn: ({ signal }) => callContract(contracts.dashboardMetrics, { query: { tz: browserTimeZone() }, signal }),
  });

export function useDashboardMetrics() {
  return useQuery(dashboardMetricsQueryOptions());
}
