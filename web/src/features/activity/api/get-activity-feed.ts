import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { contracts, type ActivityFeedPage, type QueryOf } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { queryKeys, type ActivityFeedParams } from '@/lib/query-keys';

type FeedQuery = QueryOf<typeof contracts.activityFeed>;

/** Lines the feed screen loads at a time. */
export const ACTIVITY_PAGE_SIZE = 25;

/** GET /api/activities: newest first, each next page older than the last line held (a cursor, so new lines never shift pages). */
export const activityFeedQueryOptions = (filters: ActivityFeedParams) =>
  infiniteQueryOptions({
    queryKey: queryKeys.dashboard.activityFeed(filters),
    queryFn: ({ pageParam, signal }): Promise<ActivityFeedPage> =>
      callContract(contracts.activityFeed, {
        query: {
          type: filters.type as FeedQuery['type'],
          user: filters.user,
          from: filters.from,
          to: filters.to,
          limit: ACTIVITY_PAGE_SIZE,
          before: pageParam,
        },
        signal,
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useActivityFeed(filters: ActivityFeedParams) {
  return useInfiniteQuery({ ...activityFeedQueryOptions(filters), placeholderData: keepPreviousData });
}

/** GET /api/activities/actors: who appears in the feed, for the user filter. */
export function useActivityActors() {
  return useQuery({
    queryKey: queryKeys.dashboard.activityActors(),
    queryFn: ({ signal }) => callContract(contracts.activityActors, { signal }),
  });
}
