import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { queryKeys, type CalendarRangeParams } from '@/lib/query-keys';

/** GET /api/calendar/interviews: the lean interviews of the days a view shows, with its filter. */
export const calendarInterviewsQueryOptions = (q: CalendarRangeParams) =>
  queryOptions({
    queryKey: queryKeys.calendar.range(q),
    queryFn: async ({ signal }) => (await callContract(contracts.calendarInterviews, { query: q, signal })).items,
  });

export function useCalendarInterviews(q: CalendarRangeParams) {
  return useQuery({ ...calendarInterviewsQueryOptions(q), placeholderData: keepPreviousData });
}
