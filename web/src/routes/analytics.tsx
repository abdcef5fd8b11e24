import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { recruiterActivityQuery, sourcesQuery } from '@/features/analytics/api/analytics-more';
import { FIGURES, figureQuery } from '@/features/analytics/api/get-figure';
import { filtersOf } from '@/features/analytics/filters';
import { defaultRange } from '@/features/analytics/utils/range';
import { jobHealthQuery } from '@/lib/job-health';
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
  // the sections' reads go out with the screen's chunk (charts), not after it has loaded and rendered
  loader: ({ context, deps }) => {
    const filters = filtersOf(deps, defaultRange());
    for (const name of FIGURES) prefetchWhenSignedIn(context.queryClient, figureQuery(name, filters));
    prefetchWhenSignedIn(context.queryClient, sourcesQuery(filters));
    prefetchWhenSignedIn(context.queryClient, recruiterActivityQuery(filters));
    const { client, job, recruiter } = filters;
    prefetchWhenSignedIn(
      context.queryClient,
      jobHealthQuery({ ...(client ? { client } : {}), ...(job ? { job } : {}), ...(recruiter ? { recruiter } : {}) }),
    );
  },
  component: lazyRouteComponent(() => import('./analytics.lazy'), 'AnalyticsScreen'),
});
