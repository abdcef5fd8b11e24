import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { signalUnauthorized } from '@/lib/unauthorized';

/**
 * SPEC §2.3/§8: when a signed-in session turns out to be gone (any call answers 401), say so
 * and go to the sign-in page after 500 ms. A signed-out visitor never gets here: the auth
 * query itself answers `null` for a 401 and only shows the landing page.
 */
function onError(error: unknown): void {
  if (!isApiError(error) || error.status !== 401) return;
  if (!queryClient.getQueryData(queryKeys.auth.user())) return;
  signalUnauthorized();
}

/** SPEC §7/§9: cached forever, no retries, no refetch on focus, no polling; sockets keep it fresh. */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError }),
  mutationCache: new MutationCache({ onError }),
  defaultOptions: {
    queries: {
      retry: false,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      staleTime: Infinity,
    },
    mutations: { retry: false },
  },
});
