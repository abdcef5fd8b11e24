import { queryOptions, useQuery } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const RECENT_ACTIVITIES_LIMIT = 8;

export const recentActivitiesQueryOptions = (limit = RECENT_ACTIVITIES_LIMIT) =>
  queryOptions({
    queryKey: queryKeys.dashboard.recentActivities(limit),
    queryFn: ({ signal }) => callContract(contracts.recentActivities, { query: { limit }, signal }),
  });

export function useRecentActivities(limit = RECENT_ACTIVITIES_LIMIT) {
  return useQuery({ ...recentActivitiesQueryOptions(limit), placeholderData: (previous) => previous });
}
