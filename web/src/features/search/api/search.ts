import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/search?q= — candidates, clients, jobs and contacts, grouped by kind, best first. */
export const searchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: queryKeys.search.results(q),
    queryFn: ({ signal }) => callContract(contracts.globalSearch, { query: { q }, signal }),
    staleTime: 10_000,
    gcTime: 60_000,
  });

/** Results for the (debounced) words; nothing is asked for blank words. */
export function useGlobalSearch(q: string) {
  const words = q.trim();
  return useQuery({ ...searchQueryOptions(words), enabled: words.length > 0, placeholderData: keepPreviousData, retry: false });
}
