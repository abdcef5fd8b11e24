import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { activityFeedQueryOptions } from '@/features/activity/api/get-activity-feed';
import { ActivitySearchSchema, toFeedQuery } from '@/features/activity/utils/feed-filters';
import { prefetchInfiniteWhenSignedIn } from '@/lib/prefetch';
import { rootRoute } from './__root';

/** The full activity feed (the dashboard's "View All"): paged, filtered by type, user and dates, live. */
export const activityRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/activity',
  validateSearch: (search: Record<string, unknown>) => ActivitySearchSchema.parse(search),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => prefetchInfiniteWhenSignedIn(context.queryClient, activityFeedQueryOptions(toFeedQuery(deps))),
  component: lazyRouteComponent(() => import('./activity.lazy'), 'ActivityScreen'),
});
