import { contracts } from '@ats/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callContract } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/clients/:id — the company with its contact persons. */
export const clientQueryOptions = (id: number, asOf?: string) =>
  queryOptions({
    queryKey: asOf ? [...queryKeys.clients.detail(id), 'as-of', asOf] : queryKeys.clients.detail(id),
    queryFn: ({ signal }) => callContract(contracts.getClient, { params: { id }, query: asOf ? { asOf } : {}, signal }),
    // the past does not change
    ...(asOf ? { staleTime: Infinity } : {}),
  });

export function useClient(id: number, asOf?: string) {
  return useQuery(clientQueryOptions(id, asOf));
}
