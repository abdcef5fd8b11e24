import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  contracts,
  type CancelInterviewBody,
  type CompleteInterviewBody,
  type RescheduleInterviewBody,
  type ScheduleInterviewBody,
  type UpdateInterviewBody,
} from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { mutationKeys, queryKeys, type InterviewConflictParams, type InterviewListParams } from '@/lib/query-keys';

/*
 * The interviews' endpoints, shared by the candidate page, the job page, the board's cards, the
 * dashboard and the calendar: one query option or mutation per endpoint.
 */

/** GET /api/interviews: a range or a record's interviews, earliest first. */
export const interviewListQueryOptions = (params: InterviewListParams) =>
  queryOptions({
    queryKey: queryKeys.interviews.list(params),
    queryFn: ({ signal }) => callContract(contracts.listInterviews, { query: params, signal }),
  });

export function useInterviewList(params: InterviewListParams, enabled = true) {
  return useQuery({ ...interviewListQueryOptions(params), enabled });
}

/** GET /api/interviews/:id with the candidate, job and client names. */
export const interviewQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.interviews.detail(id),
    queryFn: ({ signal }) => callContract(contracts.getInterview, { params: { id }, signal }),
  });

export function useInterview(id: number | null) {
  return useQuery({ ...interviewQueryOptions(id ?? 0), enabled: id !== null });
}

/** GET /api/interviews/conflicts: who is already booked at the asked time (a warning). */
export function useInterviewConflicts(params: InterviewConflictParams | null) {
  return useQuery({
    queryKey: queryKeys.interviews.conflicts(params ?? { scheduledAt: '', duration: 0 }),
    queryFn: ({ signal }) =>
      // the lists go as comma-separated values, which the server splits
      callContract(contracts.interviewConflicts, { query: params ?? {}, signal }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/interviews/interviewer-options: the team members to pick from. */
export function useInterviewerOptions(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.interviews.interviewerOptions(),
    queryFn: ({ signal }) => callContract(contracts.interviewerOptions, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

function useInvalidateInterviews() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.interviews.all() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.todaysInterviews() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.calendar.invitationsAll() }),
    ]);
}

export function useScheduleInterview() {
  const invalidate = useInvalidateInterviews();
  return useMutation({
    mutationKey: mutationKeys.scheduleInterview(),
    mutationFn: (body: ScheduleInterviewBody) => callContract(contracts.scheduleInterview, { body }),
    onSettled: invalidate,
  });
}

export function useRescheduleInterview(id: number) {
  const invalidate = useInvalidateInterviews();
  return useMutation({
    mutationKey: mutationKeys.changeInterview(),
    mutationFn: (body: RescheduleInterviewBody) => callContract(contracts.rescheduleInterview, { params: { id }, body }),
    onSettled: invalidate,
  });
}

export function useCancelInterview(id: number) {
  const invalidate = useInvalidateInterviews();
  return useMutation({
    mutationKey: mutationKeys.changeInterview(),
    mutationFn: (body: CancelInterviewBody) => callContract(contracts.cancelInterview, { params: { id }, body }),
    onSettled: invalidate,
  });
}

/** The Undo of a cancel. */
export function useReinstateInterview() {
  const invalidate = useInvalidateInterviews();
  return useMutation({
    mutationKey: mutationKeys.changeInterview(),
    mutationFn: (id: number) => callContract(contracts.reinstateInterview, { params: { id } }),
    onSettled: invalidate,
  });
}

export function useCompleteInterview(id: number) {
  const invalidate = useInvalidateInterviews();
  return useMutation({
    mutationKey: mutationKeys.changeInterview(),
    mutationFn: (body: CompleteInterviewBody) => callContract(contracts.completeInterview, { params: { id }, body }),
    onSettled: invalidate,
  });
}

export function useUpdateInterview(id: number) {
  const invalidate = useInvalidateInterviews();
  return useMutation({
    mutationKey: mutationKeys.changeInterview(),
    mutationFn: (body: UpdateInterviewBody) => callContract(contracts.updateInterview, { params: { id }, body }),
    onSettled: invalidate,
  });
}

/** POST /api/interviews/:id/invitation (the calendar integration): e-mails the candidate the .ics. */
export function useSendInterviewInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.changeInterview(),
    mutationFn: (id: number) => callContract(contracts.sendInterviewInvitation, { params: { id }, body: {} }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.calendar.invitationsAll() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.candidates.communicationsAll() }),
      ]),
  });
}
