import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contracts, type CreateJobBody } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { mutationKeys, queryKeys } from '@/lib/query-keys';

/** POST /api/jobs; the job lists refetch with the command's position (read-your-writes). */
export function useCreateJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.createJob(),
    mutationFn: (body: CreateJobBody) => callContract(contracts.createJob, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.jobs.lists() }),
  });
}
