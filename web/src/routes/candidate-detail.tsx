import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { IdParamSchema } from '@ats/contracts';
import { candidateQueryOptions } from '@/features/candidates/api/get-candidate';
import { AsOfSearchSchema } from '@/lib/history';
import { prefetchWhenSignedIn } from '@/lib/prefetch';
import { rootRoute } from './__root';

export const candidateDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/candidates/$id',
  // ?asOf=<ISO time>: the record as it was then (read-only)
  validateSearch: (search: Record<string, unknown>) => AsOfSearchSchema.parse(search),
  loaderDeps: ({ search }) => ({ asOf: search.asOf }),
  loader: ({ context, params, deps }) => {
    const parsed = IdParamSchema.safeParse(params);
    if (parsed.success) prefetchWhenSignedIn(context.queryClient, candidateQueryOptions(parsed.data.id, deps.asOf));
  },
  component: lazyRouteComponent(() => import('./candidate-detail.lazy'), 'CandidateDetailScreen'),
});
