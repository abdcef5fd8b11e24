import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contracts, type CreateUserBody } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { mutationKeys, queryKeys } from '@/lib/query-keys';

/** POST /api/users (admins only). */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.createUser(),
    mutationFn: (body: CreateUserBody) => callContract(contracts.createUser, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all() }),
  });
}
