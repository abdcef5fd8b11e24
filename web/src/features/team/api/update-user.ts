import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contracts, type UpdateUserBody, type User } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { mutationKeys, queryKeys } from '@/lib/query-keys';

/** PATCH /api/users/:id {role?, active?}: shown at once, rolled back if refused. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  const key = queryKeys.users.list();
  return useMutation({
    mutationKey: mutationKeys.updateUser(),
    mutationFn: ({ id, body }: { id: string; body: UpdateUserBody }) => callContract(contracts.updateUser, { params: { id }, body }),
    onMutate: async ({ id, body }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<User[]>(key);
      queryClient.setQueryData<User[]>(key, (users) => users?.map((user) => (user.id === id ? { ...user, ...body } : user)));
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
