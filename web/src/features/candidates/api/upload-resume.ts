import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/candidates/:id/resume {fileName, fileData (data URL)}. */
export function useUploadResume(candidateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['candidates', 'upload-resume'],
    mutationFn: (body: { fileName: string; fileData: string }) =>
      callContract(contracts.uploadResume, { params: { id: candidateId }, body }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.candidates.detail(candidateId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.candidates.lists() }),
      ]),
  });
}
