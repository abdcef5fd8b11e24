import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contracts, type CalendarItem } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { mutationKeys, queryKeys } from '@/lib/query-keys';

export interface RescheduleInput {
  interview: CalendarItem;
  scheduledAt: Date;
  /** the revision the move was decided on; absent for an Undo (it moves back whatever happened since) */
  baseRevision?: number | undefined;
}

/**
 * POST /api/interviews/:id/reschedule from the calendar: the event moves at once in every cached
 * view, and goes back if the server refuses (the views then read again).
 */
export function useRescheduleFromCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.rescheduleFromCalendar(),
    mutationFn: ({ interview, scheduledAt, baseRevision }: RescheduleInput) =>
      callContract(contracts.rescheduleInterview, {
        params: { id: interview.id },
        body: { scheduledAt: scheduledAt.toISOString(), ...(baseRevision === undefined ? {} : { baseRevision }) },
      }),
    onMutate: async ({ interview, scheduledAt }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.calendar.rangesAll() });
      const before = queryClient.getQueriesData<CalendarItem[]>({ queryKey: queryKeys.calendar.rangesAll() });
      const endsAt = new Date(scheduledAt.getTime() + interview.duration * 60_000).toISOString();
      queryClient.setQueriesData<CalendarItem[]>({ queryKey: queryKeys.calendar.rangesAll() }, (list) =>
        list?.map((i) => (i.id === interview.id ? { ...i, scheduledAt: scheduledAt.toISOString(), endsAt } : i)),
      );
      return { before };
    },
    onError: (_error, _input, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.calendar.all() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.todaysInterviews() }),
      ]),
  });
}
