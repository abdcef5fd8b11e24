import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemSchema } from '@ats/contracts';
import type { Standalone } from '../src/server';
import { type Client, candidateBody, signedIn, startTestApp } from './support/test-app';

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

const read = (client: Client, path: string, position: number) =>
  client.get(`${path}${path.includes('?') ? '&' : '?'}minPosition=${position}`);

/** the domain event types appended after `before` (id allocations left out) */
async function typesSince(before: number) {
  return (await app.eventStore.readAll({ after: before, limit: 1000 })).filter((e) => !e.stream.startsWith('ids-')).map((e) => e.type);
}

async function post(client: Client, path: string, body: Record<string, unknown>) {
  const res = await client.post(path, body);
  expect(res.status).toBe(201);
  return res.json as { id: number; position: number };
}

async function feed(position: number) {
  const res = await read(recruiter, '/api/dashboard/recent-activities?limit=100', position);
  const lines = (res.json as Array<{ description: string }>).map((a) => a.description);
  return lines;
}

function expectProblem(res: { status: number; json: any; headers: Headers }, status: number) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toContain('application/problem+json');
  return ProblemSchema.parse(res.json);
}

describe('delete → restore through the HTTP API', () => {
  it('a client comes back with its contacts; the log keeps both; restoring twice is a 409', async () => {
    const companyName = `Acme ${randomUUID().slice(0, 6)}`;
    const client = await post(recruiter, '/api/clients', { companyName });
    const wile = await post(recruiter, `/api/clients/${client.id}/contacts`, { name: 'Wile Coyote', isPrimary: true });
    await post(recruiter, `/api/clients/${client.id}/contacts`, { name: 'Road Runner', isPrimary: false });
    const gone = await post(recruiter, `/api/clients/${client.id}/contacts`, { name: 'Gone Before', isPrimary: false });
    expect((await recruiter.delete(`/api/client-contacts/${gone.id}`)).status).toBe(200);

    const deleted = await recruiter.delete(`/api/clients/${client.id}`);
    expect(deleted.status).toBe(200);
    expect((await read(recruiter, `/api/clients/${client.id}`, deleted.json.position)).status).toBe(404);
    // its contacts went with it: one cannot be deleted on its own now (and so comes back with the client)
    expectProblem(await recruiter.delete(`/api/client-contacts/${wile.id}`), 404);

    const before = await app.eventStore.headPosition();
    const restored = await recruiter.post(`/api/clients/${client.id}/restore`, {});
    expect(restored.status).toBe(200);
    expect(await typesSince(before)).toEqual(['ClientRestored']);
    const detail = await read(recruiter, `/api/clients/${client.id}`, restored.json.position);
    expect(detail.status).toBe(200);
    expect(detail.json.companyName).toBe(companyName);
    expect(detail.json.contacts.map((c: { name: string }) => c.name).sort()).toEqual(['Road Runner', 'Wile Coyote']);
    expect(await feed(restored.json.position)).toEqual(
      expect.arrayContaining([`${companyName} was removed from clients`, `Rita Tester restored ${companyName} and its 2 contacts`]),
    );

    const twice = expectProblem(await recruiter.post(`/api/clients/${client.id}/restore`, {}), 409);
    expect(twice.code).toBe('not_deleted');
    // the log keeps the delete and the restore
    const stream = (await app.eventStore.readStream(`client-${client.id}`)).map((e) => e.type);
    expect(stream).toEqual(['ClientCreated', 'ClientDeleted', 'ClientRestored']);
  });

  it('a contact comes back to its client', async () => {
    const client = await post(recruiter, '/api/clients', { companyName: `Contacts ${randomUUID().slice(0, 6)}` });
    const contact = await post(recruiter, `/api/clients/${client.id}/contacts`, { name: 'Daffy Duck', isPrimary: true });
    expect((await recruiter.delete(`/api/client-contacts/${contact.id}`)).status).toBe(200);
    const restored = await recruiter.post(`/api/client-contacts/${contact.id}/restore`, {});
    expect(restored.status).toBe(200);
    const detail = await read(recruiter, `/api/clients/${client.id}`, restored.json.position);
    expect(detail.json.contacts.map((c: { name: string }) => c.name)).toEqual(['Daffy Duck']);
    expect(await feed(restored.json.position)).toContain(`Rita Tester restored Daffy Duck at ${detail.json.companyName}`);
  });

  it('a candidate comes back with its applications on the board and in the job count', async () => {
    const candidate = await post(recruiter, '/api/candidates', candidateBody({ firstName: 'Grace', lastName: 'Hopper' }));
    const job = await post(recruiter, '/api/jobs', { title: 'Chief Scientist' });
    const application = await post(recruiter, '/api/applications', { candidateId: candidate.id, jobId: job.id });

    const deleted = await recruiter.delete(`/api/candidates/${candidate.id}`);
    const board = await read(recruiter, `/api/applications?jobId=${job.id}`, deleted.json.position);
    expect(board.json).toEqual([]);

    const restored = await recruiter.post(`/api/candidates/${candidate.id}/restore`, {});
    expect(restored.status).toBe(200);
    expect((await read(recruiter, `/api/candidates/${candidate.id}`, restored.json.position)).json).toMatchObject({
      firstName: 'Grace',
      status: 'active',
    });
    const back = await read(recruiter, `/api/applications?jobId=${job.id}`, restored.json.position);
    expect(back.json.map((a: { id: number }) => a.id)).toEqual([application.id]);
    expect((await read(recruiter, `/api/jobs/${job.id}`, restored.json.position)).json.candidateCount).toBe(1);
    expect(await feed(restored.json.position)).toContain('Rita Tester restored Grace Hopper');
  });

  it('a candidate whose e-mail was taken meanwhile is not restored, with a clear message', async () => {
    const email = `taken.${randomUUID().slice(0, 6)}@example.com`;
    const first = await post(recruiter, '/api/candidates', candidateBody({ email }));
    expect((await recruiter.delete(`/api/candidates/${first.id}`)).status).toBe(200);
    await post(recruiter, '/api/candidates', candidateBody({ email, firstName: 'Other' }));
    const before = await app.eventStore.headPosition();
    const problem = expectProblem(await recruiter.post(`/api/candidates/${first.id}/restore`, {}), 409);
    expect(problem.detail).toBe('This candidate cannot be restored: another candidate now uses the same email');
    expect(problem.errors).toEqual([{ path: 'email', message: problem.detail }]);
    expect(await app.eventStore.headPosition()).toBe(before);
  });

  it('a job comes back with its attached candidates', async () => {
    const candidate = await post(recruiter, '/api/candidates', candidateBody());
    const job = await post(recruiter, '/api/jobs', { title: 'Head of Data' });
    await post(recruiter, '/api/applications', { candidateId: candidate.id, jobId: job.id });
    expect((await recruiter.delete(`/api/jobs/${job.id}`)).status).toBe(200);
    const restored = await recruiter.post(`/api/jobs/${job.id}/restore`, {});
    expect(restored.status).toBe(200);
    const detail = await read(recruiter, `/api/jobs/${job.id}`, restored.json.position);
    expect(detail.json).toMatchObject({ title: 'Head of Data', candidateCount: 1 });
    expect(await feed(restored.json.position)).toContain('Rita Tester restored job order Head of Data');
  });

  it('an auditor cannot restore; a record never deleted is a 409; an unknown one a 404', async () => {
    const job = await post(recruiter, '/api/jobs', { title: 'Auditor Test' });
    expect((await auditor.post(`/api/jobs/${job.id}/restore`, {})).status).toBe(403);
    expect(expectProblem(await recruiter.post(`/api/jobs/${job.id}/restore`, {}), 409).code).toBe('not_deleted');
    expectProblem(await recruiter.post('/api/jobs/999999/restore', {}), 404);
    expectProblem(await recruiter.post('/api/candidates/abc/restore', {}), 400);
  });
});

describe('candidate status follows placement', () => {
  it('placed with the application, back to what it was when the placement is undone, and Active Candidates follows', async () => {
    const body = candidateBody();
    const candidate = await post(recruiter, '/api/candidates', body);
    const job = await post(recruiter, '/api/jobs', { title: 'COO', salaryMin: 200, salaryMax: 300 });
    const application = await post(recruiter, '/api/applications', { candidateId: candidate.id, jobId: job.id });
    const metrics = async (position: number) => (await read(recruiter, '/api/dashboard/metrics', position)).json.activeCandidates as number;
    const activeBefore = await metrics(application.position);

    let before = await app.eventStore.headPosition();
    const placed = await recruiter.patch(`/api/applications/${application.id}/stage`, { stage: 'placed' });
    expect(placed.status).toBe(200);
    expect(await typesSince(before)).toEqual(['ApplicationStageChanged', 'PlacementRecorded', 'CandidateStatusFollowedPlacement']);
    expect((await read(recruiter, `/api/candidates/${candidate.id}`, placed.json.position)).json.status).toBe('placed');
    expect(await metrics(placed.json.position)).toBe(activeBefore - 1);
    const placedOnly = await read(
      recruiter,
      `/api/candidates?status=placed&search=${encodeURIComponent(body.email)}`,
      placed.json.position,
    );
    expect(placedOnly.json.map((c: { id: number }) => c.id)).toEqual([candidate.id]);

    before = await app.eventStore.headPosition();
    const undone = await recruiter.patch(`/api/applications/${application.id}/stage`, { stage: 'offer', fromStage: 'placed' });
    expect(undone.status).toBe(200);
    expect(await typesSince(before)).toEqual(['ApplicationStageChanged', 'CandidateStatusFollowedPlacement']);
    expect((await read(recruiter, `/api/candidates/${candidate.id}`, undone.json.position)).json.status).toBe('active');
    expect(await metrics(undone.json.position)).toBe(activeBefore);

    // placed again, then detached: back to active; still editable by hand
    await recruiter.patch(`/api/applications/${application.id}/stage`, { stage: 'placed' });
    const detached = await recruiter.delete(`/api/applications/${application.id}`);
    expect((await read(recruiter, `/api/candidates/${candidate.id}`, detached.json.position)).json.status).toBe('active');
    const byHand = await recruiter.patch(`/api/candidates/${candidate.id}`, { status: 'inactive' });
    expect((await read(recruiter, `/api/candidates/${candidate.id}`, byHand.json.position)).json.status).toBe('inactive');
  });

  it('stays placed while a second placement of the candidate stands; back when the last one is undone', async () => {
    const candidate = await post(recruiter, '/api/candidates', candidateBody());
    const job1 = await post(recruiter, '/api/jobs', { title: 'CFO', salaryMin: 200, salaryMax: 300 });
    const job2 = await post(recruiter, '/api/jobs', { title: 'CEO', salaryMin: 300, salaryMax: 400 });
    const a1 = await post(recruiter, '/api/applications', { candidateId: candidate.id, jobId: job1.id });
    const a2 = await post(recruiter, '/api/applications', { candidateId: candidate.id, jobId: job2.id });
    const status = async (position: number) => (await read(recruiter, `/api/candidates/${candidate.id}`, position)).json.status as string;
    expect((await recruiter.patch(`/api/applications/${a1.id}/stage`, { stage: 'placed' })).status).toBe(200);
    const second = await recruiter.patch(`/api/applications/${a2.id}/stage`, { stage: 'placed' });
    expect(await status(second.json.position)).toBe('placed');

    // the first placement (the one that set the status) is undone: the second still stands
    let before = await app.eventStore.headPosition();
    const undoFirst = await recruiter.patch(`/api/applications/${a1.id}/stage`, { stage: 'offer', fromStage: 'placed' });
    expect(undoFirst.status).toBe(200);
    expect(await typesSince(before)).toEqual(['ApplicationStageChanged']);
    expect(await status(undoFirst.json.position)).toBe('placed');

    // the last placement standing goes (a detach): back to what it was before the first
    before = await app.eventStore.headPosition();
    const detached = await recruiter.delete(`/api/applications/${a2.id}`);
    expect(detached.status).toBe(200);
    expect(await typesSince(before)).toContain('CandidateStatusFollowedPlacement');
    expect(await status(detached.json.position)).toBe('active');
  });
});
