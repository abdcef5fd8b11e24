import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { recentActivitiesQueryOptions } from '@/features/dashboard/api/get-recent-activities';
import { prefetchWhenSignedIn } from '@/lib/prefetch';
import { rootRoute } from './__root';

export const dashboardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  loader: ({ context }) => prefetchWhenSignedIn(context.queryClient, recentActivitiesQueryOptions()),
  component: lazyRouteComponent(() => import('./dashboard.lazy'), 'DashboardScreen'),
});
