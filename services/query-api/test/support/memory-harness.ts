import type { ReadModelName } from '@ats/contracts';
import { createMemoryChangeBus, openStorage, type ChangeBus, type DocumentStore } from '@ats/storage';
import { createPositionTracker, type PositionTracker } from '../../src/read-models/position-tracker';

/**
 * The parts the query side's in-memory counts run on, real: an in-memory PGlite store, the
 * in-process change bus and the position tracker, and the projector's part played by hand
 * (`batch`: documents and checkpoint committed, then the batch announced, or not).
 */
export interface MemoryHarness {
  documents: DocumentStore;
  bus: ChangeBus;
  tracker: PositionTracker;
  /** the checkpoint the last batch committed */
  position(): number;
  batch(change: () => Promise<unknown>, ids: number[], options?: { announce?: boolean; eventType?: string }): Promise<void>;
  close(): Promise<void>;
}

/** the store seeded by `seed`, then the tracker started on it; notices name `readModel` */
export async function startMemoryHarness(
  readModel: ReadModelName,
  seed: (documents: DocumentStore) => Promise<void>,
): Promise<MemoryHarness> {
  const storage = await openStorage({ kind: 'embedded' });
  const documents = storage.documentStore;
  await seed(documents);
  let position = 1;
  await documents.collection('projection_checkpoints').upsert({ id: 'main', position });
  const bus = createMemoryChangeBus();
  const tracker = createPositionTracker(documents, bus);
  await tracker.start();
  return {
    documents,
    bus,
    tracker,
    position: () => position,
    async batch(change, ids, options = {}) {
      await change();
      position += 1;
      await documents.collection('projection_checkpoints').upsert({ id: 'main', position });
      if (options.announce ?? true)
        await bus.publish([{ position, readModel, ids, eventType: options.eventType ?? 'Changed', actor: null }], position);
    },
    async close() {
      await tracker.stop();
      await storage.close();
    },
  };
}

/** what `ask` answers once memory answers (the first ask starts loading in the background) */
export async function onceAnswered<T>(ask: () => Promise<T | null>): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const answer = await ask();
    if (answer !== null) return answer;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('memory never answered');
}
