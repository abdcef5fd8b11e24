import Koa from 'koa';
import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPooledBuiltinEngine, holdWorkPool, type AiEngine } from '@ats/ai';
import { RESUME_MESSAGES, contracts } from '@ats/contracts';
import { createOutbox, type EmailSender } from '@ats/mail';
import { createFsBlobStore, type BlobStore, type DocumentStore, type EventStore } from '@ats/storage';
import {
  DEFAULT_HTTP_TRUST,
  DomainError,
  ValidationError,
  applyProxyTrust,
  countingAppends,
  jsonBody,
  logAppErrors,
  metricsEndpoint,
  problemMiddleware,
  requestLog,
  rejectAmbiguousRequests,
  getOnlyPaths,
  sameOriginOnly,
  securityHeaders,
  type Auth,
  type HttpTrust,
  type Logger,
} from '@ats/http-kit';
import type { Deps } from './domain/context';
import { createIdAllocator } from './ids';
import { aiRoutes } from './routes/ai';
import { resumeAndEmailRoutes } from './routes/files-and-email';
import { calendarRoutes } from './routes/calendar';
import { limitCostlyRoutes } from './routes/route-budgets';
import { applicationRoutes } from './routes/applications';
import { authRoutes } from './routes/auth';
import { candidateRoutes } from './routes/candidates';
import { dataProtectionRoutes } from './routes/data-protection';
import { clientRoutes } from './routes/clients';
import { jobRoutes } from './routes/jobs';
import { scheduleRoutes } from './routes/schedule';
import { taskRoutes } from './routes/tasks';
import { userRoutes } from './routes/users';
import { notificationRoutes } from './routes/notifications';
import { projectionRoutes, type ProjectionCommands } from './routes/projections';
import { backupRoutes, type BackupCommands } from './routes/backups';
import { privacyRoutes } from './routes/privacy';
import type { PrivacyPort } from './domain/privacy/handlers';
import { importRoutes } from './routes/imports';
import { createImportService, type ImportServiceOptions } from './imports/service';

export interface CommandApiOptions {
  eventStore: EventStore;
  auth: Auth;
  log: Logger;
  /** check every reply against its contract (tests) */
  validateResponses?: boolean;
  /** read models, read as the inputs of AI analyses and e-mails (never written here) */
  documents?: DocumentStore;
  /** default: the built-in rules engine, run in the worker pool */
  ai?: AiEngine;
  /** default: the local outbox (records, delivers nothing) */
  mail?: EmailSender;
  /** resume files; default: a directory under the OS temp dir */
  blobs?: BlobStore;
  /** the agency named under the sender in e-mail sign-offs (EMAIL_FROM_NAME; default none) */
  teamName?: string | null;
  /** trusted proxy hops and the public origin (default: no proxy, each request's own origin) */
  http?: HttpTrust;
  /** rebuild / retry / skip of the projector running in this process (absent: they answer 501) */
  projections?: ProjectionCommands;
  /** the Backups screen's commands where this server owns an embedded store (absent: they answer 501) */
  backups?: BackupCommands;
  /** erasure: the key store and the read models' purge (absent: erasure answers 501) */
  privacy?: PrivacyPort;
  /** bearer token for GET /metrics besides an admin session (METRICS_TOKEN) */
  metricsToken?: string | undefined;
  /** the projector in this process (embedded store): imports keep pace with it */
  readSide?: ImportServiceOptions['readSide'];
  /** with `readSide`: other users' requests first, import batches sized to a time budget */
  importPacing?: ImportServiceOptions['pacing'];
}

const resumePath = new RegExp(`^${contracts.uploadResume.path.replace(':id', '[^/]+')}$`);

/** The write side: validates, authorises, decides and appends. It never writes read models. */
export function createCommandApi(options: CommandApiOptions) {
  // appends are counted for /metrics (ats_events_appended_total)
  const eventStore = countingAppends(options.eventStore);
  const deps: Deps = {
    eventStore,
    allocateId: createIdAllocator(eventStore),
    accounts: options.auth.accounts,
    sessions: options.auth.sessions,
    documents: options.documents ?? null,
    ...(options.privacy ? { privacy: options.privacy } : {}),
    integrations: {
      ai: options.ai ?? createPooledBuiltinEngine(),
      mail: options.mail ?? createOutbox(),
      blobs: options.blobs ?? createFsBlobStore(join(tmpdir(), 'ats-blobs')),
      teamName: options.teamName ?? null,
    },
  };
  const http = options.http ?? DEFAULT_HTTP_TRUST;
  const app = new Koa();
  applyProxyTrust(app, http);
  const router = new Router();
  const opts = { validateResponses: options.validateResponses ?? false };

  limitCostlyRoutes(router, options.auth.rateLimits);
  authRoutes(router, options.auth);
  candidateRoutes(router, deps, opts);
  clientRoutes(router, deps, opts);
  jobRoutes(router, deps, opts);
  applicationRoutes(router, deps, opts);
  scheduleRoutes(router, deps, opts);
  taskRoutes(router, deps, opts);
  userRoutes(router, deps, opts);
  notificationRoutes(router, deps, opts);
  aiRoutes(router, deps, opts);
  resumeAndEmailRoutes(router, deps, opts);
  calendarRoutes(router, deps, opts);
  dataProtectionRoutes(router, deps, opts);
  projectionRoutes(router, options.projections, opts);
  backupRoutes(router, options.backups, opts);
  privacyRoutes(router, deps, opts);
  const imports = createImportService(deps, options.log, {
    ...(options.readSide ? { readSide: options.readSide } : {}),
    ...(options.importPacing ? { pacing: options.importPacing } : {}),
  });
  importRoutes(router, imports, opts);

  logAppErrors(app, options.log);
  app.use(requestLog(options.log, 'command-api'));
  app.use(securityHeaders());
  app.use(problemMiddleware(options.log));
  app.use(rejectAmbiguousRequests());
  app.use(getOnlyPaths());
  app.use(async (ctx, next) => {
    if (ctx.path === '/healthz') {
      ctx.body = { status: 'ok', service: 'command-api', head: await options.eventStore.headPosition() };
      return;
    }
    await next();
  });
  app.use(sameOriginOnly(http));
  // the session first: a caller without one may send only a small body (the sign-in form)
  options.auth.install(app);
  app.use(
    jsonBody({
      limit: 15 * 1024 * 1024,
      anonymousLimit: 16 * 1024,
      tooLargeDetail: (ctx) => (resumePath.test(ctx.path) ? RESUME_MESSAGES.tooLarge : 'The request body is too large.'),
    }),
  );
  app.use(
    bodyParser({
      enableTypes: ['json'],
      jsonLimit: '15mb',
      onError: (error, ctx) => {
        // an oversize body is a 413 (on the resume route with the message the UI shows), not bad JSON
        if ((error as { status?: number }).status === 413)
          throw new DomainError(
            413,
            'payload_too_large',
            'Payload Too Large',
            resumePath.test(ctx.path) ? RESUME_MESSAGES.tooLarge : 'The request body is too large.',
          );
        throw new ValidationError([{ path: '', message: 'Malformed JSON body' }]);
      },
    }),
  );
  app.use(metricsEndpoint({ token: options.metricsToken }));
  app.use(router.routes());
  app.use(router.allowedMethods());
  // file reading, resume parsing and the built-in engine run in the process's worker pool
  const releaseWorkPool = holdWorkPool();
  return {
    app,
    deps,
    /** CSV imports: `imports.resume()` after start goes on with the ones a restart interrupted */
    imports,
    close: async () => {
      await imports.stop();
      releaseWorkPool();
    },
  };
}
export type CommandApi = ReturnType<typeof createCommandApi>;
