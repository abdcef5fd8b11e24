import { useQuery, useQueryClient } from '@tanstack/react-query';
import { contracts, type CurrentUser, type EmailSigner } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The Integrations screen's e-mail check (GET /api/email/test), the same cache entry the e-mail dialogs use. */
const emailTestKey = ['integrations', 'email-test'] as const;

/** Who signs e-mails for the template previews: the signed-in user, and the agency (EMAIL_FROM_NAME) when configured. */
export function useHubSigner(): EmailSigner {
  const me = useQueryClient().getQueryData<CurrentUser | null>(queryKeys.auth.user());
  const test = useQuery({
    queryKey: emailTestKey,
    queryFn: ({ signal }) => callContract(contracts.testEmail, { signal }),
    retry: false,
    staleTime: 5 * 60_000,
  });
  return { senderName: me ? `${me.firstName} ${me.lastName}`.trim() : null, senderTeam: test.data?.senderTeam ?? null };
}
