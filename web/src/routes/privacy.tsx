import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

/** Possible duplicate candidates, with merge (admins, managers, recruiters). */
export const duplicatesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/privacy/duplicates',
  component: lazyRouteComponent(() => import('./privacy.lazy'), 'DuplicatesScreen'),
});

/** The retention review (admins; the server checks the role too). */
export const retentionRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/privacy/retention',
  component: lazyRouteComponent(() => import('./privacy.lazy'), 'RetentionScreen'),
});
