import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contracts, type CreateCandidateBody } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { mutationKeys, queryKeys } from '@/lib/query-keys';

/** POST /api/candidates; the lists refetch with the command's position (read-your-writes). */
export function useCreateCandidate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.createCandidate(),
    mutationFn: (body: CreateCandidateBody) => callContract(contracts.createCandidate, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.candidates.lists() }),
  });
}
