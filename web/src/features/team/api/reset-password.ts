import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/users/:id/password {password}: the user's open sessions end. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, password }: { id: string; password: string }) =>
      callContract(contracts.resetUserPassword, { params: { id }, body: { password } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.list() }),
  });
}
