import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callContract } from '@/lib/api-client';
import { mutationKeys, queryKeys } from '@/lib/query-keys';
import { contracts, type AddClientContactBody } from '@ats/contracts';

/** POST /api/clients/:id/contacts {name, title, email, phone, notes, isPrimary}. */
export function useAddClientContact(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.addClientContact(),
    mutationFn: (body: AddClientContactBody) => callContract(contracts.addClientContact, { params: { id: clientId }, body }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.clients.detail(clientId) }),
        // the list card shows the primary contact
        queryClient.invalidateQueries({ queryKey: queryKeys.clients.lists() }),
      ]),
  });
}
