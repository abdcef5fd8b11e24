import { queryOptions, useQuery } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { retryCandidateDetail } from './get-candidate';

/** GET /api/candidates/:id/jobs — the jobs the candidate is attached to. */
export const candidateJobsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.candidates.jobs(id),
    queryFn: ({ signal }) => callContract(contracts.listCandidateJobs, { params: { id }, signal }),
    retry: retryCandidateDetail,
  });

export function useCandidateJobs(id: number) {
  return useQuery(candidateJobsQueryOptions(id));
}
