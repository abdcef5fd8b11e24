import type { FetchInfiniteQueryOptions, FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

/**
 * For route loaders: start a screen's query while its code loads, but only for a signed-in
 * user (a signed-out visitor sees the landing page and must not fire API calls). Not awaited,
 * so the screen renders its own skeletons instead of blocking navigation.
 */
export function prefetchWhenSignedIn<T, K extends QueryKey>(queryClient: QueryClient, options: FetchQueryOptions<T, Error, T, K>): void {
  whenSignedIn(queryClient, () => void queryClient.prefetchQuery(options));
}

/** The same for a paged list: its first page. */
export function prefetchInfiniteWhenSignedIn<T, K extends QueryKey, P>(
  queryClient: QueryClient,
  options: FetchInfiniteQueryOptions<T, Error, T, K, P>,
): void {
  whenSignedIn(queryClient, () => void queryClient.prefetchInfiniteQuery(options));
}

/**
 * Runs `start` now for a signed-in user. On the app's first load the session check is still on
 * its way when the loader runs: `start` then runs the moment it answers with a user, so the
 * screen's requests go out while the shell renders instead of after it.
 */
function whenSignedIn(queryClient: QueryClient, start: () => void): void {
  const key = queryKeys.auth.user();
  if (queryClient.getQueryData(key)) return start();
  const state = queryClient.getQueryState(key);
  if (state && state.status !== 'pending') return;
  const cache = queryClient.getQueryCache();
  const unsubscribe = cache.subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryKey[0] !== key[0] || event.query.queryKey[1] !== key[1]) return;
    if (event.query.state.status === 'pending') return;
    unsubscribe();
    if (event.query.state.data) start();
  });
}
