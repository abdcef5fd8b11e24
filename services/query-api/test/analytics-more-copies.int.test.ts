import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANDIDATE_SOURCES, weekOf, type AnalyticsQuery } from '@ats/contracts';
import { FUNNEL_STAGES } from '@ats/contracts';
import type { AnalyticsActivityDoc, AnalyticsApplicationDoc, AnalyticsCandidateDoc } from '@ats/projector';
import { openStorage, type Doc, type DocumentStore } from '@ats/storage';
import { createAnalyticsMoreQueries } from '../src/read-models/analytics-more';
import { createLiveActiveCandidates } from '../src/read-models/analytics/active-candidates';
import { candidateActiveAt } from '../src/read-models/analytics/history';
import { createAnalyticsQueries } from '../src/read-models/analytics/queries';
import { createLiveMoreCopies } from '../src/read-models/analytics/more-index';

/**
 * Source effectiveness and recruiter activity from the in-memory copies equal the same figures
 * from the store (in-memory PGlite), document for document: ranges, client, job and recruiter
 * filters, deleted candidates, detached applications, applications without a source of their own,
 * interviews per candidate and job. Source effectiveness reads `analytics_candidates` and
 * `analytics_applications` (the fields it uses; the rest of those documents is left out here).
 */
let storage: Awaited<ReturnType<typeof openStorage>>;
let documents: DocumentStore;

const DAY = 86_400_000;
const START = Date.parse('2025-01-01T00:00:00.000Z');
/** a deterministic pseudo-random number in [0, 1) */
const rand = (i: number, salt: number) => (((i * 2654435761 + salt * 40503) >>> 0) % 10_000) / 10_000;
const pick = <T>(list: readonly T[], i: number, salt: number) => list[Math.floor(rand(i, salt) * list.length)]!;
const USERS = ['u1', 'u2', 'u3'];
const iso = (i: number, salt: number) => new Date(START + Math.floor(rand(i, salt) * 365 * DAY) + (i % 7) * 3_600_000).toISOString();

type SourceCandidate = Pick<AnalyticsCandidateDoc, 'id' | 'createdAt' | 'deletions' | 'source' | 'createdBy' | 'interviews'> & Doc;
type SourceApplication = Pick<
  AnalyticsApplicationDoc,
  'id' | 'candidateId' | 'jobId' | 'source' | 'createdAt' | 'createdBy' | 'funnelKey' | 'stage' | 'detached'
> &
  Doc;

function candidate(i: number): SourceCandidate {
  return {
    id: i,
    source: rand(i, 1) < 0.2 ? null : pick(CANDIDATE_SOURCES, i, 2),
    createdAt: iso(i, 3),
    createdBy: pick(USERS, i, 4),
    // some deleted (one of them restored)
    deletions: rand(i, 5) < 0.1 ? [{ from: iso(i, 3), to: i % 4 === 0 ? iso(i, 6) : null }] : [],
    // interviews on some of the jobs their applications are on (1 + i % 6 for the first)
    ...(rand(i, 12) < 0.3 ? { interviews: { [String(1 + (i % 6))]: [i], ...(i % 5 === 0 ? { '3': [] } : {}) } } : {}),
  };
}

function application(i: number): SourceApplication {
  const candidateId = 1 + (i % 240);
  const jobId = 1 + (i % 6);
  const furthest = Math.floor(rand(i, 10) * FUNNEL_STAGES.length);
  const rejected = rand(i, 14) < 0.2;
  return {
    id: i,
    candidateId,
    jobId,
    source: rand(i, 6) < 0.5 ? null : pick(CANDIDATE_SOURCES, i, 7),
    createdAt: iso(i, 8),
    createdBy: pick(USERS, i, 9),
    funnelKey: `${furthest}${rejected ? 'r' : ''}`,
    stage: rejected ? 'rejected' : rand(i, 11) < 0.5 ? FUNNEL_STAGES[furthest]! : 'applied',
    detached: rand(i, 13) < 0.1,
  };
}

function activity(i: number): AnalyticsActivityDoc & Doc {
  const userId = pick(USERS, i, 14);
  const week = weekOf(iso(i, 15));
  const jobId = rand(i, 16) < 0.3 ? null : 1 + (i % 6);
  return {
    id: `${userId}|${week}|${jobId ?? '-'}|${i}`,
    userId,
    name: `User ${userId}`,
    week,
    jobId,
    candidatesAdded: i % 3,
    notes: i % 4,
    emails: i % 2,
    stageMoves: i % 5,
    interviews: i % 3,
    placements: i % 7 === 0 ? 1 : 0,
  };
}

async function put<T extends Doc>(name: string, docs: T[]) {
  const rows = documents.collection<T>(name);
  if (rows.upsertMany) await rows.upsertMany(docs);
  else for (const doc of docs) await rows.upsert(doc);
}

beforeAll(async () => {
  storage = await openStorage({ kind: 'embedded' });
  documents = storage.documentStore;
  await put(
    'analytics_candidates',
    Array.from({ length: 300 }, (_, k) => candidate(k + 1)),
  );
  await put(
    'analytics_applications',
    Array.from({ length: 700 }, (_, k) => application(k + 1)),
  );
  await put(
    'analytics_activity',
    Array.from({ length: 500 }, (_, k) => activity(k + 1)),
  );
  // the job orders the client filter reads: jobs 1–3 of client 1, 4–6 of client 2
  await put(
    'jobs',
    Array.from({ length: 6 }, (_, k) => ({ id: k + 1, clientId: k < 3 ? 1 : 2, title: `Job ${k + 1}` }) as Doc),
  );
  // on a loaded machine opening PGlite and writing 1,500 documents can take over a minute
}, 180_000);
afterAll(async () => {
  await storage?.close();
});

const queries: AnalyticsQuery[] = [
  { from: '2025-01-01', to: '2025-12-31' },
  { from: '2025-03-01', to: '2025-03-31' },
  { from: '2025-02-10', to: '2025-08-20', client: 1 },
  { from: '2025-01-01', to: '2025-12-31', job: 4 },
  { from: '2025-01-01', to: '2025-12-31', client: 2, job: 1 },
  { from: '2025-04-01', to: '2025-10-01', recruiter: 'u2' },
  { from: '2025-01-01', to: '2025-12-31', client: 1, recruiter: 'u3' },
  { from: '2026-01-01', to: '2026-02-01' },
];

describe('the in-memory copies for source effectiveness and of analytics_activity', () => {
  it('give the store path’s source effectiveness and recruiter activity for every range and filter', async () => {
    const store = createAnalyticsMoreQueries(documents);
    const copies = createLiveMoreCopies(documents);
    const memory = createAnalyticsMoreQueries(documents, copies);
    for (const q of queries) {
      expect(await memory.sourceEffectiveness(q)).toEqual(await store.sourceEffectiveness(q));
      expect(await memory.recruiterActivity(q)).toEqual(await store.recruiterActivity(q));
    }
    // something to compare: the full year counts most documents
    const year = await memory.sourceEffectiveness(queries[0]!);
    expect(year.rows.reduce((n, r) => n + r.applications, 0)).toBeGreaterThan(500);
    expect((await memory.recruiterActivity(queries[0]!)).leaderboard).toHaveLength(3);
    await copies.stop();
  });

  it('follow changes: a candidate’s source edited, an interview cancelled, an application detached, documents removed', async () => {
    const copies = createLiveMoreCopies(documents);
    const memory = createAnalyticsMoreQueries(documents, copies);
    const store = createAnalyticsMoreQueries(documents);
    await memory.sourceEffectiveness(queries[0]!);
    const before = await memory.sourceEffectiveness(queries[0]!);
    const interviewed = Array.from({ length: 300 }, (_, k) => candidate(k + 1)).find((c) => c.interviews && c.id !== 2)!;
    await put('analytics_candidates', [
      { ...candidate(2), source: 'referral' },
      { ...interviewed, interviews: {} },
    ]);
    await put('analytics_applications', [
      { ...application(5), detached: true },
      { ...application(6), source: null },
      { ...application(7), funnelKey: '5', stage: 'placed' },
    ]);
    await documents.collection('analytics_activity').delete(activity(1).id);
    await documents.collection('analytics_applications').delete(application(8).id);
    await documents.collection('analytics_candidates').delete(candidate(9).id);
    // something changed
    expect(await memory.sourceEffectiveness(queries[0]!)).not.toEqual(before);
    for (const q of queries) {
      expect(await memory.sourceEffectiveness(q)).toEqual(await store.sourceEffectiveness(q));
      expect(await memory.recruiterActivity(q)).toEqual(await store.recruiterActivity(q));
    }
    await copies.stop();
  });
});

/** a candidate registered in the 90 days before NOW: some set inactive (and one back), some deleted (and one restored) */
const NOW = new Date('2026-03-15T12:00:00.000Z');
function analyticsCandidate(i: number): AnalyticsCandidateDoc & Doc {
  const at = (salt: number, days: number) => new Date(NOW.getTime() - Math.floor(rand(i, salt) * days * DAY)).toISOString();
  const createdAt = at(20, 90);
  const later = (salt: number) =>
    new Date(Date.parse(createdAt) + Math.floor(rand(i, salt) * (NOW.getTime() - Date.parse(createdAt)))).toISOString();
  const statuses = [{ status: 'active', at: createdAt }];
  if (rand(i, 21) < 0.2) statuses.push({ status: 'inactive', at: later(22) });
  if (i % 50 === 0 && statuses.length > 1)
    statuses.push({ status: 'active', at: later(23) > statuses[1]!.at ? later(23) : statuses[1]!.at });
  const deletions = rand(i, 24) < 0.1 ? [{ from: later(25), to: i % 3 === 0 ? NOW.toISOString() : null }] : [];
  return { id: i, createdAt, statuses, deletions };
}

describe('the in-memory copy of analytics_candidates', () => {
  it('gives the dashboard’s Active Candidates label of the store’s rows, and follows changes', async () => {
    await put(
      'analytics_candidates',
      Array.from({ length: 400 }, (_, k) => analyticsCandidate(k + 1)),
    );
    const copy = createLiveActiveCandidates(documents);
    const memory = createAnalyticsQueries(documents, { activeCandidates: copy });
    // the rule over the stored rows, candidate by candidate
    const storeCount = async (at: Date) =>
      (await documents.collection<AnalyticsCandidateDoc & Doc>('analytics_candidates').find({ limit: 10_000 })).filter((c) =>
        candidateActiveAt(c, at.toISOString()),
      ).length;
    for (const tz of ['UTC', 'Pacific/Auckland']) {
      const fromMemory = await memory.analyticsDashboardChanges(tz, NOW);
      expect(fromMemory.activeCandidates!.current).toBe(await storeCount(NOW));
      // something to compare: candidates registered over the last 90 days, so fewer were active a month ago
      expect(fromMemory.activeCandidates!.current).toBeGreaterThan(200);
      expect(fromMemory.activeCandidates!.previous).toBeLessThan(fromMemory.activeCandidates!.current);
    }
    // a new candidate, one set inactive now, one removed: both paths follow
    const before = (await memory.analyticsDashboardChanges('UTC', NOW)).activeCandidates!.current;
    const inactive = analyticsCandidate(7);
    await put('analytics_candidates', [
      analyticsCandidate(401),
      { ...inactive, statuses: [...inactive.statuses, { status: 'inactive', at: new Date(NOW.getTime() - 1000).toISOString() }] },
    ]);
    await documents.collection('analytics_candidates').delete(analyticsCandidate(8).id);
    const after = await memory.analyticsDashboardChanges('UTC', NOW);
    expect(after.activeCandidates!.current).toBe(await storeCount(NOW));
    expect(after.activeCandidates!.current).not.toBe(before);
    await copy.stop();
  });
});
