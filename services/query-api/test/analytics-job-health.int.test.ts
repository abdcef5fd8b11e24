import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_STAGES, isIdleApplication, type ApplicationStage } from '@ats/contracts';
import type { AnalyticsApplicationDoc, AnalyticsJobHealthDoc } from '@ats/projector';
import { openStorage, type Doc, type DocumentStore } from '@ats/storage';
import { createAnalyticsMoreQueries } from '../src/read-models/analytics-more';
import { createLiveApplicationsIndex } from '../src/read-models/analytics/live-index';

/**
 * Job health counts each job's attached applications from `analytics_applications` (since
 * `analytics_job_health` version 3): the stage of an application's last stay and when it entered
 * it. From the in-memory copy (`ApplicationsIndex.jobStages`) and from the store, the same rows,
 * and the counts are those of the documents, counted here one by one.
 */
let storage: Awaited<ReturnType<typeof openStorage>>;
let documents: DocumentStore;

const DAY = 86_400_000;
const NOW = Date.parse('2026-03-15T12:00:00.000Z');
const rand = (i: number, salt: number) => (((i * 2654435761 + salt * 40503) >>> 0) % 10_000) / 10_000;
const JOBS = 8;
const ago = (days: number) => new Date(NOW - days * DAY).toISOString();

function job(id: number): AnalyticsJobHealthDoc & Doc {
  return {
    id,
    title: `Job ${id}`,
    clientId: null,
    status: 'open',
    openedAt: ago(60),
    createdBy: 'u1',
    deleted: false,
    lastMoveAt: ago(1),
    applicationEvents: 1,
  };
}

/** an application with 1–4 stays over the last 40 days; some detached now, some detached and restored */
function application(i: number): AnalyticsApplicationDoc & Doc {
  const n = 1 + Math.floor(rand(i, 1) * 4);
  let t = 40 - Math.floor(rand(i, 2) * 10);
  const stays: AnalyticsApplicationDoc['stays'] = [];
  for (let k = 0; k < n; k++) {
    const stage = k === 0 ? 'applied' : APPLICATION_STAGES[Math.floor(rand(i, 3 + k) * APPLICATION_STAGES.length)]!;
    const enteredAt = ago(t + rand(i, 9 + k));
    if (k > 0) stays[k - 1]!.leftAt = enteredAt;
    stays.push({ stage, enteredAt, leftAt: null, movedBy: k === 0 ? null : { id: 'u1', name: 'U' } });
    t -= Math.floor(rand(i, 20 + k) * 12);
  }
  const detachedNow = rand(i, 30) < 0.15;
  const restored = !detachedNow && rand(i, 31) < 0.1;
  const detachments = detachedNow ? [{ from: ago(2), to: null }] : restored ? [{ from: ago(3), to: ago(2) }] : [];
  const stage = stays.at(-1)!.stage;
  return {
    id: i,
    candidateId: i,
    jobId: 1 + (i % JOBS),
    createdAt: stays[0]!.enteredAt,
    stage,
    firstPlacedAt: null,
    stays,
    placements: [],
    detachments,
    funnelKey: '0',
    detached: detachedNow,
    standing: null,
    standingPlacedAt: null,
    source: null,
    createdBy: 'u1',
  };
}

async function put<T extends Doc>(name: string, docs: T[]) {
  await documents.collection<T>(name).upsertMany!(docs);
}

/** the counts of the documents, one by one: per job, attached applications per stage and those idle */
async function byHand() {
  const docs = await documents.collection<AnalyticsApplicationDoc & Doc>('analytics_applications').find({ limit: 10_000 });
  const out = new Map<number, { stages: Partial<Record<ApplicationStage, number>>; idle: number }>();
  for (const d of docs) {
    if (d.detachments.some((x) => x.to === null)) continue;
    const row = out.get(d.jobId) ?? { stages: {}, idle: 0 };
    const last = d.stays.at(-1)!;
    row.stages[last.stage] = (row.stages[last.stage] ?? 0) + 1;
    if (isIdleApplication(last.stage, Math.floor((NOW - Date.parse(last.enteredAt)) / DAY))) row.idle += 1;
    out.set(d.jobId, row);
  }
  return out;
}

beforeAll(async () => {
  storage = await openStorage({ kind: 'embedded' });
  documents = storage.documentStore;
  await put(
    'analytics_job_health',
    Array.from({ length: JOBS }, (_, k) => job(k + 1)),
  );
  await put(
    'analytics_applications',
    Array.from({ length: 400 }, (_, k) => application(k + 1)),
  );
}, 180_000);
afterAll(async () => {
  await storage?.close();
});

describe('job health from analytics_applications', () => {
  it('counts each job’s attached applications by the stage of their last stay, from the copy and from the store alike', async () => {
    const index = createLiveApplicationsIndex(documents);
    const memory = createAnalyticsMoreQueries(documents, undefined, index);
    const store = createAnalyticsMoreQueries(documents);
    const check = async () => {
      const fromMemory = await memory.jobHealth({}, NOW);
      expect(fromMemory).toEqual(await store.jobHealth({}, NOW));
      expect(await memory.jobHealth({ job: 3 }, NOW)).toEqual(await store.jobHealth({ job: 3 }, NOW));
      const hand = await byHand();
      expect(fromMemory.rows).toHaveLength(JOBS);
      for (const row of fromMemory.rows) {
        const expected = hand.get(row.jobId)!;
        for (const stage of APPLICATION_STAGES) expect(row.stages[stage]).toBe(expected.stages[stage] ?? 0);
        expect(row.idleApplications).toBe(expected.idle);
      }
      return fromMemory;
    };
    const before = await check();
    // something to count: detached ones left out, idle ones and several stages
    expect(before.rows.reduce((n, r) => n + r.idleApplications, 0)).toBeGreaterThan(20);
    expect(before.rows.reduce((n, r) => n + Object.values(r.stages).reduce((a, b) => a + b, 0), 0)).toBeLessThan(400);
    // an application detached, one restored, one moved just now: both paths follow
    const moved = application(9);
    await put('analytics_applications', [
      { ...application(3), detached: true, detachments: [{ from: ago(0), to: null }] },
      ...[1, 2, 4, 5, 6, 7, 8]
        .map(application)
        .filter((a) => a.detached)
        .slice(0, 1)
        .map((a) => ({ ...a, detached: false, detachments: [{ from: ago(2), to: ago(0) }] })),
      {
        ...moved,
        stage: 'offer',
        stays: [
          ...moved.stays.slice(0, -1),
          { ...moved.stays.at(-1)!, leftAt: ago(0) },
          { stage: 'offer', enteredAt: ago(0), leftAt: null, movedBy: null },
        ],
      },
    ]);
    const after = await check();
    expect(after).not.toEqual(before);
    await index.stop();
  });
});
