import { queryOptions, useQuery } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract, isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A deleted or unknown job stays so: no retries for 404/410 (or signed out, forbidden). */
const retryJobDetail = (failureCount: number, error: Error) =>
  !(isApiError(error) && [400, 401, 403, 404, 410].includes(error.status)) && failureCount < 3;

/** GET /api/jobs/:id — the job page: the job with client, candidate count, AI fields and posts. */
export const jobQueryOptions = (id: number, asOf?: string) =>
  queryOptions({
    queryKey: asOf ? [...queryKeys.jobs.detail(id), 'as-of', asOf] : queryKeys.jobs.detail(id),
    queryFn: ({ signal }) => callContract(contracts.getJob, { params: { id }, query: asOf ? { asOf } : {}, signal }),
    retry: retryJobDetail,
    // the past does not change
    ...(asOf ? { staleTime: Infinity } : {}),
  });

export function useJob(id: number, asOf?: string) {
  return useQuery(jobQueryOptions(id, asOf));
}

/** GET /api/jobs/:id/activities — the job page's activity. */
export function useJobActivities(id: number) {
  return useQuery({
    queryKey: queryKeys.jobs.activities(id),
    queryFn: ({ signal }) => callContract(contracts.listJobActivities, { params: { id }, query: { limit: 20 }, signal }),
  });
}
