import { queryOptions, useQuery } from '@tanstack/react-query';
import { contracts, type CurrentUser } from '@ats/contracts';
import { callContract, isApiError } from '@/lib/api-client';
import { noteSignedIn } from '@/lib/boot-reads';
import { queryKeys } from '@/lib/query-keys';

/** The signed-in user, or `null` when signed out (401). Never retried (SPEC §4). */
export async function getCurrentUser(signal?: AbortSignal): Promise<CurrentUser | null> {
  try {
    const user = await callContract(contracts.currentUser, { signal });
    noteSignedIn(true);
    return user;
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      noteSignedIn(false);
      return null;
    }
    throw error;
  }
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.auth.user(),
    queryFn: ({ signal }) => getCurrentUser(signal),
    retry: false,
  });

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
