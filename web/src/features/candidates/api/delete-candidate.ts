import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contracts, type Candidate } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { mutationKeys, queryKeys } from '@/lib/query-keys';

/** DELETE /api/candidates/:id, removing the card at once and restoring it if the call fails. */
export function useDeleteCandidate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.deleteCandidate(),
    mutationFn: (id: number) => callContract(contracts.deleteCandidate, { params: { id } }),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.candidates.lists() });
      const previous = queryClient.getQueriesData<Candidate[]>({ queryKey: queryKeys.candidates.lists() });
      queryClient.setQueriesData<Candidate[]>({ queryKey: queryKeys.candidates.lists() }, (list) =>
        list?.filter((candidate) => candidate.id !== id),
      );
      return { previous };
    },
    onError: (_error, _id, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: (_data, _error, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.candidates.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.candidates.detail(id) }),
      ]),
  });
}
