import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { queryKeys, type CandidateListParams } from '@/lib/query-keys';
import { toCandidateFilterQuery } from './get-candidates';

/** GET /api/candidates/count with the list's search and filters: the '{n} candidates found' line. */
export const candidateCountQueryOptions = (params: CandidateListParams = {}) =>
  queryOptions({
    queryKey: queryKeys.candidates.count(params),
    queryFn: ({ signal }) => callContract(contracts.countCandidates, { query: toCandidateFilterQuery(params), signal }),
  });

/** Only asked while the filter panel, which shows it, is open. */
export function useCandidateCount(params: CandidateListParams, enabled = true) {
  return useQuery({ ...candidateCountQueryOptions(params), placeholderData: keepPreviousData, enabled });
}
