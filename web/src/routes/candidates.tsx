import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { candidatesQueryOptions } from '@/features/candidates/api/get-candidates';
import { prefetchInfiniteWhenSignedIn } from '@/lib/prefetch';
import { searchSchema, text } from '@/lib/search-params';
import { rootRoute } from './__root';

export const CandidatesSearchSchema = searchSchema({
  search: text({ max: 200 }),
});

export const candidatesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/candidates',
  validateSearch: (search: Record<string, unknown>) => CandidatesSearchSchema.parse(search),
  loaderDeps: ({ search }) => ({ search: search.search }),
  loader: ({ context, deps }) => prefetchInfiniteWhenSignedIn(context.queryClient, candidatesQueryOptions(deps)),
  component: lazyRouteComponent(() => import('./candidates.lazy'), 'CandidatesScreen'),
});
