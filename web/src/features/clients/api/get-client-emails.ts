import { useQuery } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** How many of a client's e-mails its page lists (the hub has them all). */
export const CLIENT_EMAILS_SHOWN = 10;

/** GET /api/communications?client=:id — e-mails to the client's contact persons, newest first. */
export function useClientEmails(clientId: number) {
  return useQuery({
    queryKey: queryKeys.communications.list({ client: clientId }),
    queryFn: ({ signal }) =>
      callContract(contracts.listCommunications, { query: { client: clientId, limit: CLIENT_EMAILS_SHOWN }, signal }),
  });
}
