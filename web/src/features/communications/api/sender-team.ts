import { useQuery } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';

/** The Integrations screen's e-mail check (GET /api/email/test), the same cache entry the e-mail dialogs use. */
const emailTestKey = ['integrations', 'email-test'] as const;

/** The team the server signs e-mails with, for the template previews. */
export function useHubSenderTeam(): string {
  const test = useQuery({
    queryKey: emailTestKey,
    queryFn: ({ signal }) => callContract(contracts.testEmail, { signal }),
    retry: false,
    staleTime: 5 * 60_000,
  });
  return test.data?.senderTeam || 'TalentFlow';
}
