import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { jobsQueryOptions } from '@/features/jobs/api/get-jobs';
import { applicationsQueryOptions } from '@/features/pipeline/api/get-applications';
import { prefetchWhenSignedIn } from '@/lib/prefetch';
import { rootRoute } from './__root';

export const PipelineSearchSchema = z.object({
  search: z.string().trim().max(200).optional().catch(undefined),
  job: z.coerce.number().int().positive().optional().catch(undefined),
});

export const pipelineRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/jobs/pipeline',
  validateSearch: (search: Record<string, unknown>) => PipelineSearchSchema.parse(search),
  loaderDeps: ({ search }) => ({ search: search.search, job: search.job }),
  loader: ({ context, deps }) => {
    prefetchWhenSignedIn(context.queryClient, applicationsQueryOptions(deps));
    prefetchWhenSignedIn(context.queryClient, jobsQueryOptions());
  },
  component: lazyRouteComponent(() => import('./pipeline.lazy'), 'PipelineScreen'),
});
