import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contracts, type NotificationPreferences } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const PAGE = 10;

/** GET /api/notifications/unread-count — the bell badge; refreshed by `changed` notices on my room. */
export function useUnreadCount() {
  return useQuery({
    queryKey: queryKeys.notifications.unread(),
    queryFn: ({ signal }) => callContract(contracts.unreadNotificationCount, { signal }),
  });
}

/** GET /api/notifications?offset= — newest first, a page at a time ("Load more"). */
export function useNotificationList(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: queryKeys.notifications.list(),
    queryFn: ({ pageParam, signal }) => callContract(contracts.listNotifications, { query: { limit: PAGE, offset: pageParam }, signal }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled,
  });
}

/** POST /api/notifications/read {ids} and POST /api/notifications/read-all: read marks are events, kept by the server. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  const settle = () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all() });
  const one = useMutation({
    mutationFn: (ids: string[]) => callContract(contracts.markNotificationsRead, { body: { ids } }),
    onSettled: settle,
  });
  const all = useMutation({ mutationFn: () => callContract(contracts.markAllNotificationsRead), onSettled: settle });
  return { markRead: one, markAllRead: all };
}

export function useNotificationPreferences(enabled = true) {
  return useQuery({
    queryKey: queryKeys.notifications.preferences(),
    queryFn: ({ signal }) => callContract(contracts.getNotificationPreferences, { signal }),
    enabled,
  });
}

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: NotificationPreferences) => callContract(contracts.setNotificationPreferences, { body: preferences }),
    onSuccess: (_result, preferences) => queryClient.setQueryData(queryKeys.notifications.preferences(), preferences),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all() }),
  });
}
