import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Doc } from '@ats/storage';
import { createApplicationCounts, type JobCounts, type ApplicationCountsMemory } from '../src/read-models/application-counts';
import { onceAnswered, startMemoryHarness, type MemoryHarness } from './support/memory-harness';

/**
 * The jobs list's counts and the board's summary bar in memory on a real store (in-memory PGlite)
 * and the in-process change bus: the same figures as the store's counts, following changes, new,
 * detached and deleted applications and deleted candidates, and never answered while a notice is
 * on its way.
 */
let harness: MemoryHarness;
let memory: ApplicationCountsMemory;

type App = Doc & { jobId: number; candidateId: number | null; stage: string };
const applications = () => harness.documents.collection<App>('applications');
const batch = (change: () => Promise<unknown>, ids: number[], announce = true) => harness.batch(change, ids, { announce });
/** what the store counts (the jobs list's queries before memory) */
async function storeCounts(jobIds: number[], removed: number[]): Promise<JobCounts> {
  const where: Record<string, unknown> = { jobId: { $in: jobIds } };
  if (removed.length > 0) where.candidateId = { $nin: removed };
  const as = (counts: Record<string, number>) => new Map(Object.entries(counts).map(([k, n]) => [Number(k), n]));
  return {
    perJob: as(await applications().countBy('jobId', { where: where as never })),
    placedPerJob: as(await applications().countBy('jobId', { where: { ...where, stage: 'placed' } as never })),
  };
}
const fromMemory = (jobIds: number[], removed: number[]) => onceAnswered(() => memory.perJob(jobIds, removed));

beforeAll(async () => {
  harness = await startMemoryHarness('applications', async (documents) => {
    await documents.ensureCollection({ name: 'applications', indexes: ['jobId', 'candidateId', 'stage'] });
    const stages = ['applied', 'interview', 'placed', 'offer'];
    await documents.collection<App>('applications').upsertMany!(
      Array.from({ length: 400 }, (_, i) => ({ id: i + 1, jobId: 1 + (i % 7), candidateId: 1 + (i % 90), stage: stages[i % 4]! })),
    );
  });
  memory = createApplicationCounts(harness.documents, harness.tracker);
});
afterAll(async () => {
  await harness?.close();
});

describe("the jobs list's counts in memory", () => {
  it('counts what the store counts, leaving out deleted candidates, and follows changes by their notices', async () => {
    const jobs = [1, 2, 3, 5, 99];
    expect(await memory.perJob(jobs, [])).toBeNull();
    expect(await fromMemory(jobs, [])).toEqual(await storeCounts(jobs, []));
    expect(await fromMemory(jobs, [4, 11, 12])).toEqual(await storeCounts(jobs, [4, 11, 12]));
    await batch(() => applications().upsert({ id: 1, jobId: 5, candidateId: 1, stage: 'placed' }), [1]);
    await batch(() => applications().upsert({ id: 5000, jobId: 99, candidateId: 7, stage: 'applied' }), [5000]);
    await batch(() => applications().delete(2), [2]);
    await batch(() => applications().upsert({ id: 3, jobId: 3, candidateId: null, stage: 'placed' }), [3]);
    const now = await memory.perJob(jobs, [4]);
    expect(now).toEqual(await storeCounts(jobs, [4]));
    expect(now!.perJob.get(99)).toBe(1);
  });

  it("gives the board's summary bar per stage, for one job or every job but the deleted ones, as the store counts it", async () => {
    const storeStages = async (where: Record<string, unknown>) => applications().countBy('stage', { where: where as never });
    const scopes = [
      { scope: { jobId: 3, removedJobs: [], removedCandidates: [] }, where: { jobId: 3 } },
      { scope: { jobId: 3, removedJobs: [], removedCandidates: [5, 12] }, where: { jobId: 3, candidateId: { $nin: [5, 12] } } },
      { scope: { removedJobs: [], removedCandidates: [] }, where: {} },
      { scope: { removedJobs: [2, 4], removedCandidates: [1] }, where: { jobId: { $nin: [2, 4] }, candidateId: { $nin: [1] } } },
    ];
    for (const { scope, where } of scopes) expect(await onceAnswered(() => memory.perStage(scope))).toEqual(await storeStages(where));
    await batch(() => applications().upsert({ id: 20, jobId: 3, candidateId: 20, stage: 'rejected' }), [20]);
    expect(await memory.perStage({ jobId: 3, removedJobs: [], removedCandidates: [] })).toEqual(await storeStages({ jobId: 3 }));
  });

  it('keeps the per-job counts exact through a long run of random changes, with random deleted candidates', async () => {
    const jobs = [1, 2, 3, 4, 5, 6, 7, 99];
    await fromMemory(jobs, []);
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) >>> 0) % n;
    const stages = ['applied', 'interview', 'placed', 'offer'];
    for (let round = 0; round < 8; round++) {
      for (let i = 0; i < 10; i++) {
        const id = 1 + random(420);
        // moved to another job, candidate or stage; taken out; or a candidate that is not a whole number
        if (random(5) === 0) await batch(() => applications().delete(id), [id]);
        else {
          const candidateId = random(10) === 0 ? null : 1 + random(95);
          await batch(() => applications().upsert({ id, jobId: 1 + random(8), candidateId, stage: stages[random(4)]! }), [id]);
        }
      }
      const removed = Array.from({ length: random(6) }, () => 1 + random(95));
      expect(await memory.perJob(jobs, removed)).toEqual(await storeCounts(jobs, removed));
    }
  });

  it('does not answer while a committed change is not announced yet, and counts again after a lost notice', async () => {
    await batch(() => applications().upsert({ id: 10, jobId: 1, candidateId: 2, stage: 'placed' }), [10], false);
    expect(await harness.tracker.waitFor(harness.position())).toBe(true);
    expect(await memory.perJob([1], [])).toBeNull();
    await batch(() => applications().upsert({ id: 11, jobId: 1, candidateId: 2, stage: 'placed' }), [11]);
    expect(await memory.perJob([1], [])).toBeNull();
    expect(await fromMemory([1, 2, 3, 4, 5, 6, 7], [])).toEqual(await storeCounts([1, 2, 3, 4, 5, 6, 7], []));
  });
});
