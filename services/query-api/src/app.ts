import { subjectAccessRoutes, type SubjectSources } from './routes/subject-access';
import { dataProtectionRoutes } from './routes/data-protection';
import Koa from 'koa';
import Router from '@koa/router';
import type { BlobStore, ChangeBus, DocumentStore, EventStore } from '@ats/storage';
import { contracts } from '@ats/contracts';
import {
  DEFAULT_HTTP_TRUST,
  ROUTE_BUDGETS,
  routeBudget,
  SESSION_ENDED,
  applyProxyTrust,
  logAppErrors,
  metricsEndpoint,
  problemMiddleware,
  requestLog,
  rejectAmbiguousRequests,
  getOnlyPaths,
  readMinPosition,
  securityHeaders,
  type Auth,
  type HttpTrust,
  type Logger,
} from '@ats/http-kit';
import { createAccessLog, type AccessLog } from './access-log';
import { createHistoryQueries } from './read-models/history';
import { createPositionTracker } from './read-models/position-tracker';
import { createQueries } from './read-models/queries';
import { createLiveApplicationsIndex } from './read-models/analytics/live-index';
import { createLiveMoreCopies } from './read-models/analytics/more-index';
import { cachedJson, createResultCache } from './read-models/result-cache';
import { createStatusCounts } from './read-models/status-counts';
import { createApplicationCounts } from './read-models/application-counts';
import { createQueryCounts } from './read-models/query-counts';
import { createJobsListMemory } from './read-models/jobs-list-memory';
import { createAiTotals } from './read-models/ai-totals';
import { createLiveActiveCandidates } from './read-models/analytics/active-candidates';
import { authRoutes } from './routes/auth';
import { readRoutes } from './routes/reads';
import { calendarRoutes } from './routes/calendar';
import { auditRoutes, type AuditDeps } from './routes/audit';
import { projectionHealthRoutes } from './routes/projections';
import { exportRoutes } from './routes/exports';
import { importRoutes } from './routes/imports';
import { resumeRoutes } from './routes/resumes';
import { allProjections, createProjectionAdmin, type ProjectionAdmin } from '@ats/projector';
import { withSubjectSearch } from './read-models/audit-subjects';
import { READ_MODELS } from './read-models/names';

/** the most applications whose Analytics copies the start-up warm-up loads ahead (about 120 MB of memory) */
export const ANALYTICS_WARM_UP_LIMIT = 150_000;

export interface QueryApiOptions {
  documents: DocumentStore;
  /** the most applications whose Analytics copies `warmUp()` loads (default `ANALYTICS_WARM_UP_LIMIT`) */
  analyticsWarmUpLimit?: number;
  bus: ChangeBus;
  auth: Auth;
  log: Logger;
  /** how long a GET with minPosition waits for the projector */
  minPositionWaitMs?: number;
  validateResponses?: boolean;
  demoHint?: string | null;
  /** head of the event log, for /healthz lag */
  headPosition?: () => Promise<number>;
  /** read access to the event log for the audit route (GET /api/events) */
  eventStore?: Pick<EventStore, 'readAll' | 'readStream'>;
  /** the audit workspace's log: filters, verification, export (SQL stores only) */
  audit?: AuditDeps;
  /** more facts for /healthz (e.g. the embedded store's maintenance) */
  health?: () => Record<string, unknown>;
  /** where the access log (who read, downloaded or exported what) is appended; absent = not recorded */
  accessLog?: AccessLog | { eventStore: Pick<EventStore, 'append'>; intervalMs?: number };
  /** trusted proxy hops and the public origin (default: no proxy, each request's own origin) */
  http?: HttpTrust;
  /** the server secret personal calendar-feed tokens are derived from (the session secret); unset = no feeds */
  feedSecret?: string;
  /** projection health with the in-process projector's rebuild progress (default: read from the store only) */
  projections?: ProjectionAdmin;
  /** a person's own events and files for the subject access export (absent: the zip has no files) */
  subjectSources?: SubjectSources;
  /** bearer token for GET /metrics besides an admin session (METRICS_TOKEN) */
  metricsToken?: string | undefined;
  /** where resume files are kept (shared with the command-api); unset = resume downloads answer 404 */
  blobs?: Pick<BlobStore, 'get'>;
}

/** The read side: GET routes over read models, never appending events. */
export function createQueryApi(options: QueryApiOptions) {
  const http = options.http ?? DEFAULT_HTTP_TRUST;
  const app = new Koa();
  applyProxyTrust(app, http);
  const router = new Router();
  // a cached session another instance ended (sign-out) or whose user changed (deactivation, role)
  // is dropped when the notice arrives, before the read models move on
  const tracker = createPositionTracker(options.documents, options.bus, (notices) => {
    for (const notice of notices) {
      if (notice.readModel === SESSION_ENDED.readModel) options.auth.sessions.forget({ sessionKeys: notice.ids.map(String) });
      else if (notice.readModel === 'users') options.auth.sessions.forget({ userIds: notice.ids.map(String) });
    }
  });
  const cache = createResultCache(() => tracker.current(), 500, { positionOf: tracker.positionOf });
  // the funnel and time in stage read an in-memory copy of analytics_applications kept current by change notices
  const applicationsIndex = createLiveApplicationsIndex(options.documents, { bus: options.bus, checkpoint: () => tracker.current() });
  // source effectiveness and recruiter activity read in-memory copies of their read models the same way
  const analyticsMore = createLiveMoreCopies(options.documents, { bus: options.bus, checkpoint: () => tracker.current() });
  // the dashboard's Active Candidates change label: each candidate's active spans in memory (now and a month ago)
  const activeCandidates = createLiveActiveCandidates(options.documents, { bus: options.bus, checkpoint: () => tracker.current() });
  const analyticsIndex = {
    ...applicationsIndex,
    stop: async () => {
      await Promise.all([applicationsIndex.stop(), analyticsMore.stop(), activeCandidates.stop()]);
    },
  };
  // Active Candidates: candidates per status in memory, kept current by the notices
  const candidateStatuses = createStatusCounts(options.documents, tracker, { readModel: 'candidates', field: 'status' });
  // the jobs list's counts and the board's summary bar: each application's job, candidate and stage in memory, kept current by the notices
  const applicationCounts = createApplicationCounts(options.documents, tracker);
  // the AI Analytics card: each candidate's analysis time and score in memory
  const aiTotals = createAiTotals(options.documents, tracker);
  // the candidates list's counts (a search's '{n} candidates found'): the matching ids per search in memory
  const candidateCounts = createQueryCounts(options.documents, tracker, { readModel: 'candidates' });
  // the jobs list without a search: the jobs' documents and their clients' names in memory, kept current by the notices
  const jobsList = createJobsListMemory(options.documents, tracker);
  const queries = createQueries(
    options.documents,
    cache,
    analyticsIndex,
    { candidateStatuses, activeCandidates, applicationCounts, aiTotals, candidateCounts, jobsList },
    analyticsMore,
  );
  const history = createHistoryQueries(options.documents);
  const accessLog =
    options.accessLog && 'eventStore' in options.accessLog
      ? createAccessLog({ eventStore: options.accessLog.eventStore, log: options.log, intervalMs: options.accessLog.intervalMs ?? 1000 })
      : (options.accessLog ?? null);
  // the audit search finds people through the person index (their names are sealed in the log)
  const audit = options.audit ? { ...options.audit, log: withSubjectSearch(options.audit.log, options.documents) } : undefined;
  const opts = {
    validateResponses: options.validateResponses ?? false,
    eventStore: options.eventStore,
    auditLog: audit?.log,
    cache,
    // a page of 30 cards or a candidate is a few KB: 300 of them stay well under 10 MB
    pageCache: createResultCache(() => tracker.current(), 300, { positionOf: tracker.positionOf }),
    history,
  };

  authRoutes(router, options.auth, { demoHint: options.demoHint ?? null, http });
  // exports read a whole list, the audit log or a person's records in one request: a per-user
  // budget, counted before the handler, so one account cannot keep the process busy with them
  router.use(
    [
      contracts.exportList.path,
      contracts.exportAuditLog.path,
      contracts.candidateSubjectAccess.path,
      contracts.clientContactSubjectAccess.path,
    ],
    routeBudget(options.auth.rateLimits, ROUTE_BUDGETS.exports),
  );
  readRoutes(router, queries, opts);
  dataProtectionRoutes(router, queries, opts);
  calendarRoutes(router, queries, {
    ...opts,
    feedSecret: options.feedSecret,
    publicOrigin: http.publicOrigin,
    // calendar views are large (a month: a thousand interviews and more): a few, for as long as nothing changes
    viewCache: createResultCache(() => tracker.current(), 32),
  });
  subjectAccessRoutes(router, { documents: options.documents, history, sources: options.subjectSources }, opts);
  resumeRoutes(router, queries, { ...opts, blobs: options.blobs });
  auditRoutes(router, audit, { validateResponses: opts.validateResponses, log: options.log });
  exportRoutes(router, queries, opts);
  importRoutes(router, options.eventStore, opts);
  projectionHealthRoutes(
    router,
    options.projections ??
      createProjectionAdmin({
        documentStore: options.documents,
        projections: allProjections,
        headPosition: options.headPosition ?? (async () => tracker.current()),
      }),
    opts,
  );

  logAppErrors(app, options.log);
  app.use(requestLog(options.log, 'query-api'));
  app.use(securityHeaders());
  app.use(problemMiddleware(options.log));
  app.use(rejectAmbiguousRequests());
  app.use(getOnlyPaths());
  app.use(async (ctx, next) => {
    if (ctx.path === '/healthz') {
      const head = options.headPosition ? await options.headPosition() : null;
      ctx.body = {
        status: 'ok',
        service: 'query-api',
        checkpoint: tracker.current(),
        lag: head === null ? null : Math.max(0, head - tracker.current()),
        ...options.health?.(),
      };
      return;
    }
    await next();
  });
  options.auth.install(app);
  app.use(metricsEndpoint({ token: options.metricsToken }));
  if (accessLog) {
    app.use(async (ctx, next) => {
      ctx.state.accessLog = accessLog;
      await next();
    });
  }
  // the log's head, asked at most once a second whatever the traffic: every GET names it
  // (`X-Log-Head`) next to the read models' position, so screens can say when they are behind
  let knownHead: { at: number; head: Promise<number | null> } | null = null;
  const recentHead = (): Promise<number | null> => {
    if (!options.headPosition) return Promise.resolve(null);
    if (!knownHead || Date.now() - knownHead.at > 1000) {
      knownHead = { at: Date.now(), head: options.headPosition().catch(() => null) };
    }
    return knownHead.head;
  };
  const existsInLog = async (position: number) => (options.headPosition ? position <= (await options.headPosition()) : true);
  // read-your-writes: wait (briefly) until the read models include the caller's own write
  app.use(async (ctx, next) => {
    if (ctx.method === 'GET' && ctx.path.startsWith('/api/')) {
      const min = readMinPosition(ctx.query, ctx.get('X-Min-Position') || undefined);
      // only a signed-in caller's own write is worth waiting for, and only a position that exists:
      // otherwise anyone could park requests for the whole wait with ?minPosition=huge
      if (min !== null && min > tracker.current() && ctx.state.user && (await existsInLog(min))) {
        const caughtUp = await tracker.waitFor(min, options.minPositionWaitMs ?? 3000);
        if (!caughtUp) ctx.set('X-Read-Stale', 'true');
      }
      const position = tracker.current();
      const head = await recentHead();
      ctx.set('X-Read-Position', String(position));
      // a head read before the read models moved past it is not "behind"
      if (head !== null) ctx.set('X-Log-Head', String(Math.max(head, position)));
      ctx.set('Cache-Control', 'no-store');
    }
    await next();
  });
  // a cached page goes out as the JSON text made for its first reply (cached results are never changed)
  app.use(async (ctx, next) => {
    await next();
    const text = cachedJson(ctx.body);
    if (text !== null) {
      ctx.body = text;
      ctx.type = 'application/json';
    }
  });
  app.use(router.routes());
  app.use(router.allowedMethods());
  /**
   * Loads the in-memory counts the first screens read (Active Candidates, the jobs list's counts
   * and the summary bar, the change labels' spans), so the first user after a start does not wait
   * for them: at 1M events the first dashboard took 6–12 s while they loaded beside the store's
   * counts. Then the Analytics screen's in-memory copies (applications, sources, activity), each
   * in pages, so its first load after a start does not load them (12–32 s at 100,000 applications);
   * a read arriving meanwhile shares the load under way — up to `ANALYTICS_WARM_UP_LIMIT`
   * applications: the copies take about 0.8 KB of memory per application (with its sources and
   * activity: 385 → 772 MB of idle RSS at 500,000), so a larger agency's copies load on the first
   * Analytics read instead, and a server nobody has asked for analytics yet stays within its idle
   * memory (B7: 1M events, 500,000 applications, idle RSS ≤ 400 MB). Resolves with the milliseconds it took.
   */
  async function warmUp(): Promise<number> {
    const started = performance.now();
    await candidateStatuses.warm();
    await applicationCounts.warm();
    await aiTotals.warm();
    await activeCandidates.current();
    await jobsList.warm();
    const applications = await options.documents.collection(READ_MODELS.analyticsApplications).count({});
    if (applications <= (options.analyticsWarmUpLimit ?? ANALYTICS_WARM_UP_LIMIT)) {
      (await applicationsIndex.current()).prepare();
      await analyticsMore.sources.current();
      await analyticsMore.activity.current();
    }
    return Math.round(performance.now() - started);
  }
  return { app, tracker, queries, accessLog, analyticsIndex, warmUp, caches: { results: cache, pages: opts.pageCache } };
}
export type QueryApi = ReturnType<typeof createQueryApi>;
