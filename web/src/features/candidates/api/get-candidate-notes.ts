import { queryOptions, useQuery } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { retryCandidateDetail } from './get-candidate';

/** GET /api/candidates/:id/notes, newest first. */
export const candidateNotesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.candidates.notes(id),
    queryFn: ({ signal }) => callContract(contracts.listCandidateNotes, { params: { id }, signal }),
    retry: retryCandidateDetail,
  });

export function useCandidateNotes(id: number) {
  return useQuery(candidateNotesQueryOptions(id));
}
