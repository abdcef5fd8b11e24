import { createServer } from 'node:http';
import { createClient } from 'redis';
import {
  closeHttpServer,
  ConfigError,
  createAuth,
  SESSION_CACHE_MS,
  createLogger,
  createRedisRateLimitStore,
  exitOnStartupStop,
  isDryRun,
  onShutdownSignal,
  secureCookiesOf,
  storageConfigOf,
  upgradeCheck,
  answerClientErrorsAsProblems,
} from '@ats/http-kit';
import { createLogSigner, createRedisChangeBus, openStorage, sleep, type DocumentStore, type ScrubNeedles } from '@ats/storage';
import { warmWorkPool } from '@ats/ai';
import { createCommandApi } from './app';
import { ensureAdmin } from './bootstrap';
import { loadConfig } from './config';
import { createIntegrations } from './integrations';

/**
 * An erasure's read-model purge where the projector runs as its own service: waits (up to 5 s)
 * for its checkpoint to pass the erasure event, then scrubs every collection.
 */
function purgeAfterProjector(documents: DocumentStore & { scrubText?: (needles: ScrubNeedles) => Promise<number> }) {
  return async (position: number, needles: ScrubNeedles) => {
    const checkpoints = documents.collection('projection_checkpoints');
    for (let waited = 0; waited < 5_000; waited += 50) {
      const doc = await checkpoints.get('main');
      if (typeof doc?.position === 'number' && doc.position >= position) break;
      await sleep(50);
    }
    if (!documents.scrubText) throw new Error('This document store cannot purge personal data (no scrubText)');
    // the projector's write fence (ERASURE_FENCE in @ats/projector): its batches that read before
    // or during the scrub write nothing and are projected again, so none writes the person back
    return documents.scrubText({ ...needles, fence: { collection: 'projection_checkpoints', id: 'erasures' } });
  };
}

async function main() {
  const config = loadConfig();
  const log = createLogger({ service: 'command-api' }, config.LOG_LEVEL);
  // with the installation key the appender signs a checkpoint of the hash chain every 10,000 events
  const storage = await openStorage(storageConfigOf(config), {
    ...(config.ATS_SIGNING_KEY ? { signer: createLogSigner(config.ATS_SIGNING_KEY) } : {}),
    log: (message, fields) => log.info(message, fields),
  });
  // before serving: compares this version with the data's (data layout, event schema versions) and
  // refuses only a version older than the data; the projector rebuilds and records, not this
  // service; --dry-run prints and stops
  await upgradeCheck(storage, { role: 'command-api', dryRun: isDryRun(), print: (line) => process.stdout.write(`  ${line}\n`) }).catch(
    async (error: unknown) => {
      await storage.close();
      throw error;
    },
  );
  // sign-in and route counters live in Redis, shared by every instance; logouts are announced on the change bus
  // no offline queue: while Redis is away a sign-in fails fast (503) instead of hanging
  const redis = createClient({ url: config.REDIS_URL, disableOfflineQueue: true }).on('error', (error) =>
    log.warn('redis error', { error }),
  );
  await redis.connect();
  const bus = await createRedisChangeBus(config.REDIS_URL, { channel: config.CHANGES_CHANNEL });
  const auth = createAuth({
    documents: storage.documentStore,
    sessionSecret: config.SESSION_SECRET,
    secureCookies: secureCookiesOf(config.SECURE_COOKIES),
    rateLimits: await createRedisRateLimitStore(redis),
    bus,
    // a command reads its session at most once a second; another instance's sign-out reaches it
    // within that second (README, B2)
    sessionCacheMs: SESSION_CACHE_MS,
  });
  await auth.init();
  const integrations = createIntegrations(config, config.BLOB_DIR);
  log.info('integrations', { ai: integrations.ai.info, mail: integrations.mail.provider, blobDir: config.BLOB_DIR });
  const http = { trustProxy: config.TRUST_PROXY, publicOrigin: config.PUBLIC_ORIGIN };
  const api = createCommandApi({
    eventStore: storage.eventStore,
    auth,
    log,
    documents: storage.documentStore,
    http,
    metricsToken: config.METRICS_TOKEN,
    ...integrations,
    ...(storage.subjectKeys ? { privacy: { keys: storage.subjectKeys, purgeReadModels: purgeAfterProjector(storage.documentStore) } } : {}),
  });
  if (config.ATS_ADMIN_EMAIL && config.ATS_ADMIN_PASSWORD) {
    const { created } = await ensureAdmin(api.deps, { email: config.ATS_ADMIN_EMAIL, password: config.ATS_ADMIN_PASSWORD });
    if (created) log.info('admin created', { email: config.ATS_ADMIN_EMAIL });
  }
  void warmWorkPool();
  // imports a restart interrupted go on from their last recorded chunk
  void api.imports.resume().catch((error: unknown) => log.error('import resume failed', { err: error }));
  // the command side purges expired sessions for every service (they share the store)
  const stopPurging = auth.sessions.startPurging({ onError: (error) => log.error('session purge failed', { err: error }) });
  const server = createServer(api.app.callback());
  // a request that trickles in must not hold a connection for Node's default 5 minutes (as in the standalone)
  server.headersTimeout = 15_000;
  server.requestTimeout = 60_000;
  answerClientErrorsAsProblems(server);
  server.listen(config.PORT, () => log.info('command-api listening', { port: config.PORT }));
  onShutdownSignal(
    async () => {
      await closeHttpServer(server);
      await stopPurging();
      await api.close();
      await Promise.allSettled([bus.close(), redis.quit()]);
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
