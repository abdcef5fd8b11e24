import { contracts } from '@ats/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callContract } from '@/lib/api-client';
import { mutationKeys, queryKeys } from '@/lib/query-keys';

/** DELETE /api/client-contacts/:id */
export function useDeleteClientContact(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.deleteClientContact(),
    mutationFn: (contactId: number) => callContract(contracts.deleteClientContact, { params: { id: contactId } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.clients.detail(clientId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.clients.lists() }),
      ]),
  });
}
