import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contracts, type CandidateSource } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PATCH /api/applications/:id/source: where one application came from (null: the candidate's source). */
export function useSetApplicationSource(candidateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['applications', 'source'],
    mutationFn: ({ applicationId, source }: { applicationId: number; source: CandidateSource | null }) =>
      callContract(contracts.setApplicationSource, { params: { id: applicationId }, body: { source } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.candidates.jobs(candidateId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.analyticsMore.sourcesAll() }),
      ]),
  });
}
