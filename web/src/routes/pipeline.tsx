import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { APPLICATION_STAGES } from '@ats/contracts';
import { jobsQueryOptions } from '@/features/jobs/api/get-jobs';
import { stageApplicationsQueryOptions } from '@/features/pipeline/api/get-applications';
import { pipelineSummaryQueryOptions } from '@/features/pipeline/api/get-pipeline-summary';
import { prefetchInfiniteWhenSignedIn, prefetchWhenSignedIn } from '@/lib/prefetch';
import { flag, moment, positiveInt, searchSchema, text } from '@/lib/search-params';
import { rootRoute } from './__root';

export const PipelineSearchSchema = searchSchema({
  search: text({ max: 200 }),
  job: positiveInt(),
  /** the job's board as of a past moment (ISO time), read-only */
  asOf: moment(),
  /** the job's board replayed through its history */
  replay: flag(),
});

export const pipelineRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/jobs/pipeline',
  validateSearch: (search: Record<string, unknown>) => PipelineSearchSchema.parse(search),
  loaderDeps: ({ search }) => ({ search: search.search, job: search.job }),
  loader: ({ context, deps }) => {
    prefetchWhenSignedIn(context.queryClient, pipelineSummaryQueryOptions(deps));
    for (const stage of APPLICATION_STAGES) prefetchInfiniteWhenSignedIn(context.queryClient, stageApplicationsQueryOptions(deps, stage));
    prefetchWhenSignedIn(context.queryClient, jobsQueryOptions());
  },
  component: lazyRouteComponent(() => import('./pipeline.lazy'), 'PipelineScreen'),
});
