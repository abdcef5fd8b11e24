import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { dashboardMetricsQueryOptions } from '@/features/dashboard/api/get-dashboard-metrics';
import { priorityTasksQueryOptions } from '@/features/dashboard/api/get-priority-tasks';
import { recentActivitiesQueryOptions } from '@/features/dashboard/api/get-recent-activities';
import { todaysInterviewsQueryOptions } from '@/features/dashboard/api/get-todays-interviews';
import { prefetchWhenSignedIn } from '@/lib/prefetch';
import { rootRoute } from './__root';
import { DashboardLoading } from './dashboard-loading';

export const dashboardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  loader: ({ context }) => {
    prefetchWhenSignedIn(context.queryClient, recentActivitiesQueryOptions());
    prefetchWhenSignedIn(context.queryClient, dashboardMetricsQueryOptions());
    prefetchWhenSignedIn(context.queryClient, todaysInterviewsQueryOptions());
    prefetchWhenSignedIn(context.queryClient, priorityTasksQueryOptions());
  },
  pendingComponent: DashboardLoading,
  component: lazyRouteComponent(() => import('./dashboard.lazy'), 'DashboardScreen'),
});
