import type Router from '@koa/router';
import { buildOpenApiDocument, contracts, messages, type AuditEvent } from '@ats/contracts';
import { DomainError, NotFoundError, bindContract } from '@ats/http-kit';
import type { EventStore } from '@ats/storage';
import type { Queries } from '../read-models/queries';
import type { createResultCache } from '../read-models/result-cache';

const applicationFilter = (query: { search?: string | undefined; job?: string | undefined }) => ({
  search: query.search,
  jobId: query.job && query.job !== 'all' ? Number(query.job) : undefined,
});

export function readRoutes(
  router: Router,
  queries: Queries,
  opts: { validateResponses?: boolean; eventStore?: Pick<EventStore, 'readAll'> | undefined; cache?: ReturnType<typeof createResultCache> },
) {
  // counts scan every matching document: remembered until the read models move
  const cached = <T>(key: string, compute: () => Promise<T>) => (opts.cache ? opts.cache.get(key, compute) : compute());
  bindContract(router, contracts.listCandidates, ({ query }) => queries.listCandidates(query), opts);
  // before /api/candidates/:id, which would take 'count' for an id
  bindContract(
    router,
    contracts.countCandidates,
    async ({ query }) => ({ count: await cached(`candidates:${JSON.stringify(query)}`, () => queries.countCandidates(query)) }),
    opts,
  );
  bindContract(
    router,
    contracts.getCandidate,
    async ({ params }) => {
      const candidate = await queries.getCandidate(params.id);
      if (!candidate) throw new DomainError(404, 'not_found', 'Not Found', messages.candidateNotFound);
      return candidate;
    },
    opts,
  );
  bindContract(router, contracts.listCandidateNotes, ({ params }) => queries.listNotes(params.id), opts);
  bindContract(router, contracts.listCandidateJobs, ({ params }) => queries.listCandidateJobs(params.id), opts);
  bindContract(router, contracts.listCandidateCommunications, ({ params }) => queries.listCommunications(params.id), opts);
  bindContract(router, contracts.listClients, ({ query }) => queries.listClients(query.search), opts);
  bindContract(
    router,
    contracts.getClient,
    async ({ params }) => {
      const client = await queries.getClient(params.id);
      if (!client) throw new DomainError(404, 'not_found', 'Not Found', messages.clientNotFound);
      return client;
    },
    opts,
  );
  bindContract(router, contracts.listJobs, ({ query }) => queries.listJobs(query.search), opts);
  bindContract(
    router,
    contracts.getJob,
    async ({ params }) => {
      const job = await queries.getJob(params.id);
      if (!job) throw new NotFoundError('Job', params.id);
      return job;
    },
    opts,
  );
  bindContract(
    router,
    contracts.listApplications,
    ({ query }) => queries.listApplications({ ...applicationFilter(query), stage: query.stage, limit: query.limit, offset: query.offset }),
    opts,
  );
  bindContract(
    router,
    contracts.pipelineSummary,
    ({ query }) => cached(`summary:${JSON.stringify(applicationFilter(query))}`, () => queries.pipelineSummary(applicationFilter(query))),
    opts,
  );
  bindContract(router, contracts.recentActivities, ({ query }) => queries.recentActivities(query.limit), opts);
  bindContract(router, contracts.activityFeed, ({ query }) => queries.activityFeed(query), opts);
  bindContract(router, contracts.activityActors, () => queries.activityActors(), opts);
  bindContract(router, contracts.listJobActivities, ({ params, query }) => queries.jobActivities(params.id, query.limit), opts);
  bindContract(router, contracts.dashboardMetrics, ({ query }) => queries.dashboardMetrics(query.tz), opts);
  bindContract(router, contracts.todaysInterviews, ({ query }) => queries.todaysInterviews(query.tz), opts);
  bindContract(router, contracts.listInterviews, ({ query }) => queries.listInterviews(query), opts);
  // before /api/interviews/:id, which would take 'conflicts' for an id
  bindContract(router, contracts.interviewerOptions, () => queries.interviewerOptions(), opts);
  bindContract(router, contracts.interviewConflicts, async ({ query }) => ({ conflicts: await queries.interviewConflicts(query) }), opts);
  bindContract(
    router,
    contracts.getInterview,
    async ({ params }) => {
      const interview = await queries.getInterview(params.id);
      if (!interview) throw new NotFoundError('Interview', params.id);
      return interview;
    },
    opts,
  );
  bindContract(router, contracts.priorityTasks, ({ query }) => queries.priorityTasks(query.limit), opts);
  bindContract(router, contracts.aiStats, () => queries.aiStats(), opts);
  bindContract(router, contracts.aiAnalytics, () => cached('ai-analytics', () => queries.aiAnalytics()), opts);
  bindContract(router, contracts.listUsers, () => queries.listUsers(), opts);
  bindContract(router, contracts.globalSearch, ({ query }) => queries.globalSearch(query), opts);
  // the signed-in user's own bell; before /api/notifications/:x-style routes of other areas
  bindContract(router, contracts.unreadNotificationCount, ({ user }) => queries.unreadNotificationCount(user.id), opts);
  bindContract(router, contracts.getNotificationPreferences, ({ user }) => queries.notificationPreferences(user.id), opts);
  bindContract(router, contracts.listNotifications, ({ user, query }) => queries.listNotifications(user.id, query), opts);
  bindContract(router, contracts.getCandidateFollow, ({ user, params }) => queries.isFollowing(user.id, 'candidate', params.id), opts);
  bindContract(router, contracts.getJobFollow, ({ user, params }) => queries.isFollowing(user.id, 'job', params.id), opts);
  bindContract(
    router,
    contracts.listEvents,
    async ({ query }) => {
      if (!opts.eventStore)
        throw new DomainError(503, 'audit_unavailable', 'Service Unavailable', 'The event log is not connected to this instance');
      const recorded = await opts.eventStore.readAll({ after: query.after, limit: query.limit });
      const events = recorded.map((e) => ({
        id: e.id,
        type: e.type,
        stream: e.stream,
        revision: e.revision,
        position: e.position,
        data: e.data,
        metadata: e.metadata,
      })) as AuditEvent[];
      const last = events[events.length - 1];
      return { events, next: events.length === query.limit && last ? last.position : null };
    },
    opts,
  );

  // the API description, generated from the same contracts the routes are bound with
  // built on first request: it takes a few hundred milliseconds, not worth spending at start-up
  let openapi: ReturnType<typeof buildOpenApiDocument> | null = null;
  router.get('/api/openapi.json', (ctx) => {
    openapi ??= buildOpenApiDocument(contracts, { title: 'TalentFlow ATS API', version: '1.0.0' });
    ctx.body = openapi;
  });
}
