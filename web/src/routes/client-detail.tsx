import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { IdParamSchema } from '@ats/contracts';
import { clientQueryOptions } from '@/features/clients/api/get-client';
import { prefetchWhenSignedIn } from '@/lib/prefetch';
import { rootRoute } from './__root';

export const clientDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/clients/$id',
  loader: ({ context, params }) => {
    const parsed = IdParamSchema.safeParse(params);
    if (parsed.success) prefetchWhenSignedIn(context.queryClient, clientQueryOptions(parsed.data.id));
  },
  component: lazyRouteComponent(() => import('./client-detail.lazy'), 'ClientDetailScreen'),
});
