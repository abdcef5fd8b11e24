import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { candidatesQueryOptions } from '@/features/candidates/api/get-candidates';
import { prefetchInfiniteWhenSignedIn } from '@/lib/prefetch';
import { rootRoute } from './__root';

export const CandidatesSearchSchema = z.object({
  search: z.string().trim().max(200).optional().catch(undefined),
});

export const candidatesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/candidates',
  validateSearch: (search: Record<string, unknown>) => CandidatesSearchSchema.parse(search),
  loaderDeps: ({ search }) => ({ search: search.search }),
  loader: ({ context, deps }) => prefetchInfiniteWhenSignedIn(context.queryClient, candidatesQueryOptions(deps)),
  component: lazyRouteComponent(() => import('./candidates.lazy'), 'CandidatesScreen'),
});
