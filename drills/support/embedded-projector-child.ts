/**
 * A projector on the embedded store (PGlite in this process) for the embedded kill -9 drill: it
 * starts on an empty read side, which over a long log is the resumable fresh build, and prints
 * the projector's log lines (`projector rebuild progress committed {"position":…}`) as it goes.
 */
import { allProjections, createProjector } from '@ats/projector';
import { createMemoryChangeBus, openStorage } from '@ats/storage';

const storage = await openStorage({ kind: 'embedded', dataDir: process.env.ATS_DATA_DIR! });
const projector = createProjector({
  eventStore: storage.eventStore,
  documentStore: storage.documentStore,
  changeBus: createMemoryChangeBus(),
  projections: allProjections,
  batchSize: 100,
  freshBuildFrom: 1,
  log: {
    info: (msg, fields) => process.stdout.write(`${msg} ${JSON.stringify(fields ?? {})}\n`),
    warn: (msg, fields) => process.stderr.write(`${msg} ${JSON.stringify(fields ?? {})}\n`),
    error: (msg, fields) => process.stderr.write(`${msg} ${JSON.stringify(fields ?? {})}\n`),
  },
});
await projector.start();
process.stdout.write(`started\n`);
