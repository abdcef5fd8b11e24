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
