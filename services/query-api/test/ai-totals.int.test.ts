import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryChangeBus, openStorage, type ChangeBus, type Doc, type DocumentStore } from '@ats/storage';
import { createAiTotals, type AiTotals } from '../src/read-models/ai-totals';
import { createPositionTracker, type PositionTracker } from '../src/read-models/position-tracker';

/**
 * The AI Analytics card's totals in memory on a real store (in-memory PGlite): the same counts,
 * scores and three latest analyses as the store's reads, following changes by their notices.
 */
let storage: Awaited<ReturnType<typeof openStorage>>;
let documents: DocumentStore;
let bus: ChangeBus;
let tracker: PositionTracker;
let totals: AiTotals;
let position = 1;

type Candidate = Doc & { aiLastAnalyzed?: string | null; aiMatchScore?: number | null };
const candidates = () => documents.collection<Candidate>('candidates');
async function batch(change: () => Promise<unknown>, ids: number[]) {
  await change();
  position += 1;
  await documents.collection('projection_checkpoints').upsert({ id: 'main', position });
  await bus.publish([{ position, readModel: 'candidates', ids, eventType: 'CandidateUpdated', actor: null }], position);
}
const analysed = { aiLastAnalyzed: { $ne: null } } as const;
/** the store's reads of the card (dashboard.ts without memory) */
async function fromStore() {
  const [total, scores, recent] = await Promise.all([
    candidates().count(),
    candidates().countBy('aiMatchScore', { where: analysed }),
    candidates().find({
      where: analysed,
      sort: [
        ['aiLastAnalyzed', 'desc'],
        ['id', 'desc'],
      ],
      limit: 3,
      fields: [],
    }),
  ]);
  return { total, scores, recentIds: recent.map((c) => Number(c.id)) };
}
async function fromMemory() {
  for (let i = 0; i < 200; i++) {
    const found = await totals.totals(3);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('memory never answered');
}

beforeAll(async () => {
  storage = await openStorage({ kind: 'embedded' });
  documents = storage.documentStore;
  await documents.ensureCollection({ name: 'candidates', indexes: ['status'] });
  const at = (i: number) => new Date(Date.UTC(2026, 0, 1 + (i % 20))).toISOString();
  await candidates().upsertMany!(
    Array.from({ length: 300 }, (_, i) => {
      const id = i + 1;
      if (id % 3 === 0) return { id };
      if (id % 3 === 1) return { id, aiLastAnalyzed: null, aiMatchScore: null };
      // analysed: some the same instant (ties go to the id's text order), some without a score
      return { id, aiLastAnalyzed: at(id), aiMatchScore: id % 7 === 0 ? null : 50 + (id % 50) };
    }),
  );
  await documents.collection('projection_checkpoints').upsert({ id: 'main', position });
  bus = createMemoryChangeBus();
  tracker = createPositionTracker(documents, bus);
  await tracker.start();
  totals = createAiTotals(documents, tracker);
});
afterAll(async () => {
  await tracker?.stop();
  await storage?.close();
});

describe('the AI Analytics totals in memory', () => {
  it('counts what the store counts, with the same three latest, and follows analyses, new and removed candidates', async () => {
    expect(await totals.totals(3)).toBeNull();
    expect(await fromMemory()).toEqual(await fromStore());
    await batch(() => candidates().upsert({ id: 3, aiLastAnalyzed: '2026-06-01T00:00:00.000Z', aiMatchScore: 91 }), [3]);
    await batch(() => candidates().upsert({ id: 1000, aiLastAnalyzed: '2026-06-01T00:00:00.000Z', aiMatchScore: 12 }), [1000]);
    await batch(() => candidates().upsert({ id: 2, aiLastAnalyzed: null, aiMatchScore: null }), [2]);
    await batch(() => candidates().delete(5), [5]);
    const now = await totals.totals(3);
    expect(now).toEqual(await fromStore());
    expect(now!.recentIds.slice(0, 2)).toEqual([1000, 3]);
  });
});
