import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { queryKeys, type ApplicationListParams } from '@/lib/query-keys';

/** GET /api/applications/summary?search=&job= — the total and a count per stage. */
export const pipelineSummaryQueryOptions = (params: ApplicationListParams = {}) =>
  queryOptions({
    queryKey: queryKeys.applications.summary(params),
    queryFn: ({ signal }) =>
      callContract(contracts.pipelineSummary, {
        query: { search: params.search || undefined, job: params.job ? String(params.job) : undefined },
        signal,
      }),
  });

export function usePipelineSummary(params: ApplicationListParams) {
  return useQuery({ ...pipelineSummaryQueryOptions(params), placeholderData: keepPreviousData });
}
