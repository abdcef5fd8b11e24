/** Profiling aid: catch-up of a small synthetic log on in-memory PGlite (run with --cpu-prof). */
import { allProjections, createProjector } from '@ats/projector';
import { createMemoryChangeBus, openStorage } from '@ats/storage';
import { appendDataset } from '../drills/support/dataset';

const storage = await openStorage({ kind: 'embedded' });
await appendDataset(storage.eventStore, { candidates: 2000, applications: 4000, moves: 2000, notes: 0, jobs: 20, clients: 5 }, 2000, {
  reservations: false,
});
const head = await storage.eventStore.headPosition();
const projector = createProjector({
  eventStore: storage.eventStore,
  documentStore: storage.documentStore,
  changeBus: createMemoryChangeBus(),
  projections: allProjections,
  batchSize: 1000,
});
const t = performance.now();
await projector.start();
await projector.waitFor(head, 600_000);
process.stdout.write(`${head} events in ${Math.round(performance.now() - t)} ms\n`);
await projector.stop();
await storage.close();
