import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

/** Backups, for admins only (the server checks the role too). */
export const backupsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/backups',
  component: lazyRouteComponent(() => import('./backups.lazy'), 'BackupsScreen'),
});
