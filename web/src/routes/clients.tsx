import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { clientsQueryOptions } from '@/features/clients/api/get-clients';
import { prefetchWhenSignedIn } from '@/lib/prefetch';
import { searchSchema, text } from '@/lib/search-params';
import { rootRoute } from './__root';

export const ClientsSearchSchema = searchSchema({
  search: text({ max: 200 }),
});

export const clientsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/clients',
  validateSearch: (search: Record<string, unknown>) => ClientsSearchSchema.parse(search),
  loaderDeps: ({ search }) => ({ search: search.search }),
  loader: ({ context, deps }) => prefetchWhenSignedIn(context.queryClient, clientsQueryOptions(deps)),
  component: lazyRouteComponent(() => import('./clients.lazy'), 'ClientsScreen'),
});
