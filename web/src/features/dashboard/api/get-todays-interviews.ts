import { queryOptions, useQuery } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { browserTimeZone } from '../utils/time-zone';

/** GET /api/dashboard/todays-interviews?tz= — "today" is the user's day. */
export const todaysInterviewsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.dashboard.todaysInterviews(),
    queryFn: ({ signal }) => callContract(contracts.todaysInterviews, { query: { tz: browserTimeZone() }, signal }),
  });

export function useTodaysInterviews() {
  return useQuery(todaysInterviewsQueryOptions());
}
