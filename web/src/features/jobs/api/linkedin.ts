import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contracts, type CreateLinkedinJobPostBody } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/jobs/:id — the job with its professional-network posts. */
export function useJobDetail(id: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.jobs.detail(id),
    queryFn: ({ signal }) => callContract(contracts.getJob, { params: { id }, signal }),
    enabled,
  });
}

/** POST /api/linkedin/job-posts */
export function usePostToLinkedin(jobId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['jobs', 'linkedin-post'],
    mutationFn: (body: CreateLinkedinJobPostBody) => callContract(contracts.createLinkedinJobPost, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.jobs.detail(jobId) }),
  });
}
