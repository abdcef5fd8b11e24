import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contracts, type Client } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { mutationKeys, queryKeys } from '@/lib/query-keys';

/** DELETE /api/clients/:id, removing the card at once and restoring it if the call fails. */
export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.deleteClient(),
    mutationFn: (id: number) => callContract(contracts.deleteClient, { params: { id } }),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.clients.lists() });
      const previous = queryClient.getQueriesData<Client[]>({ queryKey: queryKeys.clients.lists() });
      queryClient.setQueriesData<Client[]>({ queryKey: queryKeys.clients.lists() }, (list) => list?.filter((c) => c.id !== id));
      return { previous };
    },
    onError: (_error, _id, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: (_data, _error, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.clients.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.clients.detail(id), refetchType: 'none' }),
        // job cards show the client's name
        queryClient.invalidateQueries({ queryKey: queryKeys.jobs.all() }),
      ]),
  });
}
