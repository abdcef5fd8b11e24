import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Doc } from '@ats/storage';
import { createAiTotals, type AiTotals } from '../src/read-models/ai-totals';
import { onceAnswered, startMemoryHarness, type MemoryHarness } from './support/memory-harness';

/**
 * The AI Analytics card's totals in memory on a real store (in-memory PGlite): the same counts,
 * scores and three latest analyses as the store's reads, following changes by their notices.
 */
let harness: MemoryHarness;
let totals: AiTotals;

type Candidate = Doc & { aiLastAnalyzed?: string | null; aiMatchScore?: number | null };
const candidates = () => harness.documents.collection<Candidate>('candidates');
const batch = (change: () => Promise<unknown>, ids: number[]) => harness.batch(change, ids);
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

beforeAll(async () => {
  harness = await startMemoryHarness('candidates', async (documents) => {
    await documents.ensureCollection({ name: 'candidates', indexes: ['status'] });
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1 + (i % 20))).toISOString();
    await documents.collection<Candidate>('candidates').upsertMany!(
      Array.from({ length: 300 }, (_, i) => {
        const id = i + 1;
        if (id % 3 === 0) return { id };
        if (id % 3 === 1) return { id, aiLastAnalyzed: null, aiMatchScore: null };
        // analysed: some the same instant (ties go to the higher id), some without a score
        return { id, aiLastAnalyzed: at(id), aiMatchScore: id % 7 === 0 ? null : 50 + (id % 50) };
      }),
    );
  });
  totals = createAiTotals(harness.documents, harness.tracker);
});
afterAll(async () => {
  await harness?.close();
});

describe('the AI Analytics totals in memory', () => {
  it('counts what the store counts, with the same three latest, and follows analyses, new and removed candidates', async () => {
    expect(await totals.totals(3)).toBeNull();
    expect(await onceAnswered(() => totals.totals(3))).toEqual(await fromStore());
    await batch(() => candidates().upsert({ id: 3, aiLastAnalyzed: '2026-06-01T00:00:00.000Z', aiMatchScore: 91 }), [3]);
    await batch(() => candidates().upsert({ id: 1000, aiLastAnalyzed: '2026-06-01T00:00:00.000Z', aiMatchScore: 12 }), [1000]);
    await batch(() => candidates().upsert({ id: 2, aiLastAnalyzed: null, aiMatchScore: null }), [2]);
    await batch(() => candidates().delete(5), [5]);
    const now = await totals.totals(3);
    expect(now).toEqual(await fromStore());
    expect(now!.recentIds.slice(0, 2)).toEqual([1000, 3]);
  });
});
