import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { mutationKeys, queryKeys } from '@/lib/query-keys';

/** POST /api/candidates/:id/notes {content}; the notes refetch with the command's position. */
export function useAddCandidateNote(candidateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.addCandidateNote(),
    mutationFn: (content: string) => callContract(contracts.addCandidateNote, { params: { id: candidateId }, body: { content } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.candidates.notes(candidateId) }),
  });
}
