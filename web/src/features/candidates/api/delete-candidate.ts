import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { mutationKeys, queryKeys } from '@/lib/query-keys';
import type { CandidatePage } from './get-candidates';

/** DELETE /api/candidates/:id, removing the card at once and restoring it if the call fails. */
export function useDeleteCandidate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.deleteCandidate(),
    mutationFn: (id: number) => callContract(contracts.deleteCandidate, { params: { id } }),
    onMutate: async (id) => {
      const pages = queryKeys.candidates.pagedLists();
      await queryClient.cancelQueries({ queryKey: pages });
      const previous = queryClient.getQueriesData<InfiniteData<CandidatePage>>({ queryKey: pages });
      queryClient.setQueriesData<InfiniteData<CandidatePage>>({ queryKey: pages }, (data) =>
        data
          ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((candidate) => candidate.id !== id) })) }
          : data,
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
