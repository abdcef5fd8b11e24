import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contracts, type CreateClientBody } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { mutationKeys, queryKeys } from '@/lib/query-keys';

/** POST /api/clients; every client list (and job pickers) refetch with the command's position. */
export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.createClient(),
    mutationFn: (body: CreateClientBody) => callContract(contracts.createClient, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.clients.lists() }),
  });
}
