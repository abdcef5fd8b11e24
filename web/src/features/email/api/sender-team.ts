import { useQuery } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { DEFAULT_SENDER_TEAM } from '../utils/email-form';

/** The Integrations screen's e-mail check (GET /api/email/test): one cache entry for both. */
const emailTestKey = ['integrations', 'email-test'] as const;

/** The team the server signs e-mails with ("The … team"), for the preview and the custom body. */
export function useSenderTeam(enabled: boolean): string {
  const test = useQuery({
    queryKey: emailTestKey,
    queryFn: ({ signal }) => callContract(contracts.testEmail, { signal }),
    enabled,
    retry: false,
    staleTime: 5 * 60_000,
  });
  return test.data?.senderTeam || DEFAULT_SENDER_TEAM;
}
