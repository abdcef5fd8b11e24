import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { jobsQueryOptions } from '@/features/jobs/api/get-jobs';
import { prefetchWhenSignedIn } from '@/lib/prefetch';
import { searchSchema, text } from '@/lib/search-params';
import { rootRoute } from './__root';

export const JobsSearchSchema = searchSchema({
  search: text({ max: 200 }),
});

export const jobsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/jobs',
  validateSearch: (search: Record<string, unknown>) => JobsSearchSchema.parse(search),
  loaderDeps: ({ search }) => ({ search: search.search }),
  loader: ({ context, deps }) => prefetchWhenSignedIn(context.queryClient, jobsQueryOptions(deps)),
  component: lazyRouteComponent(() => import('./jobs.lazy'), 'JobsScreen'),
});
