import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActivitySchema, ProblemSchema } from '@ats/contracts';
import type { Standalone } from '../src/server';
import { candidateBody, signedIn, startTestApp } from './support/test-app';

let app: Standalone;
let recruiter: Awaited<ReturnType<typeof signedIn>>;
let auditor: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  app = await startTestApp();
  recruiter = await signedIn(app, 'recruiter', 'Rita');
  auditor = await signedIn(app, 'auditor', 'Audrey');
});
afterAll(async () => {
  await app?.close();
});

describe('GET /api/jobs/:id/activities', () => {
  it("lists the job's own entries and its applications', newest first, and nothing of another job", async () => {
    const client = await recruiter.post('/api/clients', { companyName: 'Orion Partners' });
    const job = await recruiter.post('/api/jobs', { title: 'CFO', clientId: client.json.id });
    const other = await recruiter.post('/api/jobs', { title: 'COO' });
    const candidate = await recruiter.post('/api/candidates', candidateBody());
    const attached = await recruiter.post('/api/applications', { candidateId: candidate.json.id, jobId: job.json.id });
    expect(attached.status).toBe(201);
    const moved = await recruiter.patch(`/api/applications/${attached.json.id}/stage`, { stage: 'interview' });
    expect(moved.status).toBe(200);
    const elsewhere = await recruiter.post('/api/applications', { candidateId: candidate.json.id, jobId: other.json.id });

    const res = await auditor.get(`/api/jobs/${job.json.id}/activities?minPosition=${elsewhere.json.position}`);
    expect(res.status).toBe(200);
    const list = ActivitySchema.array().parse(res.json);
    expect(list.map((a) => a.entityType)).toEqual(['application', 'application', 'job']);
    expect(list[0]!.position).toBeGreaterThan(list[1]!.position);
    expect(list.at(-1)).toMatchObject({ entityType: 'job', entityId: job.json.id });
    expect(list.every((a) => a.entityType === 'job' || a.entityId === attached.json.id)).toBe(true);

    const limited = await auditor.get(`/api/jobs/${job.json.id}/activities?limit=1`);
    expect(ActivitySchema.array().parse(limited.json)).toHaveLength(1);
  });

  it('answers bad input with problem+json naming the field', async () => {
    const bad = await recruiter.get('/api/jobs/abc/activities?limit=0');
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toContain('application/problem+json');
    const problem = ProblemSchema.parse(bad.json);
    expect(JSON.stringify(problem)).toContain('id');
    expect((await recruiter.get('/api/jobs/999999/activities')).json).toEqual([]);
  });
});

describe('POST /api/applications/:id/restore (Undo of a detach)', () => {
  async function detachedAtInterview() {
    const job = await recruiter.post('/api/jobs', { title: 'CFO', salaryMin: 200, salaryMax: 300, feePercentage: 25 });
    const candidate = await recruiter.post('/api/candidates', candidateBody());
    const attached = await recruiter.post('/api/applications', { candidateId: candidate.json.id, jobId: job.json.id });
    await recruiter.patch(`/api/applications/${attached.json.id}/stage`, { stage: 'interview' });
    const detached = await recruiter.delete(`/api/applications/${attached.json.id}`);
    expect(detached.status).toBe(200);
    return { jobId: job.json.id as number, candidateId: candidate.json.id as number, applicationId: attached.json.id as number };
  }

  it('puts the same application back at its stage, one stream of history', async () => {
    const { jobId, candidateId, applicationId } = await detachedAtInterview();
    const gone = await recruiter.get(`/api/applications?job=${jobId}`);
    expect(gone.json).toEqual([]);
    const restored = await recruiter.post(`/api/applications/${applicationId}/restore`, {});
    expect(restored.status).toBe(200);
    expect(restored.json.id).toBe(applicationId);
    const board = await auditor.get(`/api/applications?job=${jobId}&minPosition=${restored.json.position}`);
    expect(board.json).toEqual([expect.objectContaining({ id: applicationId, candidateId, stage: 'interview' })]);
    const jobs = await auditor.get(`/api/candidates/${candidateId}/jobs`);
    expect(jobs.json).toEqual([expect.objectContaining({ id: jobId, applicationId, stage: 'interview' })]);
    const stream = await app.eventStore.readStream(`application-${applicationId}`);
    expect(stream.map((e) => e.type)).toEqual([
      'ApplicationCreated',
      'ApplicationStageChanged',
      'ApplicationDetached',
      'ApplicationRestored',
    ]);
    const feed = await auditor.get(`/api/jobs/${jobId}/activities?minPosition=${restored.json.position}`);
    expect(ActivitySchema.array().parse(feed.json)[0]!.description).toMatch(/attached to CFO again$/);
  });

  it('refuses a restore twice (409), an unknown application (404), a pair attached anew (409), and an auditor (403)', async () => {
    const { jobId, candidateId, applicationId } = await detachedAtInterview();
    expect((await auditor.post(`/api/applications/${applicationId}/restore`, {})).status).toBe(403);
    const anew = await recruiter.post('/api/applications', { candidateId, jobId });
    expect(anew.status).toBe(201);
    const taken = await recruiter.post(`/api/applications/${applicationId}/restore`, {});
    expect(taken.status).toBe(409);
    expect(taken.headers.get('content-type')).toContain('application/problem+json');
    await recruiter.delete(`/api/applications/${anew.json.id}`);
    expect((await recruiter.post(`/api/applications/${applicationId}/restore`, {})).status).toBe(200);
    expect((await recruiter.post(`/api/applications/${applicationId}/restore`, {})).status).toBe(409);
    expect((await recruiter.post('/api/applications/999999/restore', {})).status).toBe(404);
    const bad = await recruiter.post('/api/applications/abc/restore', {});
    expect(bad.status).toBe(400);
    expect(ProblemSchema.parse(bad.json).errors?.[0]?.path).toBe('params.id');
  });
});
