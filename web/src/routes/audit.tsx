import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { AuditSearchSchema } from '@/features/audit/utils/audit-search';
import { rootRoute } from './__root';

/** The audit workspace (admins and auditors): the event browser, verification and export; the filters live in the URL. */
export const auditRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/audit',
  validateSearch: (search: Record<string, unknown>) => AuditSearchSchema.parse(search),
  component: lazyRouteComponent(() => import('./audit.lazy'), 'AuditScreen'),
});
