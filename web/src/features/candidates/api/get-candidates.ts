import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { queryKeys, type CandidateListParams } from '@/lib/query-keys';

/** GET /api/candidates with the search term and the filter panel, both applied by the server. */
export const candidatesQueryOptions = (params: CandidateListParams = {}) =>
  queryOptions({
    queryKey: queryKeys.candidates.list(params),
    queryFn: ({ signal }) =>
      callContract(contracts.listCandidates, {
        query: {
          search: params.search || undefined,
          status: (params.status as 'active' | 'placed' | 'inactive' | undefined) || undefined,
          location: params.location || undefined,
          skills: params.skills || undefined,
          hasResume: params.hasResume,
        },
        signal,
      }),
  });

export function useCandidates(params: CandidateListParams) {
  return useQuery({ ...candidatesQueryOptions(params), placeholderData: keepPreviousData });
}
