import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Doc } from '@ats/storage';
import { createJobsListMemory, type JobsListMemory } from '../src/read-models/jobs-list-memory';
import { createJobQueries } from '../src/read-models/jobs';
import { NEWEST_FIRST } from '../src/read-models/query-support';
import { onceAnswered, startMemoryHarness, type MemoryHarness } from './support/memory-harness';

/**
 * The jobs list without a search from memory (the jobs' documents and their clients' names) on a
 * real store (in-memory PGlite) and the in-process change bus: the same page, in the same order,
 * as the store's `find` newest first, the same joined list as without memory, following new,
 * edited and deleted jobs and clients by their notices, and never answered while a notice is on
 * its way.
 */
let harness: MemoryHarness;
let memory: JobsListMemory;

type Job = Doc & { title: string; createdAt?: unknown; clientId: number | null; openings?: number };
type Client = Doc & { companyName: string; industry: string | null };
const jobs = () => harness.documents.collection<Job>('jobs');
const clients = () => harness.documents.collection<Client>('clients');
/** a jobs batch, announced (or not) on the harness's read model */
const jobsBatch = (change: () => Promise<unknown>, ids: number[], announce = true) => harness.batch(change, ids, { announce });
/** a clients batch: committed with the checkpoint, then announced as clients */
async function clientsBatch(change: () => Promise<unknown>, ids: number[]) {
  await harness.batch(change, ids, { announce: false });
  const position = harness.position();
  await harness.bus.publish([{ position, readModel: 'clients', ids, eventType: 'Changed', actor: null }], position);
}
const storePage = async (offset: number, limit: number) => (await jobs().find({ sort: NEWEST_FIRST, offset, limit })).map((j) => j.id);
const memoryPage = async (offset: number, limit: number) => (await onceAnswered(() => memory.page(offset, limit))).map((j) => j.id);

// a few timestamps shared by several jobs (ties go by id), and jobs without one (last)
const stamp = (i: number) => `2025-0${1 + (i % 9)}-${String(1 + (i % 28)).padStart(2, '0')}T10:00:00.000Z`;

beforeAll(async () => {
  harness = await startMemoryHarness('jobs', async (documents) => {
    await documents.ensureCollection({ name: 'jobs', indexes: ['status', 'clientId', 'createdAt'] });
    await documents.ensureCollection({ name: 'clients' });
    await documents.ensureCollection({ name: 'applications', indexes: ['jobId', 'candidateId', 'stage'] });
    await documents.collection<Client>('clients').upsertMany!(
      Array.from({ length: 12 }, (_, i) => ({ id: i + 1, companyName: `Client ${i + 1}`, industry: i % 3 ? 'Finance' : null })),
    );
    await documents.collection<Job>('jobs').upsertMany!(
      Array.from({ length: 300 }, (_, i) => ({
        id: i + 1,
        title: `Role ${i + 1}`,
        ...(i % 37 === 0 ? {} : { createdAt: stamp(i * 7) }),
        clientId: i % 5 === 0 ? null : 1 + (i % 14),
        ...(i % 4 ? { openings: 1 + (i % 3) } : {}),
      })),
    );
  });
  memory = createJobsListMemory(harness.documents, harness.tracker);
});
afterAll(async () => {
  await harness?.close();
});

describe('the jobs list in memory', () => {
  it('pages in the store’s order (newest first, ties by id, no date last) and follows new, edited and deleted jobs', async () => {
    expect(await memory.page(0, 1000)).toBeNull();
    expect(await memoryPage(0, 1000)).toEqual(await storePage(0, 1000));
    expect(await memoryPage(40, 25)).toEqual(await storePage(40, 25));
    await jobsBatch(() => jobs().upsert({ id: 301, title: 'Newest', createdAt: '2026-11-24T12:00:00.000Z', clientId: 3 }), [301]);
    await jobsBatch(() => jobs().upsert({ id: 7, title: 'Moved back', createdAt: '2020-01-01T00:00:00.000Z', clientId: 2 }), [7]);
    await jobsBatch(() => jobs().delete(12), [12]);
    await jobsBatch(() => jobs().upsert({ id: 13, title: 'Undated now', clientId: null }), [13]);
    expect(await memory.page(0, 1000)).not.toBeNull();
    expect(await memoryPage(0, 1000)).toEqual(await storePage(0, 1000));
    expect((await memoryPage(0, 1))[0]).toBe(301);
    expect(await memoryPage(290, 50)).toEqual(await storePage(290, 50));
  });

  it('does not answer while a jobs notice is on its way or lost; loads again once a later notice shows it', async () => {
    await onceAnswered(() => memory.page(0, 10));
    await jobsBatch(() => jobs().upsert({ id: 302, title: 'Quiet', createdAt: '2026-11-25T12:00:00.000Z', clientId: 1 }), [302], false);
    // the stored checkpoint moved without a notice (lost): memory never answers a page it may not hold
    await harness.tracker.waitFor(harness.position(), 50);
    expect(await memory.page(0, 10)).toBeNull();
    // the next batch's notice shows one was lost: memory loads again, with the quiet job
    await jobsBatch(() => jobs().upsert({ id: 304, title: 'Loud', createdAt: '2019-01-01T00:00:00.000Z', clientId: 1 }), [304]);
    expect(await memoryPage(0, 1000)).toEqual(await storePage(0, 1000));
    expect((await memoryPage(0, 1))[0]).toBe(302);
  });

  it('gives the same joined list as the store (clients’ names, counts), following renamed and deleted clients', async () => {
    const noDeleted = async () => ({ candidates: [], jobs: [] });
    const withMemory = createJobQueries(harness.documents, noDeleted, undefined, undefined, memory);
    const fromStore = createJobQueries(harness.documents, noDeleted);
    await onceAnswered(() => memory.clientNames([1]));
    expect(await withMemory.listJobs()).toEqual(await fromStore.listJobs());
    await clientsBatch(() => clients().upsert({ id: 2, companyName: 'Renamed Holdings', industry: 'Energy' }), [2]);
    await clientsBatch(() => clients().delete(3), [3]);
    const listed = await withMemory.listJobs();
    expect(listed).toEqual(await fromStore.listJobs());
    expect(listed.find((j) => j.id === 7)!.client).toEqual({ companyName: 'Renamed Holdings', industry: 'Energy' });
    expect(listed.find((j) => j.id === 301)!.client).toBeNull();
    expect(await withMemory.listJobs(undefined, { offset: 100, limit: 30 })).toEqual(
      await fromStore.listJobs(undefined, { offset: 100, limit: 30 }),
    );
  });

  it('leaves a list with a job of another kind of date to the store', async () => {
    await onceAnswered(() => memory.page(0, 10));
    await jobsBatch(() => jobs().upsert({ id: 303, title: 'Odd date', createdAt: 20261124 as unknown as string, clientId: 1 }), [303]);
    expect(await memory.page(0, 10)).toBeNull();
    await jobsBatch(() => jobs().delete(303), [303]);
    expect(await memoryPage(0, 1000)).toEqual(await storePage(0, 1000));
  });
});
