import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemSchema } from '@ats/contracts';
import type { Standalone } from '../src/server';
import { candidateBody, signedIn, startTestApp } from './support/test-app';

// A new record that refers to a candidate, job or client is refused when that record is unknown
// or deleted: the handler reads the referenced stream and the decider judges it (before any id is spent).

let app: Standalone;
let recruiter: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  app = await startTestApp();
  recruiter = await signedIn(app, 'recruiter', 'Rita');
});
afterAll(async () => {
  await app?.close();
});

async function expectRefused(request: Promise<{ status: number; json: any; headers: Headers }>, status: number, detail: RegExp) {
  const before = await app.eventStore.headPosition();
  const res = await request;
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toContain('application/problem+json');
  expect(ProblemSchema.parse(res.json).detail).toMatch(detail);
  // nothing appended, not even an id allocation
  expect(await app.eventStore.headPosition()).toBe(before);
}

async function created(path: string, body: Record<string, unknown>): Promise<number> {
  const res = await recruiter.post(path, body);
  expect(res.status).toBe(201);
  return (res.json as { id: number }).id;
}
const newCandidate = () => created('/api/candidates', candidateBody());
const newJob = () => created('/api/jobs', { title: 'Chief Financial Officer' });

describe('attaching a candidate to a job (POST /api/applications)', () => {
  it('is 404 for an unknown candidate or job', async () => {
    const [candidateId, jobId] = [await newCandidate(), await newJob()];
    await expectRefused(recruiter.post('/api/applications', { candidateId: 999_999, jobId }), 404, /Candidate 999999 not found/);
    await expectRefused(recruiter.post('/api/applications', { candidateId, jobId: 999_999 }), 404, /Job 999999 not found/);
  });

  it('is 404 for a deleted candidate or job', async () => {
    const [candidateId, jobId, otherJob] = [await newCandidate(), await newJob(), await newJob()];
    expect((await recruiter.delete(`/api/jobs/${jobId}`)).status).toBe(200);
    await expectRefused(recruiter.post('/api/applications', { candidateId, jobId }), 404, new RegExp(`Job ${jobId} not found`));
    expect((await recruiter.delete(`/api/candidates/${candidateId}`)).status).toBe(200);
    await expectRefused(
      recruiter.post('/api/applications', { candidateId, jobId: otherJob }),
      404,
      new RegExp(`Candidate ${candidateId} not found`),
    );
  });

  it('is 409 for a pair already attached', async () => {
    const [candidateId, jobId] = [await newCandidate(), await newJob()];
    expect((await recruiter.post('/api/applications', { candidateId, jobId })).status).toBe(201);
    await expectRefused(recruiter.post('/api/applications', { candidateId, jobId }), 409, /already attached/);
  });
});

describe('other records that refer to a deleted candidate or job', () => {
  it('refuses a note or an interview for a deleted candidate, and an interview or post for a deleted job (404)', async () => {
    const [candidateId, jobId, liveCandidate] = [await newCandidate(), await newJob(), await newCandidate()];
    expect((await recruiter.delete(`/api/candidates/${candidateId}`)).status).toBe(200);
    expect((await recruiter.delete(`/api/jobs/${jobId}`)).status).toBe(200);
    const scheduledAt = new Date().toISOString();
    await expectRefused(recruiter.post(`/api/candidates/${candidateId}/notes`, { content: 'x' }), 404, /Candidate \d+ not found/);
    await expectRefused(recruiter.post('/api/interviews', { candidateId, scheduledAt }), 404, /Candidate \d+ not found/);
    await expectRefused(recruiter.post('/api/interviews', { candidateId: liveCandidate, jobId, scheduledAt }), 404, /Job \d+ not found/);
    await expectRefused(recruiter.post('/api/linkedin/job-posts', { jobId, linkedinJobId: 'li-gone-1' }), 404, /Job \d+ not found/);
  });
});
