import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { IdParamSchema } from '@ats/contracts';
import { candidateQueryOptions } from '@/features/candidates/api/get-candidate';
import { prefetchWhenSignedIn } from '@/lib/prefetch';
import { rootRoute } from './__root';

export const candidateDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/candidates/$id',
  loader: ({ context, params }) => {
    const parsed = IdParamSchema.safeParse(params);
    if (parsed.success) prefetchWhenSignedIn(context.queryClient, candidateQueryOptions(parsed.data.id));
  },
  component: lazyRouteComponent(() => import('./candidate-detail.lazy'), 'CandidateDetailScreen'),
});
