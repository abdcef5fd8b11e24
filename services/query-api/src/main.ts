import { createServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import {
  closeHttpServer,
  ConfigError,
  createAuth,
  SESSION_CACHE_MS,
  createLogger,
  exitOnStartupStop,
  isDryRun,
  onShutdownSignal,
  secureCookiesOf,
  storageConfigOf,
  upgradeCheck,
  answerClientErrorsAsProblems,
} from '@ats/http-kit';
import { readSideUpgrade } from '@ats/projector';
import { createFsBlobStore, createLogSigner, createRedisChangeBus, generateSigningKeyPem, openStorage } from '@ats/storage';
import { createQueryApi } from './app';
import { loadConfig } from './config';
import { createSocketServer } from './realtime/socket-server';

async function main() {
  const config = loadConfig();
  const log = createLogger({ service: 'query-api', pid: process.pid }, config.LOG_LEVEL);
  if (!config.ATS_SIGNING_KEY) log.warn('ATS_SIGNING_KEY is not set: export manifests are signed with a key that lives until restart');
  const signer = createLogSigner(config.ATS_SIGNING_KEY ?? generateSigningKeyPem());
  const storage = await openStorage(storageConfigOf(config), { signer });
  // before serving: says what the projector will rebuild, never rebuilds or records itself (no race
  // with the projector); refuses only a version older than the data; --dry-run prints and stops
  await upgradeCheck(storage, {
    role: 'query-api',
    ...readSideUpgrade(storage.documentStore),
    dryRun: isDryRun(),
    print: (line) => process.stdout.write(`  ${line}\n`),
  }).catch(async (error: unknown) => {
    await storage.close();
    throw error;
  });
  const bus = await createRedisChangeBus(config.REDIS_URL, { channel: config.CHANGES_CHANNEL });
  const auth = createAuth({
    documents: storage.documentStore,
    sessionSecret: config.SESSION_SECRET,
    secureCookies: secureCookiesOf(config.SECURE_COOKIES),
    bus,
    // every read looks its session up: reused for a second, dropped at once on a sign-out or
    // deactivation notice (the same second the accounts are already reused for)
    sessionCacheMs: SESSION_CACHE_MS,
  });
  await auth.init();
  const api = createQueryApi({
    documents: storage.documentStore,
    bus,
    auth,
    log,
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
    accessLog: { eventStore: storage.eventStore },
    http: { trustProxy: config.TRUST_PROXY, publicOrigin: config.PUBLIC_ORIGIN },
    feedSecret: config.SESSION_SECRET,
    metricsToken: config.METRICS_TOKEN,
    blobs: createFsBlobStore(config.BLOB_DIR),
  });
  const server = createServer(api.app.callback());
  // a request that trickles in must not hold a connection for Node's default 5 minutes (as in the standalone)
  server.headersTimeout = 15_000;
  server.requestTimeout = 60_000;
  answerClientErrorsAsProblems(server);
  // the Socket.IO Redis adapter lets socket-level operations (e.g. ending a user's sockets) reach every instance
  const pub = createClient({ url: config.REDIS_URL });
  const sub = pub.duplicate();
  await Promise.all([pub.connect(), sub.connect()]);
  const sockets = createSocketServer({
    httpServer: server,
    app: api.app,
    auth,
    bus,
    log,
    adapter: createAdapter(pub, sub),
    documents: storage.documentStore,
    allowedOrigins: config.PUBLIC_ORIGIN ? [config.PUBLIC_ORIGIN] : [],
  });
  await api.tracker.start();
  await sockets.start();
  server.listen(config.PORT, () => log.info('query-api listening', { port: config.PORT }));
  onShutdownSignal(
    async () => {
      // sockets first (they hold the HTTP server open), then in-flight requests
      await sockets.stop();
      await closeHttpServer(server);
      await api.accessLog?.stop();
      await api.tracker.stop();
      await api.analyticsIndex.stop();
      await bus.close();
      await Promise.allSettled([pub.quit(), sub.quit()]);
      await storage.close();
    },
    { log },
  );
}

main().catch((error) => {
  if (exitOnStartupStop(error)) return;
  process.stderr.write((error instanceof ConfigError ? error.message : `Failed to start: ${error?.stack ?? error}`) + '\n');
  process.exit(1);
});
