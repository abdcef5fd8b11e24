import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { queryKeys, type ClientListParams } from '@/lib/query-keys';

/** GET /api/clients?search= */
export const clientsQueryOptions = (params: ClientListParams = {}) =>
  queryOptions({
    queryKey: queryKeys.clients.list(params),
    queryFn: ({ signal }) => callContract(contracts.listClients, { query: { search: params.search || undefined }, signal }),
  });

export function useClients(params: ClientListParams = {}) {
  return useQuery({ ...clientsQueryOptions(params), placeholderData: keepPreviousData });
}
