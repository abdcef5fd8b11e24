import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The most cards a past board shows (a job's board; the server folds the job's events). */
const AS_OF_LIMIT = 1000;

/** GET /api/applications?job=&asOf= — one job's board as it was at a time or event position. */
export const applicationsAsOfQueryOptions = (jobId: number, asOf: string) =>
  queryOptions({
    queryKey: [...queryKeys.applications.all(), 'as-of', jobId, asOf],
    queryFn: ({ signal }) => callContract(contracts.listApplications, { query: { job: String(jobId), asOf, limit: AS_OF_LIMIT }, signal }),
    // the past does not change
    staleTime: Infinity,
  });

export function useApplicationsAsOf(jobId: number, asOf: string) {
  // while replaying, the previous step stays on screen until the next one arrives
  return useQuery({ ...applicationsAsOfQueryOptions(jobId, asOf), placeholderData: keepPreviousData });
}
