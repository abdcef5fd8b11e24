import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { queryKeys, type JobListParams } from '@/lib/query-keys';

/** GET /api/jobs?search= — job orders with client and candidate count. */
export const jobsQueryOptions = (params: JobListParams = {}) =>
  queryOptions({
    queryKey: queryKeys.jobs.list(params),
    queryFn: ({ signal }) => callContract(contracts.listJobs, { query: { search: params.search || undefined }, signal }),
  });

export function useJobs(params: JobListParams = {}) {
  return useQuery({ ...jobsQueryOptions(params), placeholderData: keepPreviousData });
}
