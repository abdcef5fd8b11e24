import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { jobsQueryOptions } from '@/features/jobs/api/get-jobs';
import { prefetchWhenSignedIn } from '@/lib/prefetch';
import { rootRoute } from './__root';

export const JobsSearchSchema = z.object({
  search: z.string().trim().max(200).optional().catch(undefined),
});

export const jobsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/jobs',
  validateSearch: (search: Record<string, unknown>) => JobsSearchSchema.parse(search),
  loaderDeps: ({ search }) => ({ search: search.search }),
  loader: ({ context, deps }) => prefetchWhenSignedIn(context.queryClient, jobsQueryOptions(deps)),
  component: lazyRouteComponent(() => import('./jobs.lazy'), 'JobsScreen'),
});
