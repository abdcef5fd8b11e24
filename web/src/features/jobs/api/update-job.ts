import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contracts, type UpdateJobBody } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { mutationKeys, queryKeys } from '@/lib/query-keys';

/** PATCH /api/jobs/:id; the job's page, the lists and the dashboard refetch with the command's position. */
export function useUpdateJob(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.updateJob(),
    mutationFn: (body: UpdateJobBody) => callContract(contracts.updateJob, { params: { id }, body }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.jobs.all() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all() }),
      ]),
  });
}
