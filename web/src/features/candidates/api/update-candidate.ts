import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contracts, type Candidate, type UpdateCandidateBody } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { mutationKeys, queryKeys } from '@/lib/query-keys';

/** PATCH /api/candidates/:id; the profile and the lists refetch with the command's position. */
export function useUpdateCandidate(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.updateCandidate(),
    mutationFn: (body: UpdateCandidateBody) => callContract(contracts.updateCandidate, { params: { id }, body }),
    onSuccess: (_result, body) => {
      // Show the saved values at once; the refetch below confirms them.
      queryClient.setQueryData<Candidate>(queryKeys.candidates.detail(id), (current) =>
        current ? ({ ...current, ...stripUndefined(body) } as Candidate) : current,
      );
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.candidates.detail(id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.candidates.lists() }),
      ]),
  });
}

function stripUndefined(body: UpdateCandidateBody): Partial<Candidate> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body))
    if (value !== undefined && key !== 'experience' && key !== 'baseRevision') out[key] = value;
  if (body.experience !== undefined) out.experienceLevel = body.experience;
  return out as Partial<Candidate>;
}
