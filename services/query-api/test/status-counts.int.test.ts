import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REBUILT_EVENT_TYPE } from '@ats/projector';
import { createMemoryChangeBus, openStorage, type ChangeBus, type Doc, type DocumentStore } from '@ats/storage';
import { createPositionTracker, type PositionTracker } from '../src/read-models/position-tracker';
import { createStatusCounts, type StatusCounts } from '../src/read-models/status-counts';

/**
 * Active Candidates in memory on a real store (in-memory PGlite) and the in-process change bus:
 * counted once, kept exact by the notices' ids, and never answered from memory when a notice
 * may have been missed or the read model was rebuilt.
 */
let storage: Awaited<ReturnType<typeof openStorage>>;
let documents: DocumentStore;
let bus: ChangeBus;
let tracker: PositionTracker;
let counts: StatusCounts;
let position = 1;

const candidates = () => documents.collection<Doc & { status: string }>('candidates');
const storeCount = () => candidates().count({ where: { status: 'active' } });
/** the projector's part: documents and checkpoint committed, then the batch announced */
async function batch(change: () => Promise<unknown>, ids: number[], announce = true, eventType = 'CandidateUpdated') {
  await change();
  position += 1;
  await documents.collection('projection_checkpoints').upsert({ id: 'main', position });
  if (announce) await bus.publish([{ position, readModel: 'candidates', ids, eventType, actor: null }], position);
}
/** the count once memory answers (the first ask starts counting in the background) */
async function fromMemory(): Promise<number> {
  for (let i = 0; i < 200; i++) {
    const n = await counts.count('active');
    if (n !== null) return n;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('memory never answered');
}

beforeAll(async () => {
  storage = await openStorage({ kind: 'embedded' });
  documents = storage.documentStore;
  await documents.ensureCollection({ name: 'candidates', indexes: ['status'] });
  const docs = Array.from({ length: 300 }, (_, i) => ({ id: i + 1, status: i % 3 === 0 ? 'inactive' : 'active' }));
  for (const doc of docs) await candidates().upsert(doc);
  await documents.collection('projection_checkpoints').upsert({ id: 'main', position });
  bus = createMemoryChangeBus();
  tracker = createPositionTracker(documents, bus);
  await tracker.start();
  counts = createStatusCounts(documents, tracker, { readModel: 'candidates', field: 'status' });
});
afterAll(async () => {
  await tracker?.stop();
  await storage?.close();
});

describe('candidates per status in memory', () => {
  it('counts what the store counts, and follows changes, new and deleted documents by their notices', async () => {
    expect(await counts.count('active')).toBeNull();
    expect(await fromMemory()).toBe(200);
    await batch(() => candidates().upsert({ id: 1, status: 'active' }), [1]);
    await batch(() => candidates().upsert({ id: 2, status: 'placed' }), [2]);
    await batch(() => candidates().upsert({ id: 5000, status: 'active' }), [5000], true, 'CandidateRegistered');
    await batch(() => candidates().delete(3), [3], true, 'CandidateDeleted');
    expect(await counts.count('active')).toBe(200);
    expect(await storeCount()).toBe(200);
    await batch(() => candidates().upsert({ id: 4, status: 'active' }), [4]);
    expect(await counts.count('active')).toBe(201);
    expect(await counts.count('placed')).toBe(1);
    expect(await counts.count('nobody-has-this')).toBe(0);
  });

  it('does not answer while a committed change is not announced yet, nor after a lost notice, until counted again', async () => {
    // committed; a read with minPosition saw it in the store before its notice came
    await batch(() => candidates().upsert({ id: 7, status: 'active' }), [7], false);
    expect(await tracker.waitFor(position)).toBe(true);
    expect(await counts.count('active')).toBeNull();
    // the next batch comes, the one before never will: every read model counts as changed
    await batch(() => candidates().upsert({ id: 10, status: 'active' }), [10]);
    expect(await counts.count('active')).toBeNull();
    expect(await fromMemory()).toBe(await storeCount());
    expect(await storeCount()).toBe(203);
  });

  it('counts again after a rebuild of the read model', async () => {
    await batch(() => candidates().upsert({ id: 13, status: 'active' }), [], true, REBUILT_EVENT_TYPE);
    expect(await counts.count('active')).toBeNull();
    expect(await fromMemory()).toBe(204);
  });
});
