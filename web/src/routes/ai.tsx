import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

/** SPEC §2.5: the AI-Powered Recruiting screen. */
export const aiRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/ai',
  component: lazyRouteComponent(() => import('./ai.lazy'), 'AiScreen'),
});
