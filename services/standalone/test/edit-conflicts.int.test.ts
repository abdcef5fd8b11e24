import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CandidateSchema, ClientDetailSchema, EditConflictProblemSchema, JobDetailSchema } from '@ats/contracts';
import type { Standalone } from '../src/server';
import { type Client, candidateBody, signedIn, startTestApp } from './support/test-app';

let app: Standalone;
let ann: Awaited<ReturnType<typeof signedIn>>;
let riley: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  app = await startTestApp();
  ann = await signedIn(app, 'recruiter', 'Ann');
  riley = await signedIn(app, 'recruiter', 'Riley');
});
afterAll(async () => {
  await app?.close();
});

const read = (client: Client, path: string, position: number) => client.get(`${path}?minPosition=${position}`);

describe('edit conflicts through HTTP (two recruiters, one record)', () => {
  it('candidate: the same field is a 409 naming field, both values, who and when; another field merges', async () => {
    const created = await ann.post('/api/candidates', candidateBody({ currentTitle: 'CTO' }));
    expect(created.status).toBe(201);
    const id = created.json.id as number;
    // both open the profile at the same revision
    const seen = CandidateSchema.parse((await read(ann, `/api/candidates/${id}`, created.json.position)).json);
    expect(seen.revision).toBe(0);

    const rileySave = await riley.patch(`/api/candidates/${id}`, { currentTitle: 'CEO', baseRevision: seen.revision });
    expect(rileySave.status).toBe(200);

    // Ann changed the title too, from the old revision: refused, nothing appended
    const before = await app.eventStore.headPosition();
    const refused = await ann.patch(`/api/candidates/${id}`, { currentTitle: 'CFO', location: 'Paris', baseRevision: seen.revision });
    expect(refused.status).toBe(409);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    const problem = EditConflictProblemSchema.parse(refused.json);
    expect(problem.revision).toBe(1);
    expect(problem.conflicts).toEqual([
      { field: 'currentTitle', yours: 'CFO', theirs: 'CEO', by: { id: expect.any(String), name: riley.user.name }, at: expect.any(String) },
    ]);
    expect(problem.detail).toContain(riley.user.name);
    expect(await app.eventStore.headPosition()).toBe(before);

    // a whole form sent back with only the location changed merges: Riley's title stays
    const merged = await ann.patch(`/api/candidates/${id}`, { currentTitle: 'CTO', location: 'Paris', baseRevision: seen.revision });
    expect(merged.status).toBe(200);
    const after = CandidateSchema.parse((await read(ann, `/api/candidates/${id}`, merged.json.position)).json);
    expect(after).toMatchObject({ currentTitle: 'CEO', location: 'Paris', revision: 2 });

    // keeping hers: re-saved with the revision the 409 named
    const kept = await ann.patch(`/api/candidates/${id}`, { currentTitle: 'CFO', baseRevision: after.revision });
    expect(kept.status).toBe(200);
    expect(CandidateSchema.parse((await read(ann, `/api/candidates/${id}`, kept.json.position)).json).currentTitle).toBe('CFO');

    // no base revision: last write wins, as before
    const blind = await riley.patch(`/api/candidates/${id}`, { currentTitle: 'COO' });
    expect(blind.status).toBe(200);
  });

  it('job and client: same field 409, other fields merge; openings and status edit', async () => {
    const job = await ann.post('/api/jobs', { title: 'VP Sales', openings: 2 });
    expect(job.status).toBe(201);
    const seenJob = JobDetailSchema.parse((await read(ann, `/api/jobs/${job.json.id}`, job.json.position)).json);
    expect(seenJob).toMatchObject({ openings: 2, placedCount: 0, revision: 0 });
    expect((await riley.patch(`/api/jobs/${job.json.id}`, { feePercentage: 30, baseRevision: 0 })).status).toBe(200);
    const jobConflict = await ann.patch(`/api/jobs/${job.json.id}`, { feePercentage: 25, status: 'filled', baseRevision: 0 });
    expect(jobConflict.status).toBe(409);
    expect(EditConflictProblemSchema.parse(jobConflict.json).conflicts.map((c) => [c.field, c.yours, c.theirs])).toEqual([
      ['feePercentage', 25, 30],
    ]);
    const jobMerged = await ann.patch(`/api/jobs/${job.json.id}`, { feePercentage: 20, status: 'filled', openings: 1, baseRevision: 0 });
    expect(jobMerged.status).toBe(200);
    expect(JobDetailSchema.parse((await read(ann, `/api/jobs/${job.json.id}`, jobMerged.json.position)).json)).toMatchObject({
      feePercentage: 30,
      status: 'filled',
      openings: 1,
      revision: 2,
    });

    const client = await ann.post('/api/clients', { companyName: 'Acme' });
    expect(client.status).toBe(201);
    expect((await riley.patch(`/api/clients/${client.json.id}`, { priority: 'high', baseRevision: 0 })).status).toBe(200);
    const clientConflict = await ann.patch(`/api/clients/${client.json.id}`, { priority: 'low', baseRevision: 0 });
    expect(clientConflict.status).toBe(409);
    expect(EditConflictProblemSchema.parse(clientConflict.json).conflicts[0]).toMatchObject({
      field: 'priority',
      yours: 'low',
      theirs: 'high',
    });
    const clientMerged = await ann.patch(`/api/clients/${client.json.id}`, { status: 'inactive', priority: 'medium', baseRevision: 0 });
    expect(clientMerged.status).toBe(200);
    expect(ClientDetailSchema.parse((await read(ann, `/api/clients/${client.json.id}`, clientMerged.json.position)).json)).toMatchObject({
      status: 'inactive',
      priority: 'high',
      revision: 2,
    });
  });

  it('10 concurrent saves of one field from one base revision: exactly one lands, the others are 409 edit_conflict', async () => {
    const job = await ann.post('/api/jobs', { title: 'Race Director' });
    const saves = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? ann : riley).patch(`/api/jobs/${job.json.id}`, { location: `City ${i}`, baseRevision: 0 }),
      ),
    );
    const statuses = saves.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    for (const refused of saves.filter((r) => r.status === 409)) expect(refused.json.code).toBe('edit_conflict');
    const updates = (await app.eventStore.readStream(`job-${job.json.id}`)).filter((e) => e.type === 'JobUpdated');
    expect(updates).toHaveLength(1);
  });

  it('a bad base revision is a 400 with its field path, never a 500', async () => {
    const job = await ann.post('/api/jobs', { title: 'CFO' });
    const res = await ann.patch(`/api/jobs/${job.json.id}`, { baseRevision: 'x', openings: 0 });
    expect(res.status).toBe(400);
    expect(res.json.errors.map((e: { path: string }) => e.path).sort()).toEqual(['baseRevision', 'openings']);
  });
});
