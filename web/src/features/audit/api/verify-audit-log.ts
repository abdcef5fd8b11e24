import { useMutation, useQuery } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/audit/verify: recomputes the whole chain (joins a verification already running). */
export function useVerifyAuditLog() {
  return useMutation({
    mutationKey: ['audit', 'verify'],
    mutationFn: () => callContract(contracts.verifyAuditLog),
  });
}

/** How far the running verification is; polled while one runs. */
export function useVerifyProgress(polling: boolean) {
  return useQuery({
    queryKey: queryKeys.audit.verifyProgress(),
    queryFn: ({ signal }) => callContract(contracts.auditVerifyProgress, { signal }),
    enabled: polling,
    refetchInterval: polling ? 250 : false,
  });
}

/** The installation's public key and newest signed checkpoint. */
export function useAuditPublicKey() {
  return useQuery({
    queryKey: queryKeys.audit.publicKey(),
    queryFn: ({ signal }) => callContract(contracts.auditPublicKey, { signal }),
    staleTime: 60_000,
  });
}
