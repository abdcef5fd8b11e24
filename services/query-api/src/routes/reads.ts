import { createHash } from 'node:crypto';
import type Router from '@koa/router';
import {
  AI_HIGH_SCORE,
  buildOpenApiDocument,
  contracts,
  messages,
  parseAsOf,
  type AuditEvent,
  type ChainedAuditEvent,
  type ReadModelName,
} from '@ats/contracts';
import { DomainError, NotFoundError, bindContract } from '@ats/http-kit';
import type { EventStore, SqlAuditLog } from '@ats/storage';
import { toLogFilter } from './audit';
import { accessUser, recordAccess } from '../access-log';
import type { HistoryQueries } from '../read-models/history';
import type { DeletedIds } from '../read-models/deleted-records';
import type { Queries } from '../read-models/queries';
import type { createResultCache } from '../read-models/result-cache';

type ReadModels = readonly ReadModelName[];
// what each cached read reads (its query's joins included: services/query-api/src/read-models)
const CANDIDATES: ReadModels = ['candidates'];
const BOARD: ReadModels = ['applications', 'candidates', 'jobs', 'clients'];
const JOBS_LIST: ReadModels = ['jobs', 'clients', 'applications'];
const METRICS: ReadModels = ['candidates', 'jobs', 'placements'];
const TODAYS_INTERVIEWS: ReadModels = ['interviews', 'candidates', 'jobs', 'clients'];
// the dashboard's change labels: placements (the applications copy), open jobs, active candidates
const CHANGES: ReadModels = ['analytics_applications', 'analytics_jobs', 'analytics_candidates'];

/** a short stand-in for the deleted ids (computed once per read of them, which is cached) */
const removedKeys = new WeakMap<DeletedIds, string>();
function removedKey(removed: DeletedIds): string {
  let key = removedKeys.get(removed);
  if (key === undefined) {
    key = createHash('sha1')
      .update(`${removed.candidates.join(',')}|${removed.jobs.join(',')}`)
      .digest('base64url');
    removedKeys.set(removed, key);
  }
  return key;
}

const applicationFilter = (query: { search?: string | undefined; job?: string | undefined }) => ({
  search: query.search,
  jobId: query.job && query.job !== 'all' ? Number(query.job) : undefined,
});

export function readRoutes(
  router: Router,
  queries: Queries,
  opts: {
    validateResponses?: boolean;
    eventStore?: Pick<EventStore, 'readAll'> | undefined;
    auditLog?: SqlAuditLog | undefined;
    cache?: ReturnType<typeof createResultCache>;
    /** the screens' hot pages (search pages, column pages, a candidate, the dashboard), per checkpoint */
    pageCache?: ReturnType<typeof createResultCache>;
    history?: HistoryQueries;
  },
) {
  const history = opts.history;
  const asOfOf = (query: { asOf?: string | undefined }) => (query.asOf !== undefined && history ? parseAsOf(query.asOf) : null);
  const who = accessUser;
  // counts scan every matching document: remembered until the read models move
  // `readModels`: what the result reads, so it is kept until one of them moves (not the whole
  // read side: every candidate read's access-log entry moves the checkpoint within a second)
  const cached = <T>(key: string, compute: () => Promise<T>, readModels?: ReadModels) =>
    opts.cache ? opts.cache.get(key, compute, readModels) : compute();
  // the screens' hot reads, the same for every user who may see them: one computation per
  // change of the read models they read, however many readers ask (B4). Their own cache, so
  // page reads with ever-new search terms cannot push the counts out.
  const page = <T>(key: string, compute: () => Promise<T>, readModels?: ReadModels) =>
    opts.pageCache ? opts.pageCache.get(key, compute, readModels) : compute();
  // the board and the jobs list leave out deleted candidates and jobs, which live in an internal
  // read model that sends no notices: the deleted ids themselves are part of the key
  const withRemoved = async (key: string) => `${key}:${removedKey(await queries.deletedIds())}`;
  // reads of "today" and "this month" also change with the clock: a key per minute
  const minute = () => new Date().toISOString().slice(0, 16);
  bindContract(
    router,
    contracts.listCandidates,
    ({ query }) => page(`candidates:${JSON.stringify(query)}`, () => queries.listCandidates(query), CANDIDATES),
    opts,
  );
  // before /api/candidates/:id, which would take 'count' for an id
  bindContract(
    router,
    contracts.countCandidates,
    async ({ query }) => ({
      count: await cached(`candidates:${JSON.stringify(query)}`, () => queries.countCandidates(query), CANDIDATES),
    }),
    opts,
  );
  bindContract(
    router,
    contracts.getCandidate,
    async ({ params, query, user, ctx }) => {
      const asOf = asOfOf(query);
      const candidate = asOf
        ? await history!.candidateAsOf(params.id, asOf)
        : await page(`candidate:${params.id}`, () => queries.getCandidate(params.id), CANDIDATES);
      if (!candidate) throw new DomainError(404, 'not_found', 'Not Found', messages.candidateNotFound);
      // who saw what: buffered, appended off the request path
      recordAccess(ctx, {
        entityType: 'candidate',
        entityId: params.id,
        kind: 'read',
        user: who(user),
        detail: asOf ? `as of ${query.asOf}` : null,
      });
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
    async ({ params, query }) => {
      const asOf = asOfOf(query);
      const client = asOf ? await history!.clientAsOf(params.id, asOf) : await queries.getClient(params.id);
      if (!client) throw new DomainError(404, 'not_found', 'Not Found', messages.clientNotFound);
      return client;
    },
    opts,
  );
  bindContract(
    router,
    contracts.listJobs,
    async ({ query }) => page(await withRemoved(`jobs:${query.search ?? ''}`), () => queries.listJobs(query.search), JOBS_LIST),
    opts,
  );
  bindContract(
    router,
    contracts.getJob,
    async ({ params, query }) => {
      const asOf = asOfOf(query);
      const job = asOf ? await history!.jobAsOf(params.id, asOf) : await queries.getJob(params.id);
      if (!job) throw new NotFoundError('Job', params.id);
      return job;
    },
    opts,
  );
  bindContract(
    router,
    contracts.listApplications,
    async ({ query }) => {
      const filter = { ...applicationFilter(query), stage: query.stage, limit: query.limit, offset: query.offset };
      const asOf = asOfOf(query);
      return asOf
        ? history!.applicationsAsOf(filter, asOf)
        : page(await withRemoved(`applications:${JSON.stringify(filter)}`), () => queries.listApplications(filter), BOARD);
    },
    opts,
  );
  bindContract(
    router,
    contracts.pipelineSummary,
    async ({ query }) => {
      const asOf = asOfOf(query);
      if (asOf) return history!.pipelineSummaryAsOf(applicationFilter(query), asOf);
      const filter = applicationFilter(query);
      return cached(await withRemoved(`summary:${JSON.stringify(filter)}`), () => queries.pipelineSummary(filter), BOARD);
    },
    opts,
  );
  bindContract(
    router,
    contracts.recentActivities,
    ({ query }) => page(`recent-activities:${query.limit}`, () => queries.recentActivities(query.limit), ['activities']),
    opts,
  );
  bindContract(router, contracts.activityFeed, ({ query }) => queries.activityFeed(query), opts);
  bindContract(router, contracts.activityActors, () => queries.activityActors(), opts);
  bindContract(router, contracts.listCommunications, ({ query }) => queries.communicationsPage(query), opts);
  // before /api/communications/:id, which would read 'senders' as an id
  bindContract(router, contracts.communicationSenders, () => queries.communicationSenders(), opts);
  bindContract(
    router,
    contracts.getCommunication,
    async ({ params }) => {
      const item = await queries.communicationById(params.id);
      if (!item) throw new DomainError(404, 'not_found', 'Not Found', 'E-mail not found');
      return item;
    },
    opts,
  );
  bindContract(router, contracts.listJobActivities, ({ params, query }) => queries.jobActivities(params.id, query.limit), opts);
  bindContract(
    router,
    contracts.dashboardMetrics,
    ({ query }) => page(`dashboard-metrics:${query.tz}:${minute()}`, () => queries.dashboardMetrics(query.tz), METRICS),
    opts,
  );
  // analytics: figures stated at a concrete minute, so the result cache serves repeated reads until the read models move
  const analyticsKey = (name: string, query: object) =>
    `analytics:${name}:${JSON.stringify(query)}:${new Date().toISOString().slice(0, 16)}`;
  bindContract(
    router,
    contracts.analyticsFunnel,
    ({ query }) => cached(analyticsKey('funnel', query), () => queries.analyticsFunnel(query)),
    opts,
  );
  bindContract(
    router,
    contracts.analyticsTimeInStage,
    ({ query }) => cached(analyticsKey('stage', query), () => queries.analyticsTimeInStage(query)),
    opts,
  );
  bindContract(
    router,
    contracts.analyticsTimeToFill,
    ({ query }) => cached(analyticsKey('fill', query), () => queries.analyticsTimeToFill(query)),
    opts,
  );
  bindContract(
    router,
    contracts.analyticsPlacements,
    ({ query }) => cached(analyticsKey('placements', query), () => queries.analyticsPlacements(query)),
    opts,
  );
  // the dashboard's change labels: one computation per zone and minute while their read models stand still
  const dashboardChanges = (tz: string | undefined) =>
    page(`dashboard-changes:${tz}:${minute()}`, () => queries.analyticsDashboardChanges(tz), CHANGES);
  bindContract(router, contracts.analyticsDashboardChanges, ({ query }) => dashboardChanges(query.tz), opts);
  // the signed-in user's own tasks: one entry per user (never another user's list), kept until the tasks move
  const myTasks = (userId: string, limit: number | undefined) =>
    page(`priority-tasks:${JSON.stringify([userId, limit ?? null])}`, () => queries.priorityTasks(userId, limit), ['tasks']);
  // the signed-in user's interviews today (scope=team: everyone's): one entry per zone, minute and user
  const interviewsToday = (tz: string | undefined, scope: 'mine' | 'team' | undefined, userId: string) => {
    const who = scope === 'team' ? undefined : userId;
    return page(
      `todays-interviews:${tz}:${minute()}:${who ?? '*team*'}`,
      () => queries.todaysInterviews(tz, undefined, who),
      TODAYS_INTERVIEWS,
    );
  };
  bindContract(router, contracts.todaysInterviews, ({ query, user }) => interviewsToday(query.tz, query.scope, user.id), opts);
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
  bindContract(router, contracts.priorityTasks, ({ query, user }) => myTasks(user.id, query.limit), opts);
  bindContract(router, contracts.listTasks, ({ query, user }) => queries.listTasks(query, user.id), opts);
  bindContract(router, contracts.listTeamMembers, () => queries.listTeamMembers(), opts);
  bindContract(
    router,
    contracts.getTask,
    async ({ params }) => {
      const task = await queries.getTask(params.id);
      if (!task) throw new NotFoundError('Task', params.id);
      return task;
    },
    opts,
  );
  bindContract(router, contracts.aiStats, () => queries.aiStats(), opts);
  // identical reads at one checkpoint share one computation (10 managers opening the same screen)
  bindContract(
    router,
    contracts.sourceEffectiveness,
    ({ query }) => cached(analyticsKey('sources', query), () => queries.sourceEffectiveness(query)),
    opts,
  );
  bindContract(
    router,
    contracts.recruiterActivity,
    ({ query }) => cached(analyticsKey('activity', query), () => queries.recruiterActivity(query)),
    opts,
  );
  // job health is stated now whatever the range: the range is not part of the key
  bindContract(
    router,
    contracts.jobHealth,
    ({ query }) =>
      cached(analyticsKey('job-health', { client: query.client, job: query.job, recruiter: query.recruiter }), () =>
        queries.jobHealth(query),
      ),
    opts,
  );
  bindContract(
    router,
    contracts.aiFigures,
    () =>
      cached('ai-figures', async () => {
        const t = await queries.aiAnalytics(AI_HIGH_SCORE);
        const averageScore = t.scored > 0 ? Math.round(t.scoreSum / t.scored) : null;
        return {
          candidates: t.total,
          analyzed: t.analyzed,
          scored: t.scored,
          averageScore,
          highScore: t.highScore,
          highScorers: t.highScorers,
        };
      }),
    opts,
  );
  bindContract(router, contracts.aiInsights, () => cached(analyticsKey('ai-insights', {}), () => queries.analyticsAiInsights()), opts);
  // kept until the candidates move (analyses and scores live on them)
  bindContract(router, contracts.aiAnalytics, () => cached('ai-analytics', () => queries.aiAnalytics(), ['candidates']), opts);
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
      const { after, before, limit, order, ...filter } = query;
      if (opts.auditLog) {
        const page = await opts.auditLog.page({ ...toLogFilter(filter), after, before, limit, order });
        return { events: page.events as ChainedAuditEvent[], next: page.next };
      }
      if (!opts.eventStore)
        throw new DomainError(503, 'audit_unavailable', 'Service Unavailable', 'The event log is not connected to this instance');
      // other stores (EventStoreDB): the log in order, by type only
      if (order === 'desc' || before !== undefined || Object.entries(filter).some(([key, value]) => key !== 'type' && value !== undefined))
        throw new DomainError(
          501,
          'audit_unavailable',
          'Not Implemented',
          'This event store pages the log oldest first, filtered by type only',
        );
      const recorded = await opts.eventStore.readAll({ after: after ?? 0, limit, ...(filter.type ? { types: filter.type } : {}) });
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
      return { events, next: events.length === limit && last ? last.position : null };
    },
    opts,
  );

  // a record's History: its events and the related ones, field by field, and who viewed it
  for (const [contract, kind, notFound] of [
    [contracts.candidateHistory, 'candidate', messages.candidateNotFound],
    [contracts.clientHistory, 'client', messages.clientNotFound],
    [contracts.jobHistory, 'job', 'Job not found'],
    [contracts.applicationHistory, 'application', 'Application not found'],
  ] as const) {
    bindContract(
      router,
      contract,
      async ({ params, query }) => {
        if (!history) throw new DomainError(503, 'history_unavailable', 'Service Unavailable', 'History is not available on this instance');
        const page = await history.recordHistory(kind, params.id, {
          before: query.before,
          limit: query.limit,
          ...(query.asOf !== undefined ? { asOf: parseAsOf(query.asOf) } : {}),
        });
        if (!page) throw new DomainError(404, 'not_found', 'Not Found', notFound);
        return page;
      },
      opts,
    );
  }

  // the dashboard's first screen in one read (B8): each part from the same cache entry as its own read
  bindContract(
    router,
    contracts.dashboardFirstScreen,
    async ({ query, user }) => {
      const { tz, limit } = query;
      const [metrics, jobs, recentActivities, todaysInterviews, priorityTasks, changes, aiAnalytics] = await Promise.all([
        // the same keys and read models as the parts' own reads: an entry stays until its own read models move
        page(`dashboard-metrics:${tz}:${minute()}`, () => queries.dashboardMetrics(tz), METRICS),
        page(await withRemoved('jobs:'), () => queries.listJobs(undefined), JOBS_LIST),
        page(`recent-activities:${limit}`, () => queries.recentActivities(limit), ['activities']),
        interviewsToday(tz, 'mine', user.id),
        myTasks(user.id, limit),
        dashboardChanges(tz),
        cached('ai-analytics', () => queries.aiAnalytics(), ['candidates']),
      ]);
      return { metrics, jobs, recentActivities, todaysInterviews, priorityTasks, changes, aiAnalytics };
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
