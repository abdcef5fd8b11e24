import { createRoute, redirect } from '@tanstack/react-router';
import { rootRoute } from './__root';

/** `/pipeline`, as a recruiter types it, is the pipeline board (`/jobs/pipeline`), with its search kept. */
export const pipelineAliasRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pipeline',
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/jobs/pipeline', search: search as Record<string, unknown>, replace: true });
  },
});
