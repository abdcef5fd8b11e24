import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsApplicationDoc } from '@ats/projector';
import { REBUILT_EVENT_TYPE } from '@ats/projector';
import { createMemoryChangeBus, openStorage, type ChangeBus, type Doc, type DocumentStore } from '@ats/storage';
import { createLiveApplicationsIndex } from '../src/read-models/analytics/live-index';

/**
 * The query side's in-memory copy of analytics_applications on a real store (in-memory PGlite) and
 * the in-process change bus: loaded in pages, refreshed by the notices' ids, reloaded after a
 * rebuild or when the checkpoint shows a position no notice announced.
 */
let storage: Awaited<ReturnType<typeof openStorage>>;
let documents: DocumentStore;
let bus: ChangeBus;
let checkpoint = 0;

const w = { from: '2025-01-01T00:00:00.000Z', end: '2026-01-01T00:00:00.000Z' };
const app = (id: number, stage: 'applied' | 'rejected' = 'applied'): AnalyticsApplicationDoc & Doc => ({
  id,
  candidateId: id,
  jobId: 1 + (id % 3),
  createdAt: '2025-03-01T00:00:00.000Z',
  stage,
  firstPlacedAt: null,
  stays:
    stage === 'applied'
      ? [{ stage: 'applied', enteredAt: '2025-03-01T00:00:00.000Z', leftAt: null, movedBy: null }]
      : [
          { stage: 'applied', enteredAt: '2025-03-01T00:00:00.000Z', leftAt: '2025-03-02T00:00:00.000Z', movedBy: null },
          { stage: 'rejected', enteredAt: '2025-03-02T00:00:00.000Z', leftAt: null, movedBy: { id: 'u1', name: 'Ann' } },
        ],
  placements: [],
  detachments: [],
  funnelKey: stage === 'applied' ? '0' : '0r',
  detached: false,
  standing: null,
  standingPlacedAt: null,
});
const collection = () => documents.collection<AnalyticsApplicationDoc & Doc>('analytics_applications');
const notice = (ids: number[], eventType = 'ApplicationStageChanged') => ({
  position: checkpoint,
  readModel: 'analytics_applications' as const,
  ids,
  eventType,
  actor: null,
});

beforeAll(async () => {
  storage = await openStorage({ kind: 'embedded' });
  documents = storage.documentStore;
  bus = createMemoryChangeBus();
  // more than two pages of the loader
  const rows = collection();
  for (let i = 1; i <= 2500; i += 500) {
    const page = Array.from({ length: 500 }, (_, k) => app(i + k));
    if (rows.upsertMany) await rows.upsertMany(page);
    else for (const doc of page) await rows.upsert(doc);
  }
});
afterAll(async () => {
  await bus?.close();
  await storage?.close();
});

describe('the live analytics index', () => {
  it('loads every row, follows the ids of the notices, and reloads when a position came without a notice or after a rebuild', async () => {
    const live = createLiveApplicationsIndex(documents, { bus, checkpoint: () => checkpoint });
    const first = await live.current();
    expect(first.size).toBe(2500);
    expect(first.funnel(w, null)).toMatchObject({ cohort: 2500, rejected: 0 });

    // a move announced by its notice: only that row is read again
    await collection().upsert(app(7, 'rejected'));
    checkpoint = 10;
    await bus.publish([notice([7])], checkpoint);
    expect((await live.current()).funnel(w, null).rejected).toBe(1);

    // a new application and a change nobody announced: the checkpoint shows it, the copy is reloaded
    await collection().upsert(app(9, 'rejected'));
    await collection().upsert(app(2501));
    checkpoint = 11;
    const started = performance.now();
    const reloaded = await live.current();
    expect(performance.now() - started).toBeGreaterThanOrEqual(900);
    expect([reloaded.size, reloaded.funnel(w, null).rejected]).toEqual([2501, 2]);

    // a rebuild swapped the read model in: everything is read again
    await collection().upsert(app(7));
    checkpoint = 12;
    await bus.publish([notice([], REBUILT_EVENT_TYPE)], checkpoint);
    expect((await live.current()).funnel(w, new Set([app(9).jobId])).rejected).toBe(1);
    expect((await live.current()).funnel(w, null).rejected).toBe(1);
    await live.stop();
  });

  it('answers concurrent readers from one load, at once (no wait for a notice before the first load)', async () => {
    const live = createLiveApplicationsIndex(documents, { bus, checkpoint: () => checkpoint });
    const started = performance.now();
    const copies = await Promise.all(Array.from({ length: 10 }, () => live.current()));
    expect(new Set(copies).size).toBe(1);
    expect(copies[0]!.size).toBe(2501);
    expect(performance.now() - started).toBeLessThan(900);
    await live.stop();
  });
});
