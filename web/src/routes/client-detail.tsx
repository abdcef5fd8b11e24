import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { clientQueryOptions } from '@/features/clients/api/get-client';
import { AsOfSearchSchema } from '@/lib/history';
import { prefetchWhenSignedIn } from '@/lib/prefetch';
import { parseId } from '@/lib/search-params';
import { rootRoute } from './__root';

export const clientDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/clients/$id',
  validateSearch: (search: Record<string, unknown>) => AsOfSearchSchema.parse(search),
  loaderDeps: ({ search }) => ({ asOf: search.asOf }),
  loader: ({ context, params, deps }) => {
    const id = parseId(params.id);
    if (id !== undefined) prefetchWhenSignedIn(context.queryClient, clientQueryOptions(id, deps.asOf));
  },
  component: lazyRouteComponent(() => import('./client-detail.lazy'), 'ClientDetailScreen'),
});
