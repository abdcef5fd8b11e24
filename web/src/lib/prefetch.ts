import type { FetchInfiniteQueryOptions, FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

/**
 * For route loaders: start a screen's query while its code loads, but only for a signed-in
 * user (a signed-out visitor sees the landing page and must not fire API calls). Not awaited,
 * so the screen renders its own skeletons instead of blocking navigation.
 */
export function prefetchWhenSignedIn<T, K extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<T, Error, T, K>,
): void {
  if (!queryClient.getQueryData(queryKeys.auth.user())) return;
  void queryClient.prefetchQuery(options);
}

/** The same for a paged list: its first page. */
export function prefetchInfiniteWhenSignedIn<T, K extends QueryKey, P>(
  queryClient: QueryClient,
  options: FetchInfiniteQueryOptions<T, Error, T, K, P>,
): void {
  if (!queryClient.getQueryData(queryKeys.auth.user())) return;
  void queryClient.prefetchInfiniteQuery(options);
}
