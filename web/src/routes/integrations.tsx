import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

/** SPEC §2.15: Integrations. */
export const integrationsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/integrations',
  component: lazyRouteComponent(() => import('@/features/integrations/components/integrations-page'), 'IntegrationsPage'),
});
