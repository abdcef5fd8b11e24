import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import {
  answerProblem,
  closeHttpServer,
  ConfigError,
  createLogger,
  exitOnStartupStop,
  isDryRun,
  metricsRegistry,
  onShutdownSignal,
  refuseNonGet,
  storageConfigOf,
  upgradeCheck,
} from '@ats/http-kit';
import { registerProjectionMetrics } from './metrics';
import { createProjectionAdmin } from './projection-admin';
import { createRedisChangeBus, openStorage } from '@ats/storage';
import { loadConfig } from './config';
import { allProjections } from './projections';
import { createProjector } from './runner';
import { readSideUpgrade } from './upgrade-plan';

async function main() {
  const config = loadConfig();
  const log = createLogger({ service: 'projector' }, config.LOG_LEVEL);
  const storage = await openStorage(storageConfigOf(config));
  // what this version does to the data, before anything runs: the projector is the service that
  // rebuilds and records the version; --dry-run prints it and stops; older than the data: exit 1
  await upgradeCheck(storage, {
    role: 'projector',
    ...readSideUpgrade(storage.documentStore, allProjections),
    dryRun: isDryRun(),
    print: (line) => process.stdout.write(`  ${line}\n`),
  }).catch(async (error: unknown) => {
    await storage.close();
    throw error;
  });
  const bus = await createRedisChangeBus(config.REDIS_URL, { channel: config.CHANGES_CHANNEL });
  const projector = createProjector({
    eventStore: storage.eventStore,
    documentStore: storage.documentStore,
    changeBus: bus,
    projections: allProjections,
    batchSize: config.BATCH_SIZE,
    log,
  });
  await projector.start();
  registerProjectionMetrics(
    createProjectionAdmin({
      documentStore: storage.documentStore,
      projections: allProjections,
      headPosition: () => storage.eventStore.headPosition(),
      projector,
    }),
  );
  const server = createServer((req, res) => {
    answerInternal(req, res).catch((error: unknown) => {
      // the store unreachable: a 503 problem, not an unhandled rejection that ends the process
      log.warn('projector health or metrics failed', { error });
      if (!res.headersSent) answerProblem(res, 503, 'Service Unavailable', 'unavailable', 'The projector cannot read its state now.');
      else res.destroy();
    });
  });
  async function answerInternal(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/healthz' && path !== '/metrics') {
      answerProblem(res, 404, 'Not Found', 'not_found', 'The projector serves /healthz and /metrics only.');
      return;
    }
    // GET and HEAD only, as on the other services' ports (getOnlyPaths)
    if (refuseNonGet(req, res)) return;
    if (path === '/healthz') {
      const status = await projector.status();
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : JSON.stringify({ status: 'ok', service: 'projector', ...status }));
      return;
    }
    // no sessions here: the metrics token only
    const token = config.METRICS_TOKEN;
    if (!token || req.headers.authorization !== `Bearer ${token}`) {
      answerProblem(res, 401, 'Unauthorized', 'unauthorized', 'Send the metrics token.');
      return;
    }
    res.writeHead(200, { 'Content-Type': metricsRegistry.contentType, 'Cache-Control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : await metricsRegistry.metrics());
  }
  server.listen(config.PORT, () => log.info('projector running', { port: config.PORT, checkpoint: projector.checkpoint }));
  onShutdownSignal(
    async () => {
      await closeHttpServer(server);
      // lets the batch in flight commit; the rest is re-read from the checkpoint at the next start
      await projector.stop();
      await bus.close();
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
