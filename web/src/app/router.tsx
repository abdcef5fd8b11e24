import { createRouter } from '@tanstack/react-router';
import { PageLoader } from '@/components/page-loader';
import { rootRoute } from '@/routes/__root';
import { candidateDetailRoute } from '@/routes/candidate-detail';
import { candidatesRoute } from '@/routes/candidates';
import { clientDetailRoute } from '@/routes/client-detail';
import { clientsRoute } from '@/routes/clients';
import { dashboardRoute } from '@/routes/dashboard';
import { jobsRoute } from '@/routes/jobs';
import { jobDetailRoute } from '@/routes/job-detail';
import { pipelineRoute } from '@/routes/pipeline';
import { teamRoute } from '@/routes/team';
import { backupsRoute } from '@/routes/backups';
import { activityRoute } from '@/routes/activity';
import { auditRoute } from '@/routes/audit';
import { aiRoute } from '@/routes/ai';
import { integrationsRoute } from '@/routes/integrations';
import { analyticsRoute } from '@/routes/analytics';
import { calendarRoute } from '@/routes/calendar';
import { tasksRoute } from '@/routes/tasks';
import { communicationsRoute } from '@/routes/communications';
import { duplicatesRoute, retentionRoute } from '@/routes/privacy';
import { pipelineAliasRoute } from '@/routes/pipeline-alias';
import { queryClient } from './query-client';

/** SPEC §2.1 route table. */
const routeTree = rootRoute.addChildren([
  dashboardRoute,
  candidatesRoute,
  candidateDetailRoute,
  clientsRoute,
  clientDetailRoute,
  jobsRoute,
  pipelineRoute,
  jobDetailRoute,
  calendarRoute,
  communicationsRoute,
  analyticsRoute,
  aiRoute,
  integrationsRoute,
  teamRoute,
  backupsRoute,
  activityRoute,
  tasksRoute,
  auditRoute,
  duplicatesRoute,
  retentionRoute,
  pipelineAliasRoute,
]);

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  // TanStack Query owns caching; loaders only start fetches.
  defaultPreloadStaleTime: 0,
  defaultPendingComponent: PageLoader,
  defaultPendingMs: 300,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
