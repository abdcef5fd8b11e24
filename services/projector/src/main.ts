import { createServer } from 'node:http';
import {
  closeHttpServer,
  ConfigError,
  createLogger,
  exitOnStartupStop,
  isDryRun,
  metricsRegistry,
  onShutdownSignal,
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
  const server = createServer(async (req, res) => {
    if (req.url === '/healthz') {
      const status = await projector.status();
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ status: 'ok', service: 'projector', ...status }));
      return;
    }
    if (req.url === '/metrics') {
      // no sessions here: the metrics token only
      const token = config.METRICS_TOKEN;
      if (!token || req.headers.authorization !== `Bearer ${token}`) {
        res.writeHead(401, { 'Content-Type': 'application/problem+json' });
        res.end(JSON.stringify({ title: 'Unauthorized', status: 401, detail: 'Send the metrics token.', code: 'unauthorized' }));
        return;
      }
      res.writeHead(200, { 'Content-Type': metricsRegistry.contentType, 'Cache-Control': 'no-store' });
      res.end(await metricsRegistry.metrics());
      return;
    }
    res.writeHead(404).end();
  });
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
