import { useQuery, useQueryClient } from '@tanstack/react-query';
import { contracts, type CurrentUser, type EmailSigner } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The Integrations screen's e-mail check (GET /api/email/test): one cache entry for both. */
const emailTestKey = ['integrations', 'email-test'] as const;

/**
 * Who signs what the dialogs send, as the server signs it: the signed-in user's name, and the
 * agency's (EMAIL_FROM_NAME) when the server has one, for the preview and the custom body.
 */
export function useSigner(enabled: boolean): EmailSigner {
  const me = useQueryClient().getQueryData<CurrentUser | null>(queryKeys.auth.user());
  const test = useQuery({
    queryKey: emailTestKey,
    queryFn: ({ signal }) => callContract(contracts.testEmail, { signal }),
    enabled,
    retry: false,
    staleTime: 5 * 60_000,
  });
  return { senderName: me ? `${me.firstName} ${me.lastName}`.trim() : null, senderTeam: test.data?.senderTeam ?? null };
}
