import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { mutationKeys, queryKeys } from '@/lib/query-keys';

/** GET /api/privacy/retention: candidates past the retention limit (admins) */
export const retentionReviewQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.privacy.retention(),
    queryFn: ({ signal }) => callContract(contracts.listRetentionReview, { signal }),
  });
export const useRetentionReview = () => useQuery(retentionReviewQueryOptions());

function useRefreshRetention() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.privacy.all() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.candidates.all() }),
    ]);
}

/** PUT /api/privacy/retention-policy */
export function useSetRetentionPolicy() {
  const refresh = useRefreshRetention();
  return useMutation({
    mutationKey: mutationKeys.retentionAction(),
    mutationFn: (months: number) => callContract(contracts.setRetentionPolicy, { body: { months } }),
    onSettled: refresh,
  });
}

/** POST /api/privacy/retention/extend: one event per candidate */
export function useExtendRetention() {
  const refresh = useRefreshRetention();
  return useMutation({
    mutationKey: mutationKeys.retentionAction(),
    mutationFn: (input: { candidateIds: number[]; months: number; reason: string | null }) =>
      callContract(contracts.extendRetention, { body: input }),
    onSettled: refresh,
  });
}

/** POST /api/candidates/:id/erase, one candidate at a time (the review shows progress between calls) */
export const eraseCandidate = (id: number, reason: string) => callContract(contracts.eraseCandidate, { params: { id }, body: { reason } });
/** POST /api/candidates/:id/anonymise: the identity goes, the record stays for statistics */
export const anonymiseCandidate = (id: number, reason: string) =>
  callContract(contracts.anonymiseCandidate, { params: { id }, body: { reason } });
export function useRefreshAfterErase() {
  return useRefreshRetention();
}
