import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { queryKeys, type ApplicationListParams } from '@/lib/query-keys';

/** GET /api/applications?search=&job= — the board's cards, narrowed on the server. */
export const applicationsQueryOptions = (params: ApplicationListParams = {}) =>
  queryOptions({
    queryKey: queryKeys.applications.list(params),
    queryFn: ({ signal }) =>
      callContract(contracts.listApplications, {
        query: { search: params.search || undefined, job: params.job ? String(params.job) : undefined },
        signal,
      }),
  });

export function useApplications(params: ApplicationListParams) {
  return useQuery({ ...applicationsQueryOptions(params), placeholderData: keepPreviousData });
}
