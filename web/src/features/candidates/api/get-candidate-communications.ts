import { queryOptions, useQuery } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { retryCandidateDetail } from './get-candidate';

/** GET /api/candidates/:id/communications, newest first. */
export const candidateCommunicationsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.candidates.communications(id),
    queryFn: ({ signal }) => callContract(contracts.listCandidateCommunications, { params: { id }, signal }),
    retry: retryCandidateDetail,
  });

export function useCandidateCommunications(id: number) {
  return useQuery(candidateCommunicationsQueryOptions(id));
}
