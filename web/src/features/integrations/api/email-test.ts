import { useQuery } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';

export const emailTestKey = ['integrations', 'email-test'] as const;

/** GET /api/email/test: whether an e-mail provider is configured and reachable. */
export function useEmailTest() {
  return useQuery({
    queryKey: emailTestKey,
    queryFn: ({ signal }) => callContract(contracts.testEmail, { signal }),
    retry: false,
  });
}
