import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { mutationKeys, queryKeys } from '@/lib/query-keys';

/** GET /api/calendar/feed: the signed-in user's subscription URL. */
export const calendarFeedQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.calendar.feed(), queryFn: ({ signal }) => callContract(contracts.getCalendarFeed, { signal }) });

export function useCalendarFeed(enabled: boolean) {
  return useQuery({ ...calendarFeedQueryOptions(), enabled });
}

/** POST /api/calendar/feed/rotate: a new link; the old one stops working at once. */
export function useRotateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.rotateCalendarFeed(),
    mutationFn: () => callContract(contracts.rotateCalendarFeed),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.calendar.feed() }),
  });
}
