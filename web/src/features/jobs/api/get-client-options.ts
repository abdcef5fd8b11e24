import { useQuery } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * The client picker of Add Job Order (SPEC §2.12): GET /api/clients, sharing the cache entry
 * of the unfiltered clients list, reduced to id and company name.
 */
export function useClientOptions(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.clients.list({}),
    queryFn: ({ signal }) => callContract(contracts.listClients, { signal }),
    select: (clients) => clients.map(({ id, companyName }) => ({ value: String(id), label: companyName })),
    enabled,
  });
}
