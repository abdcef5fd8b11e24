import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { tasksQueryOptions } from '@/components/tasks/task-api';
import { TasksSearchSchema, toTaskQuery } from '@/features/tasks/utils/task-filters';
import { prefetchInfiniteWhenSignedIn } from '@/lib/prefetch';
import { rootRoute } from './__root';

/** Tasks: My tasks / All tasks with filters in the URL, for every role (the auditor reads). */
export const tasksRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/tasks',
  validateSearch: (search: Record<string, unknown>) => TasksSearchSchema.parse(search),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => prefetchInfiniteWhenSignedIn(context.queryClient, tasksQueryOptions(toTaskQuery(deps))),
  component: lazyRouteComponent(() => import('./tasks.lazy'), 'TasksScreen'),
});
