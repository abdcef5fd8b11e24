import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { queryKeys, type CandidateListParams } from '@/lib/query-keys';

/** GET /api/candidates?search= — only the search term goes to the server (SPEC §2.6). */
export const candidatesQueryOptions = (params: CandidateListParams = {}) =>
  queryOptions({
    queryKey: queryKeys.candidates.list(params),
    queryFn: ({ signal }) => callContract(contracts.listCandidates, { query: { search: params.search || undefined }, signal }),
  });

export function useCandidates(params: CandidateListParams) {
  return useQuery({ ...candidatesQueryOptions(params), placeholderData: keepPreviousData });
}
