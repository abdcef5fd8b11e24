import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { mutationKeys, queryKeys } from '@/lib/query-keys';

/** GET /api/interviews/:id/invitation: was the candidate sent it, and is an update (or cancellation) due. */
export const interviewInvitationQueryOptions = (interviewId: number) =>
  queryOptions({
    queryKey: queryKeys.calendar.invitation(interviewId),
    queryFn: ({ signal }) => callContract(contracts.getInterviewInvitation, { params: { id: interviewId }, signal }),
  });

export function useInterviewInvitation(interviewId: number | null) {
  return useQuery({ ...interviewInvitationQueryOptions(interviewId ?? 0), enabled: interviewId !== null });
}

/**
 * POST /api/interviews/:id/invitation: e-mails the candidate the interview's current state (an
 * invitation, an update with a bumped SEQUENCE, or a cancellation), .ics attached. The schedule
 * dialog calls it when its "Send the candidate an invitation" box is ticked.
 */
export function useSendInterviewInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.sendInvitation(),
    mutationFn: ({ interviewId, message }: { interviewId: number; message?: string }) =>
      callContract(contracts.sendInterviewInvitation, { params: { id: interviewId }, body: message ? { message } : {} }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.calendar.invitationsAll() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.candidates.communicationsAll() }),
      ]),
  });
}
