import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { IdParamSchema } from '@ats/contracts';
import { jobQueryOptions } from '@/features/jobs/api/get-job';
import { AsOfSearchSchema } from '@/lib/history';
import { prefetchWhenSignedIn } from '@/lib/prefetch';
import { rootRoute } from './__root';

export const jobDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/jobs/$id',
  validateSearch: (search: Record<string, unknown>) => AsOfSearchSchema.parse(search),
  loaderDeps: ({ search }) => ({ asOf: search.asOf }),
  loader: ({ context, params, deps }) => {
    const parsed = IdParamSchema.safeParse(params);
    if (parsed.success) prefetchWhenSignedIn(context.queryClient, jobQueryOptions(parsed.data.id, deps.asOf));
  },
  component: lazyRouteComponent(() => import('./job-detail.lazy'), 'JobDetailScreen'),
});
