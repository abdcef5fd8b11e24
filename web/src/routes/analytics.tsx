import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { FIGURES, figureQuery } from '@/features/analytics/api/get-figure';
import { filtersOf } from '@/features/analytics/filters';
import { defaultRange } from '@/features/analytics/utils/range';
import { prefetchWhenSignedIn } from '@/lib/prefetch';
import { day, positiveInt, searchSchema, text, type SearchOf } from '@/lib/search-params';
import { rootRoute } from './__root';

/** The Analytics filters in the URL: from/to (yyyy-mm-dd; absent = the last twelve months), client, job, recruiter. */
export const AnalyticsSearchSchema = searchSchema({
  from: day(),
  to: day(),
  client: positiveInt(),
  job: positiveInt(),
  recruiter: text({ min: 1, max: 100 }),
});

export type AnalyticsSearch = SearchOf<typeof AnalyticsSearchSchema>;

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
