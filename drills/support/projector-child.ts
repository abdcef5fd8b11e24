/**
 * A projector process for the kill -9 drill: `rebuild` mode runs a full rebuild (progress on
 * stdout) and then goes live, like an operator's rebuild; the plain catch-up path is the real
 * services/projector/src/main.ts.
 */
import { allProjections, createProjector } from '@ats/projector';
import { createRedisChangeBus, openStorage } from '@ats/storage';

const storage = await openStorage({ kind: 'postgres', url: process.env.DATABASE_URL! });
const bus = await createRedisChangeBus(process.env.REDIS_URL!, { channel: process.env.CHANGES_CHANNEL ?? 'ats:drill' });
const projector = createProjector({
  eventStore: storage.eventStore,
  documentStore: storage.documentStore,
  changeBus: bus,
  projections: allProjections,
  batchSize: Number(process.env.BATCH_SIZE ?? 100),
});
const result = await projector.rebuild({ onProgress: (p) => process.stdout.write(`progress ${p.phase} ${p.position}\n`) });
process.stdout.write(`rebuilt ${result.events}\n`);
await projector.start();
process.once('SIGTERM', () => {
  void projector
    .stop()
    .then(() => bus.close())
    .then(() => storage.close())
    .then(() => process.exit(0));
});
