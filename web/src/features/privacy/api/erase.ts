import { useMutation, useQueryClient } from '@tanstack/react-query';
import { buildPath, contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';

export type ErasableKind = 'candidate' | 'contact';

/** POST /api/candidates/:id/erase or /api/client-contacts/:id/erase; every cached read goes stale. */
export function useErase(kind: ErasableKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      callContract(kind === 'candidate' ? contracts.eraseCandidate : contracts.eraseClientContact, {
        params: { id },
        body: { reason },
      }),
    // the person may appear in any list, feed or history: nothing cached may keep them. Not
    // awaited: the caller's onSuccess shows the erased state before the record's page refetches
    onSuccess: () => {
      void queryClient.invalidateQueries();
    },
  });
}

/** the zip's address (a plain link downloads it with the session cookie) */
export const subjectAccessUrl = (kind: ErasableKind, id: number) =>
  buildPath(kind === 'candidate' ? contracts.candidateSubjectAccess.path : contracts.clientContactSubjectAccess.path, { id });
