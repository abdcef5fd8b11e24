import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { mutationKeys, queryKeys } from '@/lib/query-keys';

/** POST /api/jobs/:id/restore — the Undo of a delete: the job order and its attached candidates come back. */
export function useRestoreJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.restoreJob(),
    mutationFn: (id: number) => callContract(contracts.restoreJob, { params: { id } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.jobs.all() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.applications.all() }),
      ]),
  });
}
