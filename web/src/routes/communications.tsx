import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { communicationsQueryOptions } from '@/features/communications/api/get-communications';
import { HubSearchSchema, toHubQuery } from '@/features/communications/utils/hub-filters';
import { prefetchInfiniteWhenSignedIn } from '@/lib/prefetch';
import { rootRoute } from './__root';

/** The communications hub: every e-mail, paged, searched and filtered from the URL, live; the templates. */
export const communicationsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/communications',
  validateSearch: (search: Record<string, unknown>) => HubSearchSchema.parse(search),
  loaderDeps: ({ search }) => toHubQuery(search),
  loader: ({ context, deps }) => prefetchInfiniteWhenSignedIn(context.queryClient, communicationsQueryOptions(deps)),
  component: lazyRouteComponent(() => import('./communications.lazy'), 'CommunicationsScreen'),
});
