import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contracts, type Job } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { mutationKeys, queryKeys } from '@/lib/query-keys';

/** DELETE /api/jobs/:id, removing the card at once and restoring it if the call fails. */
export function useDeleteJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.deleteJob(),
    mutationFn: (id: number) => callContract(contracts.deleteJob, { params: { id } }),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.jobs.lists() });
      const previous = queryClient.getQueriesData<Job[]>({ queryKey: queryKeys.jobs.lists() });
      queryClient.setQueriesData<Job[]>({ queryKey: queryKeys.jobs.lists() }, (list) => list?.filter((job) => job.id !== id));
      return { previous };
    },
    onError: (_error, _id, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.jobs.all() }),
        // the board and attached jobs show the job
        queryClient.invalidateQueries({ queryKey: queryKeys.applications.all() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.candidates.jobsAll() }),
      ]),
  });
}
