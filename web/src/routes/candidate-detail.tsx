import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { candidateQueryOptions } from '@/features/candidates/api/get-candidate';
import { AsOfSearchSchema } from '@/lib/history';
import { prefetchWhenSignedIn } from '@/lib/prefetch';
import { parseId } from '@/lib/search-params';
import { rootRoute } from './__root';

export const candidateDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/candidates/$id',
  // ?asOf=<ISO time>: the record as it was then (read-only)
  validateSearch: (search: Record<string, unknown>) => AsOfSearchSchema.parse(search),
  loaderDeps: ({ search }) => ({ asOf: search.asOf }),
  loader: ({ context, params, deps }) => {
    const id = parseId(params.id);
    if (id !== undefined) prefetchWhenSignedIn(context.queryClient, candidateQueryOptions(id, deps.asOf));
  },
  component: lazyRouteComponent(() => import('./candidate-detail.lazy'), 'CandidateDetailScreen'),
});
