import { useQuery } from '@tanstack/react-query';
import { contracts, type Job } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const INACTIVE = new Set<Job['status']>(['closed', 'filled']);

/** The Active Job Pipeline table: GET /api/jobs (the jobs list's cache entry), open ones only. */
export function useActiveJobs() {
  return useQuery({
    queryKey: queryKeys.jobs.list({}),
    queryFn: ({ signal }) => callContract(contracts.listJobs, { signal }),
    select: (jobs) => jobs.filter((job) => !INACTIVE.has(job.status)),
  });
}
