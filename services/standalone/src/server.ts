import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AiEngine } from '@ats/ai';
import type { EmailSender } from '@ats/mail';
import { COMMAND_SIDE_GET_PATHS, createCommandApi, type CommandApi } from '@ats/command-api';
import {
  DEFAULT_HTTP_TRUST,
  SECURITY_HEADERS,
  answerClientErrorsAsProblems,
  ambiguousRequest,
  toOriginForm,
  createAuth,
  SESSION_CACHE_MS,
  createLogger,
  createSqlRateLimitStore,
  type HttpTrust,
  type Logger,
} from '@ats/http-kit';
import { allProjections, createProjectionAdmin, createProjector, createReadModelPurge, registerProjectionMetrics } from '@ats/projector';
import { createQueryApi, createSocketServer, type QueryApi } from '@ats/query-api';
import {
  createFsBlobStore,
  createLogSigner,
  generateSigningKeyPem,
  createMemoryChangeBus,
  openStorage,
  startSqlMaintenance,
  type BlobStore,
  type ChangeBus,
  type DocumentStore,
  type EventStore,
  type SqlClient,
  type SqlMaintenance,
  type SubjectKeyStore,
  type Storage,
} from '@ats/storage';
import { toCandidateStreamId, toClientContactStreamId } from '@ats/events';
import { BACKUP_PATH, createBackupEndpoint } from './ops/online-backup';
import { createBackupAdmin } from './ops/backup-admin';
import { createForegroundRequests } from './foreground';
import { createStaticHandler } from './static-files';
import { ROUTED_METHODS, allowedMethods } from './api-methods';

export interface StandaloneOptions {
  port: number;
  /** PGlite data directory; undefined = in memory (tests) */
  dataDir: string | undefined;
  sessionSecret: string;
  webDir: string;
  log?: Logger;
  validateResponses?: boolean;
  demoHint?: string | null;
  host?: string;
  /** AI engine (default: the built-in rules engine) */
  ai?: AiEngine;
  /** e-mail sender (default: the local outbox) */
  mail?: EmailSender;
  /** where resume files go (default: a fresh temp dir) */
  blobDir?: string;
  /** the team named in e-mail sign-offs */
  teamName?: string | null;
  /** trusted proxy hops and the public origin (default: none, each request's own origin) */
  http?: HttpTrust;
  /** Secure session cookies: always, never, or when the request is https (default 'auto') */
  secureCookies?: boolean | 'auto';
  /** the installation's Ed25519 private key (PKCS#8 PEM) that signs the log's checkpoints and exports (default: a fresh one) */
  signingKey?: string;
  /** record who read, downloaded or exported what (batched `RecordsAccessed` events; default on) */
  accessLog?: boolean;
  /** online backups (`npm run backup`): the admin token and the data dir whose secrets are copied */
  backup?: { token: string; dataDir: string };
  /** where the Backups screen's backups go (ATS_BACKUP_DIR; default `<backup.dataDir>/backups`, else a fresh temp dir) */
  backupDir?: string;
  /** bearer token for GET /metrics besides an admin session (METRICS_TOKEN) */
  metricsToken?: string | undefined;
  /** the embedded store's PostgreSQL `shared_buffers` (resident for the process's life; default PostgreSQL's 128MB) */
  sharedBuffers?: string;
  /** runs on the opened store before anything else (the upgrade check); a throw closes the store and ends the start */
  beforeServing?: (storage: Storage) => Promise<void>;
}

export interface Standalone {
  url: string;
  /** the embedded store's VACUUM ANALYZE passes (null on other stores) */
  readonly maintenance: SqlMaintenance | null;
  server: Server;
  eventStore: EventStore;
  documents: DocumentStore;
  bus: ChangeBus;
  blobs: BlobStore;
  /** the embedded store's SQL client and the per-person key store (crypto-shredding) */
  sql: SqlClient;
  subjectKeys?: SubjectKeyStore;
  commandApi: CommandApi;
  queryApi: QueryApi;
  projector: ReturnType<typeof createProjector>;
  close(): Promise<void>;
}

/**
 * How long (CPU time) an import batch's append and projection may hold the thread together:
 * someone whose command arrives meanwhile waits about that long (B1: p99 ≤ 50 ms from command to
 * notice, of which the command and its own projection take 5–10 ms on a quiet machine).
 */
const IMPORT_BATCH_BUDGET_MS = 25;

/**
 * The three services in one process on the embedded store: command-api for writes, query-api
 * for reads and sockets, the projector in between over an in-memory change bus, and the built
 * SPA. Routing mirrors the production proxy: GET/HEAD to the query side, the rest to commands.
 */
export async function startStandalone(options: StandaloneOptions): Promise<Standalone> {
  const log = options.log ?? createLogger({ service: 'standalone' });
  const signer = createLogSigner(options.signingKey ?? generateSigningKeyPem());
  const storage = await openStorage(
    { kind: 'embedded', dataDir: options.dataDir, ...(options.sharedBuffers ? { sharedBuffers: options.sharedBuffers } : {}) },
    { signer, log: (message, fields) => log.info(message, fields) },
  );
  if (options.beforeServing) {
    try {
      await options.beforeServing(storage);
    } catch (error) {
      await storage.close();
      throw error;
    }
  }
  const bus = createMemoryChangeBus();
  const auth = createAuth({
    documents: storage.documentStore,
    sessionSecret: options.sessionSecret,
    secureCookies: options.secureCookies ?? 'auto',
    // sign-in and route counters in the store: they survive a restart
    rateLimits: storage.sql ? await createSqlRateLimitStore(storage.sql) : undefined,
    bus,
    // one process: its own sign-outs and deactivations drop the cached session at once
    sessionCacheMs: SESSION_CACHE_MS,
  });
  const http = options.http ?? DEFAULT_HTTP_TRUST;
  await auth.init();

  let maintenance: SqlMaintenance | null = null;
  const projector = createProjector({
    eventStore: storage.eventStore,
    documentStore: storage.documentStore,
    changeBus: bus,
    projections: allProjections,
    log,
    // commits share this thread with every request: a backlog (an import) goes in short batches
    commitBudgetMs: 30,
  });
  const projectionAdmin = createProjectionAdmin({
    documentStore: storage.documentStore,
    projections: allProjections,
    headPosition: () => storage.eventStore.headPosition(),
    projector,
    log,
  });
  // the users' API requests under way: an import's next batch waits for them (see ImportPacing)
  const foreground = createForegroundRequests();
  const blobDir = options.blobDir ?? mkdtempSync(join(tmpdir(), 'ats-blobs-'));
  const blobs = createFsBlobStore(blobDir);
  const backupLock = { running: false };
  const backupAdmin = createBackupAdmin({
    sql: storage.sql!,
    dataDir: options.backup?.dataDir,
    blobDir,
    backupDir:
      options.backupDir ??
      // tests: a fresh path under the temp dir, created by the first backup only
      (options.backup ? join(options.backup.dataDir, 'backups') : join(tmpdir(), `ats-backups-${randomUUID()}`)),
    lock: backupLock,
    log,
  });
  const commandApi = createCommandApi({
    eventStore: storage.eventStore,
    auth,
    log,
    validateResponses: options.validateResponses ?? false,
    documents: storage.documentStore,
    blobs,
    http,
    projections: projectionAdmin,
    backups: backupAdmin,
    // an import appends a batch only once the previous one is projected (fair to other users)
    readSide: projector,
    // other users' commands and their projections go first; a batch's append and projection ~25 ms CPU
    importPacing: { batchBudgetMs: IMPORT_BATCH_BUDGET_MS, foreground },
    ...(storage.subjectKeys
      ? {
          privacy: {
            keys: storage.subjectKeys,
            purgeReadModels: createReadModelPurge({ documentStore: storage.documentStore, projector }),
          },
        }
      : {}),
    ...(options.ai ? { ai: options.ai } : {}),
    ...(options.mail ? { mail: options.mail } : {}),
    ...(options.teamName ? { teamName: options.teamName } : {}),
  });
  registerProjectionMetrics(projectionAdmin);
  const queryApi = createQueryApi({
    documents: storage.documentStore,
    bus,
    auth,
    log,
    validateResponses: options.validateResponses ?? false,
    demoHint: options.demoHint ?? null,
    headPosition: () => storage.eventStore.headPosition(),
    eventStore: storage.eventStore,
    ...(storage.auditLog
      ? {
          audit: {
            log: storage.auditLog,
            signer,
            append: storage.eventStore.append,
            ...(storage.checkpoint ? { checkpoint: storage.checkpoint } : {}),
          },
        }
      : {}),
    ...(options.accessLog === false ? {} : { accessLog: { eventStore: storage.eventStore } }),
    http,
    feedSecret: options.sessionSecret,
    projections: projectionAdmin,
    subjectSources: {
      async events(kind, id) {
        const stream = kind === 'candidate' ? toCandidateStreamId(id) : toClientContactStreamId(id);
        return (await storage.eventStore.readStream(stream)).map((e) => ({
          position: e.position,
          type: e.type,
          data: e.data,
          occurredAt: e.metadata.occurredAt,
        }));
      },
      async files(kind, id) {
        if (kind !== 'candidate') return [];
        const events = await storage.eventStore.readStream(toCandidateStreamId(id));
        const refs = events.flatMap((e) =>
          e.type === 'CandidateResumeUploaded' ? [(e.data as { blob: { blobId: string; fileName: string } }).blob] : [],
        );
        const files = await Promise.all(refs.map(async (ref) => ({ name: ref.fileName, bytes: await blobs.get(ref.blobId) })));
        return files.filter((f): f is { name: string; bytes: Uint8Array } => f.bytes !== null);
      },
    },
    metricsToken: options.metricsToken,
    blobs,
    health: () => ({ maintenance: !maintenance ? 'idle' : maintenance.busy ? 'running' : maintenance.settled ? 'idle' : 'pending' }),
  });

  const commands = commandApi.app.callback();
  const queries = queryApi.app.callback();
  const web = createStaticHandler(options.webDir);
  const backup = options.backup
    ? createBackupEndpoint({
        sql: storage.sql!,
        token: options.backup.token,
        dataDir: options.backup.dataDir,
        blobDir,
        log,
        lock: backupLock,
      })
    : null;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    // every reply, the static files' and the 405 below included (the Koa apps set them again)
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    // an absolute-form target (`GET http://host/api/x`) routes by its path, like the Koa apps do
    const ambiguous = ambiguousRequest(req) ?? toOriginForm(req);
    if (ambiguous) return problem(res, 400, 'Bad Request', 'bad_request', ambiguous);
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (backup && path === BACKUP_PATH) return void backup(req, res);
    const isApi = path.startsWith('/api/') || path === '/api' || path === '/healthz' || path === '/metrics';
    // a few GETs need the command side's adapters (e.g. the e-mail connection test)
    const isRead = (req.method === 'GET' || req.method === 'HEAD') && !COMMAND_SIDE_GET_PATHS.includes(path);
    const allow = isApi ? allowedMethods(path) : [];
    // OPTIONS, methods no route takes (TRACE, PROPFIND, …) and a method the path's routes do not
    // take (PUT on an export, GET on a merge: each side knows only its own routes, and answered
    // a 404 "No route" for a path that exists: sweep five), with what both sides serve
    const refused = allow.length > 0 && !allow.includes(req.method ?? '');
    if (isApi && (req.method === 'OPTIONS' || !ROUTED_METHODS.has(req.method ?? '') || refused)) {
      if (allow.length > 0) res.setHeader('Allow', allow.join(', '));
      if (allow.length > 0 && req.method === 'OPTIONS') return void res.writeHead(204, { 'Cache-Control': 'no-store' }).end();
      if (allow.length > 0)
        return problem(
          res,
          405,
          'Method Not Allowed',
          'method_not_allowed',
          `${req.method} is not allowed here; allowed: ${allow.join(', ')}.`,
        );
    }
    if (isApi) {
      foreground.track(res);
      return isRead ? queries(req, res) : commands(req, res);
    }
    if (isRead) return web(req, res);
    problem(res, 405, 'Method Not Allowed', 'method_not_allowed', `${req.method} is not allowed here.`);
  });
  // a body that trickles in must not hold a connection for Node's default 5 minutes
  server.headersTimeout = 15_000;
  server.requestTimeout = 60_000;
  answerClientErrorsAsProblems(server);
  const sockets = createSocketServer({
    httpServer: server,
    app: queryApi.app,
    auth,
    bus,
    log,
    documents: storage.documentStore,
    allowedOrigins: http.publicOrigin ? [http.publicOrigin] : [],
  });

  await queryApi.tracker.start();
  await sockets.start();
  await projector.start();
  // PGlite has no autovacuum: analyze (and vacuum) tables that are new or grew, in the background
  maintenance = storage.sql
    ? startSqlMaintenance(storage.sql, {
        onPass: (tables, ms) => log.info('store maintenance', { tables: tables.length, ms }),
        onError: (error) => log.error('store maintenance failed', { err: error }),
        // a VACUUM of a growing table blocks this thread for seconds: not while an import runs
        defer: () => commandApi.imports.active > 0,
      })
    : null;
  // once the first maintenance pass is done, the read memories the first screens count from are
  // loaded in the background (the first dashboard after a start at 1M events otherwise waited 6–12 s),
  // then the Analytics screen's copies (its first load after a start at 100,000 applications took 12–32 s)
  let warmTimer: NodeJS.Timeout | null = null;
  let warming: Promise<void> | null = null;
  const warmWhenSettled = () => {
    warmTimer = null;
    if (closed) return;
    if (maintenance && !maintenance.settled) {
      warmTimer = setTimeout(warmWhenSettled, 500);
      warmTimer.unref();
      return;
    }
    warming = queryApi
      .warmUp()
      .then((ms) => log.info('read memories loaded', { ms }))
      .catch((error: unknown) => {
        // a close stops the analytics copies' load under way: not a failure
        if (!closed) log.warn('read memories not loaded (the store counts meanwhile)', { err: error });
      });
  };
  warmTimer = setTimeout(warmWhenSettled, 500);
  warmTimer.unref();
  // imports a restart interrupted go on from their last recorded chunk
  void commandApi.imports.resume().catch((error: unknown) => log.error('import resume failed', { err: error }));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const url = `http://localhost:${address.port}`;

  let closed = false;
  return {
    url,
    server,
    eventStore: storage.eventStore,
    documents: storage.documentStore,
    bus,
    blobs,
    sql: storage.sql!,
    ...(storage.subjectKeys ? { subjectKeys: storage.subjectKeys } : {}),
    commandApi,
    queryApi,
    projector,
    get maintenance() {
      return maintenance;
    },
    async close() {
      if (closed) return;
      closed = true;
      await sockets.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // a running import stops at its next row (and resumes on the next start)
      await commandApi.imports.stop();
      // a backup under way finishes (it reads the store)
      await backupAdmin.settle();
      await maintenance?.stop();
      if (warmTimer) clearTimeout(warmTimer);
      // the analytics copies' warm-up ends at its next page
      await queryApi.analyticsIndex.stop();
      await warming;
      await queryApi.accessLog?.stop();
      await projector.stop();
      await queryApi.tracker.stop();
      await bus.close();
      await storage.close();
      await commandApi.close();
    },
  };
}

function problem(res: ServerResponse, status: number, title: string, code: string, detail: string) {
  const body = JSON.stringify({ type: `https://ats.example/problems/${code.replace(/_/g, '-')}`, title, status, detail, code });
  res.writeHead(status, {
    'Content-Type': 'application/problem+json',
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}
