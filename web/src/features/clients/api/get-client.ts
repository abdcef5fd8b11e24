import { contracts } from '@ats/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callContract } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/clients/:id — the company with its contact persons. */
export const clientQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.clients.detail(id),
    queryFn: ({ signal }) => callContract(contracts.getClient, { params: { id }, signal }),
  });

export function useClient(id: number) {
  return useQuery(clientQueryOptions(id));
}
