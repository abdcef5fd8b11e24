import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { IdParamSchema } from '@ats/contracts';
import { jobQueryOptions } from '@/features/jobs/api/get-job';
import { prefetchWhenSignedIn } from '@/lib/prefetch';
import { rootRoute } from './__root';

export const jobDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/jobs/$id',
  loader: ({ context, params }) => {
    const parsed = IdParamSchema.safeParse(params);
    if (parsed.success) prefetchWhenSignedIn(context.queryClient, jobQueryOptions(parsed.data.id));
  },
  component: lazyRouteComponent(() => import('./job-detail.lazy'), 'JobDetailScreen'),
});
