import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contracts, type ConsentBody } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { mutationKeys, queryKeys } from '@/lib/query-keys';

/** GET /api/candidates/:id/privacy: consent, last activity, kept-until */
export const useCandidatePrivacy = (id: number) =>
  useQuery({
    queryKey: queryKeys.privacy.candidate(id),
    queryFn: ({ signal }) => callContract(contracts.getCandidatePrivacy, { params: { id }, signal }),
  });

/** PUT /api/candidates/:id/consent */
export function useRecordConsent(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.recordConsent(),
    mutationFn: (body: ConsentBody) => callContract(contracts.recordConsent, { params: { id }, body }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.privacy.candidate(id) }),
        queryClient.invalidateQueries({ queryKey: ['history'] }),
      ]),
  });
}
