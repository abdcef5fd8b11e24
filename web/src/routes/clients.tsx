import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { clientsQueryOptions } from '@/features/clients/api/get-clients';
import { prefetchWhenSignedIn } from '@/lib/prefetch';
import { rootRoute } from './__root';

export const ClientsSearchSchema = z.object({
  search: z.string().trim().max(200).optional().catch(undefined),
});

export const clientsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/clients',
  validateSearch: (search: Record<string, unknown>) => ClientsSearchSchema.parse(search),
  loaderDeps: ({ search }) => ({ search: search.search }),
  loader: ({ context, deps }) => prefetchWhenSignedIn(context.queryClient, clientsQueryOptions(deps)),
  component: lazyRouteComponent(() => import('./clients.lazy'), 'ClientsScreen'),
});
