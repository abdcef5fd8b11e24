import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contracts, type UpdateClientBody } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { mutationKeys, queryKeys } from '@/lib/query-keys';

/** PATCH /api/clients/:id; the client's page and every client list refetch with the command's position. */
export function useUpdateClient(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.updateClient(),
    mutationFn: (body: UpdateClientBody) => callContract(contracts.updateClient, { params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.clients.all() }),
  });
}
