import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { mutationKeys, queryKeys } from '@/lib/query-keys';

/** POST /api/clients/:id/restore — the Undo of a delete: the client comes back with its contacts. */
export function useRestoreClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.restoreClient(),
    mutationFn: (id: number) => callContract(contracts.restoreClient, { params: { id } }),
    onSettled: (_data, _error, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.clients.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.clients.detail(id) }),
        // job cards show the client's name
        queryClient.invalidateQueries({ queryKey: queryKeys.jobs.all() }),
      ]),
  });
}

/** POST /api/client-contacts/:id/restore — the Undo of a contact delete. */
export function useRestoreClientContact(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.restoreClientContact(),
    mutationFn: (contactId: number) => callContract(contracts.restoreClientContact, { params: { id: contactId } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.clients.detail(clientId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.clients.lists() }),
      ]),
  });
}
