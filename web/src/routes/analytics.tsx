import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { rootRoute } from './__root';

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined);
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().catch(undefined);

/** The Analytics filters in the URL: from/to (yyyy-mm-dd; absent = the last twelve months), client, job, recruiter. */
export const AnalyticsSearchSchema = z.object({
  from: day,
  to: day,
  client: id,
  job: id,
  recruiter: z.string().trim().min(1).max(100).optional().catch(undefined),
});

export type AnalyticsSearch = z.infer<typeof AnalyticsSearchSchema>;

export const analyticsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/analytics',
  validateSearch: (search: Record<string, unknown>) => AnalyticsSearchSchema.parse(search),
  component: lazyRouteComponent(() => import('./analytics.lazy'), 'AnalyticsScreen'),
});
