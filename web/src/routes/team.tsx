import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

/** Team management, for admins only (the server checks the role too). */
export const teamRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/team',
  component: lazyRouteComponent(() => import('./team.lazy'), 'TeamScreen'),
});
