import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { FIGURES, figureQuery } from '@/features/analytics/api/get-figure';
import { filtersOf } from '@/features/analytics/filters';
import { defaultRange } from '@/features/analytics/utils/range';
import { prefetchWhenSignedIn } from '@/lib/prefetch';
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
  loaderDeps: ({ search }) => search,
  // the four charts' reads go out with the screen's chunk (charts), not after it has loaded and
  // rendered; four only: the browser's six connections per origin keep room for the chunk itself
  // (with all seven, a cold server's slow answers held the chunk back 23 s in the bench)
  loader: ({ context, deps }) => {
    const filters = filtersOf(deps, defaultRange());
    for (const name of FIGURES) prefetchWhenSignedIn(context.queryClient, figureQuery(name, filters));
  },
  component: lazyRouteComponent(() => import('./analytics.lazy'), 'AnalyticsScreen'),
});
