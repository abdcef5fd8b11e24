import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplicationSchema, CandidateSchema } from '@ats/contracts';
import type { Standalone } from '../src/server';
import { candidateBody, signedIn, startTestApp } from './support/test-app';

/**
 * The query-api's result caches over real HTTP (PGlite, the in-process bus, the access log on):
 * a cached page is kept while other read models move (the access log every candidate read
 * appends, a new client) and retired by a change to any read model it reads, joins included,
 * and a read with minPosition always sees the caller's own write.
 */
let app: Standalone;
let rita: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  app = await startTestApp({ accessLog: true });
  rita = await signedIn(app, 'recruiter', 'Rita');
});
afterAll(async () => {
  await app?.close();
});

const pageHits = () => app.queryApi.caches.pages.stats().hits;
async function read<T>(path: string, position: number, parse: (json: unknown) => T): Promise<T> {
  const res = await rita.get(`${path}${path.includes('?') ? '&' : '?'}minPosition=${position}`);
  expect(res.status).toBe(200);
  // a cached page goes out as JSON text made once: still JSON, whole
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(res.text));
  expect(res.headers.get('x-read-stale')).toBeNull();
  return parse(res.json);
}
const candidatePage = (position: number) => read('/api/candidates?limit=30', position, (j) => CandidateSchema.array().parse(j));
const candidate = (id: number, position: number) => read(`/api/candidates/${id}`, position, (j) => CandidateSchema.parse(j));
const column = (jobId: number, position: number) =>
  read(`/api/applications?job=${jobId}&stage=applied&limit=30`, position, (j) => ApplicationSchema.array().parse(j));
async function write(res: Promise<{ status: number; json: unknown }>): Promise<number> {
  const done = await res;
  expect(done.status).toBeLessThan(300);
  return (done.json as { position: number }).position;
}

describe('result caches keyed on the read models a result reads', () => {
  it('keeps a candidate page across the access log and other writes, and shows the caller’s own change at once', async () => {
    const created = await rita.post('/api/candidates', candidateBody({ firstName: 'Grace', lastName: 'Hopper' }));
    const id = (created.json as { id: number }).id;
    let position = await write(Promise.resolve(created));
    expect((await candidate(id, position)).currentTitle).toBe('Chief Technology Officer');
    expect((await candidatePage(position)).map((c) => c.id)).toContain(id);

    // the read above recorded an access: appended to the log, projected into other read models
    await app.queryApi.accessLog!.flush();
    const head = await app.eventStore.headPosition();
    expect(head).toBeGreaterThan(position);
    expect(await app.queryApi.tracker.waitFor(head)).toBe(true);
    // and a write to another read model
    position = await write(rita.post('/api/clients', { companyName: 'Compilers Ltd', industry: 'Software' }));
    expect(await app.queryApi.tracker.waitFor(position)).toBe(true);

    const hits = pageHits();
    expect((await candidate(id, position)).currentTitle).toBe('Chief Technology Officer');
    expect((await candidatePage(position)).map((c) => c.id)).toContain(id);
    expect(pageHits()).toBe(hits + 2);

    // a change to the candidates read model retires both, and the next read has it
    position = await write(rita.patch(`/api/candidates/${id}`, { currentTitle: 'Rear Admiral' }));
    expect((await candidate(id, position)).currentTitle).toBe('Rear Admiral');
    expect((await candidatePage(position)).find((c) => c.id === id)?.currentTitle).toBe('Rear Admiral');
    expect(pageHits()).toBe(hits + 2);
  });

  it('retires a column page when a read model it joins changes (the client), or a card’s candidate is deleted', async () => {
    const clientRes = await rita.post('/api/clients', { companyName: 'Difference Engines', industry: 'Machinery' });
    const clientId = (clientRes.json as { id: number }).id;
    const jobRes = await rita.post('/api/jobs', { title: 'Head of Computing', clientId, department: 'R&D' });
    const jobId = (jobRes.json as { id: number }).id;
    const people = [];
    let position = 0;
    for (const firstName of ['Charles', 'Ada']) {
      const c = await rita.post('/api/candidates', candidateBody({ firstName, lastName: 'Babbage' }));
      const candidateId = (c.json as { id: number }).id;
      position = await write(rita.post('/api/applications', { candidateId, jobId }));
      people.push(candidateId);
    }
    const before = await column(jobId, position);
    expect(before.map((a) => a.candidateId).sort()).toEqual([...people].sort());
    expect(before.every((a) => a.job.client?.companyName === 'Difference Engines')).toBe(true);
    const hits = pageHits();
    await column(jobId, position);
    expect(pageHits()).toBe(hits + 1);

    position = await write(rita.patch(`/api/clients/${clientId}`, { companyName: 'Analytical Engines plc' }));
    const renamed = await column(jobId, position);
    expect(renamed.map((a) => a.job.client?.companyName)).toEqual(['Analytical Engines plc', 'Analytical Engines plc']);

    // deleted records are an internal read model without notices: the page still leaves
    position = await write(rita.delete(`/api/candidates/${people[0]}`));
    expect((await column(jobId, position)).map((a) => a.candidateId)).toEqual([people[1]]);
  });
});
