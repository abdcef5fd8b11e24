import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { jobQueryOptions } from '@/features/jobs/api/get-job';
import { AsOfSearchSchema } from '@/lib/history';
import { prefetchWhenSignedIn } from '@/lib/prefetch';
import { parseId } from '@/lib/search-params';
import { rootRoute } from './__root';

export const jobDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/jobs/$id',
  validateSearch: (search: Record<string, unknown>) => AsOfSearchSchema.parse(search),
  loaderDeps: ({ search }) => ({ asOf: search.asOf }),
  loader: ({ context, params, deps }) => {
    const id = parseId(params.id);
    if (id !== undefined) prefetchWhenSignedIn(context.queryClient, jobQueryOptions(id, deps.asOf));
  },
  component: lazyRouteComponent(() => import('./job-detail.lazy'), 'JobDetailScreen'),
});
