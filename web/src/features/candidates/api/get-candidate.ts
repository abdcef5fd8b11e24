import { queryOptions, useQuery } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract, isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * SPEC §4/§9: only the candidate detail retries, up to 3 times, and never for an answer that
 * will not change (signed out, forbidden, not found).
 */
export function retryCandidateDetail(failureCount: number, error: Error): boolean {
  if (isApiError(error) && [400, 401, 403, 404].includes(error.status)) return false;
  return failureCount < 3;
}

/** GET /api/candidates/:id (`asOf`: as it was then; the past does not change, so it is never stale) */
export const candidateQueryOptions = (id: number, asOf?: string) =>
  queryOptions({
    queryKey: asOf ? [...queryKeys.candidates.detail(id), 'as-of', asOf] : queryKeys.candidates.detail(id),
    queryFn: ({ signal }) => callContract(contracts.getCandidate, { params: { id }, query: asOf ? { asOf } : {}, signal }),
    retry: retryCandidateDetail,
    ...(asOf ? { staleTime: Infinity } : {}),
  });

export function useCandidate(id: number, asOf?: string) {
  return useQuery(candidateQueryOptions(id, asOf));
}
