import { queryOptions, useQuery } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { browserTimeZone } from '../utils/time-zone';

export type InterviewScope = 'mine' | 'team';

/**
 * GET /api/dashboard/todays-interviews?tz= — "today" is the user's day; the user's own interviews
 * (an interviewer or the organiser), or with scope=team everyone's. The default read's URL is the
 * one boot.js files the first-screen part under: it carries no scope.
 */
export const todaysInterviewsQueryOptions = (scope: InterviewScope = 'mine') =>
  queryOptions({
    queryKey: queryKeys.dashboard.todaysInterviews(scope),
    queryFn: ({ signal }) =>
      callContract(contracts.todaysInterviews, {
        query: scope === 'team' ? { tz: browserTimeZone(), scope } : { tz: browserTimeZone() },
        signal,
      }),
  });

export function useTodaysInterviews(scope: InterviewScope = 'mine') {
  return useQuery(todaysInterviewsQueryOptions(scope));
}
