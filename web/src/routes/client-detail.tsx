import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { IdParamSchema } from '@ats/contracts';
import { clientQueryOptions } from '@/features/clients/api/get-client';
import { AsOfSearchSchema } from '@/lib/history';
import { prefetchWhenSignedIn } from '@/lib/prefetch';
import { rootRoute } from './__root';

export const clientDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/clients/$id',
  validateSearch: (search: Record<string, unknown>) => AsOfSearchSchema.parse(search),
  loaderDeps: ({ search }) => ({ asOf: search.asOf }),
  loader: ({ context, params, deps }) => {
    const parsed = IdParamSchema.safeParse(params);
    if (parsed.success) prefetchWhenSignedIn(context.queryClient, clientQueryOptions(parsed.data.id, deps.asOf));
  },
  component: lazyRouteComponent(() => import('./client-detail.lazy'), 'ClientDetailScreen'),
});
