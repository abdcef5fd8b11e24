import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contracts, type MergeCandidatesBody } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { mutationKeys, queryKeys } from '@/lib/query-keys';

/** GET /api/duplicates/candidates: every pair that looks like one person. */
export const duplicatesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.privacy.duplicates(),
    queryFn: ({ signal }) => callContract(contracts.listDuplicates, { signal }),
  });
export const useDuplicates = () => useQuery(duplicatesQueryOptions());

/** GET /api/candidates/:id/duplicates */
export const useCandidateDuplicates = (id: number, enabled = true) =>
  useQuery({
    queryKey: queryKeys.privacy.candidateDuplicates(id),
    queryFn: ({ signal }) => callContract(contracts.candidateDuplicates, { params: { id }, signal }),
    enabled,
  });

/** GET /api/candidates/:id/merges: records merged into this one (undo window) */
export const useCandidateMerges = (id: number, enabled = true) =>
  useQuery({
    queryKey: queryKeys.privacy.merges(id),
    queryFn: ({ signal }) => callContract(contracts.candidateMerges, { params: { id }, signal }),
    enabled,
  });

function useRefreshAfterMerge() {
  const queryClient = useQueryClient();
  // notes, jobs, messages, interviews, tasks and History of both records change with a merge
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.candidates.all() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.interviews.all() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.tasks.all() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.privacy.all() }),
      queryClient.invalidateQueries({ queryKey: ['history'] }),
    ]);
}

/** POST /api/candidates/:id/merge */
export function useMergeCandidates() {
  const refresh = useRefreshAfterMerge();
  return useMutation({
    mutationKey: mutationKeys.mergeCandidates(),
    mutationFn: ({ survivorId, body }: { survivorId: number; body: MergeCandidatesBody }) =>
      callContract(contracts.mergeCandidates, { params: { id: survivorId }, body }),
    onSettled: refresh,
  });
}

/** POST /api/candidates/:id/unmerge: the Undo of a merge */
export function useUnmergeCandidates() {
  const refresh = useRefreshAfterMerge();
  return useMutation({
    mutationKey: mutationKeys.mergeCandidates(),
    mutationFn: ({ survivorId, absorbedId }: { survivorId: number; absorbedId: number }) =>
      callContract(contracts.unmergeCandidates, { params: { id: survivorId }, body: { absorbedId } }),
    onSettled: refresh,
  });
}

/** GET /api/candidates/:id: the two records a merge compares (shares the candidate page's cache entry) */
export const useCandidateRecord = (id: number, enabled = true) =>
  useQuery({
    queryKey: queryKeys.candidates.detail(id),
    queryFn: ({ signal }) => callContract(contracts.getCandidate, { params: { id }, query: {}, signal }),
    enabled,
  });
