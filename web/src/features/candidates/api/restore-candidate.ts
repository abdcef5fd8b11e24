import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { mutationKeys, queryKeys } from '@/lib/query-keys';

/** POST /api/candidates/:id/restore — the Undo of a delete: the candidate and its applications come back. */
export function useRestoreCandidate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.restoreCandidate(),
    mutationFn: (id: number) => callContract(contracts.restoreCandidate, { params: { id } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.candidates.all() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.applications.all() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.jobs.all() }),
      ]),
  });
}
