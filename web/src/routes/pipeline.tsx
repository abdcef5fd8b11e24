import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { APPLICATION_STAGES } from '@ats/contracts';
import { jobsQueryOptions } from '@/features/jobs/api/get-jobs';
import { stageApplicationsQueryOptions } from '@/features/pipeline/api/get-applications';
import { pipelineSummaryQueryOptions } from '@/features/pipeline/api/get-pipeline-summary';
import { prefetchInfiniteWhenSignedIn, prefetchWhenSignedIn } from '@/lib/prefetch';
import { rootRoute } from './__root';

export const PipelineSearchSchema = z.object({
  search: z.string().trim().max(200).optional().catch(undefined),
  job: z.coerce.number().int().positive().optional().catch(undefined),
  /** the job's board as of a past moment (ISO time), read-only */
  asOf: z
    .string()
    .refine((v) => !Number.isNaN(Date.parse(v)))
    .optional()
    .catch(undefined),
  /** the job's board replayed through its history */
  replay: z.coerce.boolean().optional().catch(undefined),
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
