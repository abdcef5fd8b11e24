import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import {
  AiStatsSchema,
  CandidateSchema,
  ClientDetailSchema,
  CommunicationSchema,
  DashboardInterviewSchema,
  DashboardMetricsSchema,
  JobDetailSchema,
  ProblemSchema,
  TaskSchema,
  UserSchema,
} from '@ats/contracts';
import { recordAiAnalysis, recordCommunication } from '@ats/command-api';
import type { Standalone } from '../src/server';
import { Client, PASSWORD, candidateBody, signedIn, startTestApp } from './support/test-app';

let app: Standalone;
let recruiter: Awaited<ReturnType<typeof signedIn>>;
let auditor: Awaited<ReturnType<typeof signedIn>>;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  app = await startTestApp();
  recruiter = await signedIn(app, 'recruiter', 'Rita');
  auditor = await signedIn(app, 'auditor', 'Audrey');
  admin = await signedIn(app, 'admin', 'Ada');
});
afterAll(async () => {
  await app?.close();
});

const head = () => app.eventStore.headPosition();
const systemCall = () => ({
  correlationId: randomUUID(),
  metadata: { now: new Date().toISOString(), actor: { id: 'system', name: 'System' } },
});

/** Runs a request and returns it with the domain events it appended (id allocations left out). */
async function withEvents<T>(
  fn: () => Promise<T>,
): Promise<{ res: T; types: string[]; events: Awaited<ReturnType<Standalone['eventStore']['readAll']>> }> {
  const before = await head();
  const res = await fn();
  const events = (await app.eventStore.readAll({ after: before, limit: 1000 })).filter((e) => !e.stream.startsWith('ids-'));
  return { res, types: events.map((e) => e.type), events };
}

/** A rejected command: problem+json with the status, optional field error, and nothing appended at all. */
async function expectRejected(
  fn: () => Promise<{ status: number; json: any; headers: Headers }>,
  status: number,
  fieldError?: { path: string; message: string },
) {
  const before = await head();
  const res = await fn();
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toContain('application/problem+json');
  const problem = ProblemSchema.parse(res.json);
  if (fieldError) expect(problem.errors).toEqual(expect.arrayContaining([fieldError]));
  expect(await head()).toBe(before);
  return problem;
}

const read = (client: Client, path: string, position: number) =>
  client.get(`${path}${path.includes('?') ? '&' : '?'}minPosition=${position}`);

async function newCandidate(overrides: Record<string, unknown> = {}) {
  const res = await recruiter.post('/api/candidates', candidateBody(overrides));
  expect(res.status).toBe(201);
  return res.json as { id: number; position: number };
}
async function newClient(body: Record<string, unknown> = {}) {
  const res = await recruiter.post('/api/clients', { companyName: `Client ${randomUUID().slice(0, 6)}`, ...body });
  expect(res.status).toBe(201);
  return res.json as { id: number; position: number };
}
async function newJob(body: Record<string, unknown> = {}) {
  const res = await recruiter.post('/api/jobs', { title: 'Chief Financial Officer', ...body });
  expect(res.status).toBe(201);
  return res.json as { id: number; position: number };
}

describe('update candidate (PATCH /api/candidates/{id})', () => {
  it('changes fields and status, appending CandidateUpdated with only the changes', async () => {
    const { id } = await newCandidate();
    const { res, types, events } = await withEvents(() =>
      recruiter.patch(`/api/candidates/${id}`, {
        status: 'placed',
        location: 'Paris',
        skills: [' Strategy ', ''],
        phone: '',
        currentTitle: 'Chief Technology Officer',
      }),
    );
    expect(res.status).toBe(200);
    expect(types).toEqual(['CandidateUpdated']);
    // the title did not change and the phone was already empty: neither is carried
    expect(events[0]!.data).toEqual({ candidateId: id, changes: { status: 'placed', location: 'Paris', skills: ['Strategy'] } });
    const got = CandidateSchema.parse((await read(recruiter, `/api/candidates/${id}`, res.json.position)).json);
    expect(got).toMatchObject({ status: 'placed', location: 'Paris', skills: ['Strategy'], phone: null });
  });

  it('rejects a blank first name and a bad e-mail with the spec messages, appending nothing', async () => {
    const { id } = await newCandidate();
    await expectRejected(() => recruiter.patch(`/api/candidates/${id}`, { firstName: ' ', email: 'nope' }), 400, {
      path: 'firstName',
      message: 'First name is required',
    });
    await expectRejected(() => recruiter.patch(`/api/candidates/${id}`, { email: 'nope' }), 400, {
      path: 'email',
      message: 'Valid email is required',
    });
    await expectRejected(() => recruiter.patch(`/api/candidates/${id}`, { status: 'retired' }), 400);
  });

  it('moves the e-mail: a taken address is a 409, the old one is freed', async () => {
    const a = await newCandidate();
    const takenEmail = `taken.${randomUUID().slice(0, 6)}@example.com`;
    await newCandidate({ email: takenEmail });
    await expectRejected(() => recruiter.patch(`/api/candidates/${a.id}`, { email: takenEmail.toUpperCase() }), 409);
    const oldEmail = (await read(recruiter, `/api/candidates/${a.id}`, a.position)).json.email as string;
    const { res, types } = await withEvents(() =>
      recruiter.patch(`/api/candidates/${a.id}`, { email: `moved.${randomUUID().slice(0, 6)}@example.com` }),
    );
    expect(res.status).toBe(200);
    expect(types).toEqual(['CandidateEmailReserved', 'CandidateUpdated', 'CandidateEmailReleased']);
    expect((await recruiter.post('/api/candidates', candidateBody({ email: oldEmail }))).status).toBe(201);
  });

  it('gives a contested new e-mail to exactly one of two concurrent updates', async () => {
    const [a, b] = [await newCandidate(), await newCandidate()];
    const email = `contested.${randomUUID().slice(0, 6)}@example.com`;
    const results = await Promise.all(
      [a, b, a, b].map((c, i) => recruiter.patch(`/api/candidates/${c.id}`, { email: i % 2 ? email.toUpperCase() : email })),
    );
    const winners = new Set(results.filter((r) => r.status === 200).map((r) => r.json.id));
    expect(winners.size).toBe(1);
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
  });

  it('is 404 for an unknown id, 401 signed out, 403 for an auditor', async () => {
    await expectRejected(() => recruiter.patch('/api/candidates/999999', { status: 'inactive' }), 404);
    await expectRejected(() => new Client(app.url).patch('/api/candidates/1', { status: 'inactive' }), 401);
    await expectRejected(() => auditor.patch('/api/candidates/1', { status: 'inactive' }), 403);
  });
});

describe('candidates list filters (§2.6 on the server)', () => {
  it('filters by status, location, skills and resume', async () => {
    const tag = randomUUID().slice(0, 6);
    const a = await newCandidate({
      lastName: `Filter${tag}`,
      location: 'New York, NY',
      skills: ['M&A', 'Board Relations'],
      resumeFileName: 'a.pdf',
    });
    const b = await newCandidate({ lastName: `Filter${tag}`, location: 'London', skills: ['P&L', 'SaaS'] });
    const c = await newCandidate({ lastName: `Filter${tag}`, location: 'new york', skills: ['SaaS'] });
    const done = await recruiter.patch(`/api/candidates/${b.id}`, { status: 'placed' });
    const ids = async (q: string) =>
      ((await read(recruiter, `/api/candidates?search=Filter${tag}&${q}`, done.json.position)).json as Array<{ id: number }>)
        .map((x) => x.id)
        .sort();
    expect(await ids('status=placed')).toEqual([b.id]);
    expect(await ids('location=NEW%20YORK')).toEqual([a.id, c.id].sort());
    expect(await ids('skills=saas')).toEqual([b.id, c.id].sort());
    expect(await ids('skills=board,m%26a')).toEqual([a.id]);
    expect(await ids('hasResume=true')).toEqual([a.id]);
    expect(await ids('hasResume=false&status=active')).toEqual([c.id]);
    expect(await ids('status=all')).toEqual([a.id, b.id, c.id].sort());
    expect((await recruiter.get('/api/candidates?status=retired')).status).toBe(400);
    expect((await recruiter.get('/api/candidates?hasResume=maybe')).status).toBe(400);
  });
});

describe('communications (storage; GET /api/candidates/{id}/communications)', () => {
  it('lists what was recorded for the candidate, newest first', async () => {
    const { id } = await newCandidate();
    await recordCommunication(app.commandApi.deps, systemCall(), {
      type: 'email',
      subject: 'Hello',
      content: 'Hi there',
      recipientType: 'candidate',
      recipientId: id,
      recipientAddress: 'x@example.com',
      sentAt: null,
      delivered: false,
    });
    const r = await recordCommunication(app.commandApi.deps, systemCall(), {
      type: 'call',
      subject: 'Call',
      content: null,
      recipientType: 'candidate',
      recipientId: id,
      recipientAddress: null,
      sentAt: null,
      delivered: true,
    });
    const list = (await read(recruiter, `/api/candidates/${id}/communications`, r.position)).json;
    expect(list.map((c: { subject: string }) => c.subject).sort()).toEqual(['Call', 'Hello']);
    for (const c of list) CommunicationSchema.parse(c);
    expect((await auditor.get(`/api/candidates/${id}/communications`)).status).toBe(200);
    expect((await new Client(app.url).get(`/api/candidates/${id}/communications`)).status).toBe(401);
  });
});

describe('clients and contacts', () => {
  it('updates a client; a blank company name is refused with the spec message', async () => {
    const { id } = await newClient({ priority: 'low' });
    const { res, types } = await withEvents(() =>
      recruiter.patch(`/api/clients/${id}`, { priority: 'high', website: 'acme.example', industry: null }),
    );
    expect(res.status).toBe(200);
    expect(types).toEqual(['ClientUpdated']);
    const got = ClientDetailSchema.parse((await read(recruiter, `/api/clients/${id}`, res.json.position)).json);
    expect(got).toMatchObject({ id, priority: 'high', website: 'acme.example', status: 'active', contacts: [] });
    await expectRejected(() => recruiter.patch(`/api/clients/${id}`, { companyName: '  ' }), 400, {
      path: 'companyName',
      message: 'Company name is required',
    });
    await expectRejected(() => recruiter.patch('/api/clients/999999', { priority: 'high' }), 404);
    await expectRejected(() => auditor.patch(`/api/clients/${id}`, { priority: 'low' }), 403);
  });

  it('creates with the defaults (status active, priority medium)', async () => {
    const { id, position } = await newClient();
    expect((await read(recruiter, `/api/clients/${id}`, position)).json).toMatchObject({ status: 'active', priority: 'medium' });
  });

  it('adds contacts (primary first), deletes one, and validates name and e-mail', async () => {
    const { id } = await newClient();
    const first = await withEvents(() =>
      recruiter.post(`/api/clients/${id}/contacts`, { name: 'Wile Coyote', email: 'wile@acme.example', title: 'CFO' }),
    );
    expect(first.res.status).toBe(201);
    expect(first.types).toEqual(['ClientContactAdded']);
    expect(first.events[0]!.stream).toBe(`client-contact-${first.res.json.id}`);
    const second = await recruiter.post(`/api/clients/${id}/contacts`, { name: 'Road Runner', isPrimary: true, phone: '555' });
    let got = ClientDetailSchema.parse((await read(recruiter, `/api/clients/${id}`, second.json.position)).json);
    expect(got.contacts.map((c) => c.name)).toEqual(['Road Runner', 'Wile Coyote']);
    expect(got).toMatchObject({ contactName: 'Road Runner', contactPhone: '555' });
    await expectRejected(() => recruiter.post(`/api/clients/${id}/contacts`, { name: '' }), 400, {
      path: 'name',
      message: 'Name is required',
    });
    await expectRejected(() => recruiter.post(`/api/clients/${id}/contacts`, {}), 400, { path: 'name', message: 'Name is required' });
    await expectRejected(() => recruiter.post(`/api/clients/${id}/contacts`, { name: 'X', email: 'bad' }), 400, {
      path: 'email',
      message: 'Invalid email',
    });
    await expectRejected(() => recruiter.post('/api/clients/999999/contacts', { name: 'X' }), 404);
    const del = await withEvents(() => recruiter.delete(`/api/client-contacts/${second.json.id}`));
    expect(del.res.status).toBe(200);
    expect(del.types).toEqual(['ClientContactDeleted']);
    got = ClientDetailSchema.parse((await read(recruiter, `/api/clients/${id}`, del.res.json.position)).json);
    expect(got.contacts.map((c) => c.name)).toEqual(['Wile Coyote']);
    expect(got.contactName).toBe('Wile Coyote');
    await expectRejected(() => recruiter.delete(`/api/client-contacts/${second.json.id}`), 404);
    await expectRejected(() => auditor.delete(`/api/client-contacts/${first.res.json.id}`), 403);
    await expectRejected(() => new Client(app.url).delete(`/api/client-contacts/${first.res.json.id}`), 401);
  });

  it('deletes a client with its contacts from the read models; the log keeps them', async () => {
    const { id } = await newClient();
    const contact = await recruiter.post(`/api/clients/${id}/contacts`, { name: 'Gone Soon' });
    const { res, types } = await withEvents(() => recruiter.delete(`/api/clients/${id}`));
    expect(res.status).toBe(200);
    expect(types).toEqual(['ClientDeleted']);
    const after = await read(recruiter, `/api/clients/${id}`, res.json.position);
    expect(after.status).toBe(404);
    expect(after.json.detail).toBe('Client not found');
    expect((await recruiter.get('/api/clients')).json.some((c: { id: number }) => c.id === id)).toBe(false);
    expect((await app.eventStore.readStream(`client-contact-${contact.json.id}`)).map((e) => e.type)).toEqual(['ClientContactAdded']);
    await expectRejected(() => recruiter.delete(`/api/clients/${id}`), 404);
    expect((await recruiter.get('/api/clients/abc')).status).toBe(400);
  });
});

describe('jobs', () => {
  it('creates with the defaults and reads one job with its client', async () => {
    const client = await newClient({ companyName: 'Globex', industry: 'Energy' });
    const { id, position } = await newJob({ clientId: client.id });
    const job = JobDetailSchema.parse((await read(recruiter, `/api/jobs/${id}`, position)).json);
    expect(job).toMatchObject({
      id,
      status: 'open',
      type: 'full-time',
      priority: 'medium',
      feePercentage: 20,
      client: { companyName: 'Globex', industry: 'Energy' },
      candidateCount: 0,
      linkedinPosts: [],
    });
    await expectRejected(() => recruiter.get('/api/jobs/999999') as never, 404);
  });

  it('updates a job incl. status; validates the title and the client', async () => {
    const { id } = await newJob();
    const { res, types, events } = await withEvents(() =>
      recruiter.patch(`/api/jobs/${id}`, { status: 'filled', salaryMin: 150, title: 'CFO' }),
    );
    expect(res.status).toBe(200);
    expect(types).toEqual(['JobUpdated']);
    expect(events[0]!.data).toEqual({ jobId: id, changes: { status: 'filled', salaryMin: 150, title: 'CFO' } });
    expect((await read(recruiter, `/api/jobs/${id}`, res.json.position)).json).toMatchObject({
      status: 'filled',
      salaryMin: 150,
      title: 'CFO',
    });
    await expectRejected(() => recruiter.patch(`/api/jobs/${id}`, { title: '' }), 400, { path: 'title', message: 'Job title is required' });
    await expectRejected(() => recruiter.patch(`/api/jobs/${id}`, { status: 'paused' }), 400);
    await expectRejected(() => recruiter.patch(`/api/jobs/${id}`, { clientId: 999999 }), 404);
    await expectRejected(() => auditor.patch(`/api/jobs/${id}`, { status: 'open' }), 403);
  });

  it('deletes a job (history kept)', async () => {
    const { id } = await newJob();
    const { res, types } = await withEvents(() => recruiter.delete(`/api/jobs/${id}`));
    expect(res.status).toBe(200);
    expect(types).toEqual(['JobDeleted']);
    expect((await read(recruiter, `/api/jobs/${id}`, res.json.position)).status).toBe(404);
    await expectRejected(() => recruiter.delete(`/api/jobs/${id}`), 404);
    expect((await app.eventStore.readStream(`job-${id}`)).map((e) => e.type)).toEqual(['JobCreated', 'JobDeleted']);
  });
});

describe('professional-network posts (POST /api/linkedin/job-posts)', () => {
  it('records a post, lists it on the job, and keeps linkedinJobId unique even under concurrency', async () => {
    const { id: jobId } = await newJob();
    const linkedinJobId = `li-${jobId}-${Date.now()}`;
    const { res, types } = await withEvents(() =>
      recruiter.post('/api/linkedin/job-posts', { jobId, linkedinJobId, postUrl: 'https://linkedin.example/jobs/1' }),
    );
    expect(res.status).toBe(201);
    expect(types).toEqual(['LinkedinJobIdReserved', 'LinkedinJobPosted']);
    const job = JobDetailSchema.parse((await read(recruiter, `/api/jobs/${jobId}`, res.json.position)).json);
    expect(job.linkedinPosts).toEqual([expect.objectContaining({ linkedinJobId, status: 'posted', applicationsCount: 0, viewsCount: 0 })]);
    const dup = await expectRejected(() => recruiter.post('/api/linkedin/job-posts', { jobId, linkedinJobId }), 409);
    expect(dup.code).toBe('linkedin_job_id_taken');
    const racing = `race-${jobId}-${Date.now()}`;
    const results = await Promise.all([0, 1, 2, 3].map(() => recruiter.post('/api/linkedin/job-posts', { jobId, linkedinJobId: racing })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    await expectRejected(() => recruiter.post('/api/linkedin/job-posts', { jobId }), 400, { path: 'linkedinJobId', message: 'Required' });
    await expectRejected(() => recruiter.post('/api/linkedin/job-posts', { jobId: 999999, linkedinJobId: 'x-1' }), 404);
    await expectRejected(() => auditor.post('/api/linkedin/job-posts', { jobId, linkedinJobId: 'x-2' }), 403);
  });
});

describe('detach an application (DELETE /api/applications/{id})', () => {
  it('detaches, frees the pair for a new attach, and is 404 the second time', async () => {
    const cand = await newCandidate();
    const job = await newJob();
    const attached = await recruiter.post('/api/applications', { candidateId: cand.id, jobId: job.id });
    const { res, types } = await withEvents(() => recruiter.delete(`/api/applications/${attached.json.id}`));
    expect(res.status).toBe(200);
    expect(types).toEqual(['ApplicationDetached', 'ApplicationPairReleased']);
    expect((await read(recruiter, `/api/candidates/${cand.id}/jobs`, res.json.position)).json).toEqual([]);
    await expectRejected(() => recruiter.delete(`/api/applications/${attached.json.id}`), 404);
    expect((await recruiter.post('/api/applications', { candidateId: cand.id, jobId: job.id })).status).toBe(201);
    await expectRejected(() => auditor.delete(`/api/applications/${attached.json.id}`), 403);
  });
});

describe('interviews and the dashboard', () => {
  it('schedules with the defaults and shows today’s interviews with names', async () => {
    const client = await newClient({ companyName: 'Initech' });
    const job = await newJob({ title: 'COO', clientId: client.id });
    const cand = await newCandidate({ firstName: 'Grace', lastName: 'Hopper' });
    const now = new Date().toISOString();
    const { res, types, events } = await withEvents(() =>
      recruiter.post('/api/interviews', { candidateId: cand.id, jobId: job.id, scheduledAt: now }),
    );
    expect(res.status).toBe(201);
    expect(types).toEqual(['InterviewScheduled']);
    expect(events[0]!.data).toMatchObject({ duration: 60, type: 'phone', status: 'scheduled' });
    const later = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const other = await recruiter.post('/api/interviews', { candidateId: cand.id, scheduledAt: later });
    const today = (await read(recruiter, '/api/dashboard/todays-interviews?tz=UTC', other.json.position)).json as unknown[];
    const mine = today.map((i) => DashboardInterviewSchema.parse(i)).filter((i) => i.candidateId === cand.id);
    expect(mine).toEqual([
      expect.objectContaining({
        id: res.json.id,
        candidate: { firstName: 'Grace', lastName: 'Hopper' },
        job: { title: 'COO' },
        client: { companyName: 'Initech' },
      }),
    ]);
    expect((await recruiter.get('/api/dashboard/todays-interviews?tz=Mars/Olympus')).status).toBe(400);
    await expectRejected(() => recruiter.post('/api/interviews', { candidateId: cand.id, scheduledAt: 'tomorrow' }), 400, {
      path: 'scheduledAt',
      message: 'Enter a valid date and time',
    });
    await expectRejected(() => recruiter.post('/api/interviews', { candidateId: 999999, scheduledAt: now }), 404);
    await expectRejected(() => recruiter.post('/api/interviews', { candidateId: cand.id, jobId: 999999, scheduledAt: now }), 404);
    await expectRejected(() => auditor.post('/api/interviews', { candidateId: cand.id, scheduledAt: now }), 403);
  });

  it('creates tasks, toggles them with PUT {status}, and orders priority tasks', async () => {
    const tag = randomUUID().slice(0, 6);
    const created = await withEvents(() => recruiter.post('/api/tasks', { title: `low ${tag}`, priority: 'low' }));
    expect(created.res.status).toBe(201);
    expect(created.types).toEqual(['TaskCreated']);
    expect(created.events[0]!.data).toMatchObject({ status: 'pending', priority: 'low' });
    const high = await recruiter.post('/api/tasks', { title: `high late ${tag}`, priority: 'high', dueDate: '2031-01-01' });
    const highSoon = await recruiter.post('/api/tasks', { title: `high soon ${tag}`, priority: 'high', dueDate: '2030-01-01' });
    const medium = await recruiter.post('/api/tasks', { title: `medium ${tag}` });
    const done = await recruiter.post('/api/tasks', { title: `done ${tag}`, priority: 'high' });
    const toggle = await withEvents(() => recruiter.request('PUT', `/api/tasks/${done.json.id}`, { status: 'completed' }));
    expect(toggle.res.status).toBe(200);
    expect(toggle.res.json).toMatchObject({ id: done.json.id, status: 'completed' });
    expect(toggle.types).toEqual(['TaskStatusChanged']);
    const again = await withEvents(() => recruiter.request('PUT', `/api/tasks/${done.json.id}`, { status: 'completed' }));
    expect(again.res.status).toBe(200);
    expect(again.types).toEqual([]);
    const list = ((await read(recruiter, '/api/dashboard/priority-tasks?limit=100', toggle.res.json.position)).json as unknown[]).map((t) =>
      TaskSchema.parse(t),
    );
    const mine = list.filter((t) => t.title.endsWith(tag)).map((t) => t.id);
    expect(mine).toEqual([highSoon.json.id, high.json.id, medium.json.id, created.res.json.id, done.json.id]);
    await expectRejected(() => recruiter.request('PUT', `/api/tasks/${done.json.id}`, { status: 'archived' }), 400);
    await expectRejected(() => recruiter.request('PUT', '/api/tasks/999999', { status: 'completed' }), 404);
    await expectRejected(() => recruiter.post('/api/tasks', { title: ' ' }), 400, { path: 'title', message: 'Title is required' });
    await expectRejected(() => auditor.request('PUT', `/api/tasks/${done.json.id}`, { status: 'pending' }), 403);
    await expectRejected(() => new Client(app.url).post('/api/tasks', { title: 'x' }), 401);
  });

  it('computes the metrics: active candidates, open positions, placements this month, revenue YTD', async () => {
    const before = DashboardMetricsSchema.parse((await recruiter.get('/api/dashboard/metrics')).json);
    const cand = await newCandidate();
    const job = await newJob({ salaryMin: 100, salaryMax: 200, feePercentage: 20 });
    const job2 = await newJob({ salaryMin: 100, salaryMax: 200, feePercentage: 25 });
    const a1 = await recruiter.post('/api/applications', { candidateId: cand.id, jobId: job.id });
    const a2 = await recruiter.post('/api/applications', { candidateId: cand.id, jobId: job2.id });
    const placed = await withEvents(() => recruiter.patch(`/api/applications/${a1.json.id}/stage`, { stage: 'placed' }));
    // the candidate's status follows the placement (an event of its own, so the log says why)
    expect(placed.types).toEqual(['ApplicationStageChanged', 'PlacementRecorded', 'CandidateStatusFollowedPlacement']);
    expect(placed.events[1]!.data).toMatchObject({ salary: 150, feePercentage: 20, fee: 30 });
    const placed2 = await recruiter.patch(`/api/applications/${a2.json.id}/stage`, { stage: 'placed', salary: 300 });
    const closed = await recruiter.patch(`/api/jobs/${job2.id}`, { status: 'closed' });
    const position = Math.max(placed2.json.position, closed.json.position);
    const after = DashboardMetricsSchema.parse((await read(recruiter, '/api/dashboard/metrics', position)).json);
    expect(after).toEqual({
      // the new candidate was placed: placed candidates are not active
      activeCandidates: before.activeCandidates,
      openPositions: before.openPositions + 1,
      placementsThisMonth: before.placementsThisMonth + 2,
      revenueYTD: before.revenueYTD + 30_000 + 75_000,
    });
    // moving a card out of placed takes the placement back
    const back = await recruiter.patch(`/api/applications/${a2.json.id}/stage`, { stage: 'offer' });
    const again = DashboardMetricsSchema.parse(
      (await read(recruiter, '/api/dashboard/metrics?tz=America/New_York', back.json.position)).json,
    );
    expect(again.revenueYTD).toBe(before.revenueYTD + 30_000);
    expect((await auditor.get('/api/dashboard/metrics')).status).toBe(200);
    expect((await new Client(app.url).get('/api/dashboard/metrics')).status).toBe(401);
  });
});

describe('AI results (storage) and GET /api/ai/stats', () => {
  it('counts recorded analyses and fills the candidate’s ai fields', async () => {
    const before = AiStatsSchema.parse((await recruiter.get('/api/ai/stats')).json);
    const { id } = await newCandidate();
    const base = {
      engine: 'builtin',
      model: 'rules-v2',
      promptVersion: '1',
      inputHash: 'abc',
      entityType: 'candidate' as const,
      entityId: id,
      confidence: 0.8,
    };
    await recordAiAnalysis(app.commandApi.deps, systemCall(), {
      ...base,
      analysisType: 'profile',
      score: 87,
      results: { summary: 'Strong', experienceLevel: 'executive', skillsExtracted: ['Finance'], personalityTraits: ['Calm'] },
    });
    await recordAiAnalysis(app.commandApi.deps, systemCall(), { ...base, analysisType: 'salary', score: null, results: {} });
    const last = await recordAiAnalysis(app.commandApi.deps, systemCall(), {
      ...base,
      analysisType: 'message',
      score: null,
      results: { subject: 's', message: 'm' },
    });
    const after = AiStatsSchema.parse((await read(recruiter, '/api/ai/stats', last.position)).json);
    expect(after).toEqual({
      ...before,
      candidateAnalyses: before.candidateAnalyses + 1,
      salaryReports: before.salaryReports + 1,
      messagesGenerated: before.messagesGenerated + 1,
    });
    const cand = CandidateSchema.parse((await recruiter.get(`/api/candidates/${id}`)).json);
    expect(cand).toMatchObject({
      aiMatchScore: 87,
      aiSummary: 'Strong',
      aiExperienceLevel: 'executive',
      aiSkillsExtracted: ['Finance'],
      aiLastAnalyzed: expect.any(String),
    });
    const recorded = (await app.eventStore.readAll({ after: 0, limit: 100_000 })).filter((e) => e.type === 'AiAnalysisRecorded').at(-1)!;
    expect(recorded.data).toMatchObject({
      engine: 'builtin',
      model: 'rules-v2',
      promptVersion: '1',
      inputHash: 'abc',
      analysisType: 'message',
    });
  });
});

describe('user management (admin only)', () => {
  it('lists and creates users; validates; only admins may', async () => {
    const email = `new.${randomUUID().slice(0, 6)}@agency.example`;
    const { res, types } = await withEvents(() =>
      admin.post('/api/users', { email, firstName: 'Nina', lastName: 'New', password: PASSWORD }),
    );
    expect(res.status).toBe(201);
    expect(types).toEqual(['UserEmailReserved', 'UserRegistered']);
    const list = ((await read(admin, '/api/users', res.json.position)).json as unknown[]).map((u) => UserSchema.parse(u));
    expect(list.find((u) => u.id === res.json.userId)).toMatchObject({ email, role: 'recruiter', active: true });
    expect(list.every((u) => !('passwordHash' in u))).toBe(true);
    await expectRejected(() => admin.post('/api/users', { email, firstName: 'Dup', lastName: 'Licate', password: PASSWORD }), 409);
    await expectRejected(() => admin.post('/api/users', { email: 'x', firstName: '', lastName: 'L', password: 'short' }), 400, {
      path: 'password',
      message: 'Password must be at least 12 characters',
    });
    await expectRejected(() => recruiter.get('/api/users') as never, 403);
    await expectRejected(() => recruiter.post('/api/users', { email: 'a@b.co', firstName: 'A', lastName: 'B', password: PASSWORD }), 403);
    await expectRejected(() => auditor.patch(`/api/users/${res.json.userId}`, { active: false }), 403);
    await expectRejected(() => new Client(app.url).get('/api/users') as never, 401);
    await expectRejected(() => admin.patch('/api/users/no-such-user', { active: false }), 404);
    await expectRejected(() => admin.patch('/api/users/x', { role: 'boss' }), 400);
  });

  it('changes a role at once, and deactivation ends sessions and sockets now', async () => {
    const victim = await signedIn(app, 'recruiter', 'Victor');
    const me = (await victim.get('/api/auth/user')).json;
    const openSocket = async () => {
      const socket = connect(app.url, {
        path: '/socket.io',
        transports: ['websocket'],
        extraHeaders: { Cookie: victim.cookie },
        reconnection: false,
        forceNew: true,
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      return { socket, disconnected: new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason))) };
    };
    // a role change re-authorises the open sockets (they take the new role; rooms it may not join
    // are left, see socket-sessions.int.test.ts) instead of ending them
    const second = await openSocket();
    const role = await withEvents(() => admin.patch(`/api/users/${me.id}`, { role: 'manager' }));
    expect(role.res.status).toBe(200);
    expect(role.types).toEqual(['UserRoleChanged']);
    expect((await victim.get('/api/auth/user')).json.role).toBe('manager');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(second.socket.connected).toBe(true);
    const off = await withEvents(() => admin.patch(`/api/users/${me.id}`, { active: false }));
    // the calendar-feed link ends with the sessions, for good (sweep seven)
    expect(off.types).toEqual(['UserDeactivated', 'CalendarFeedTokenRotated']);
    expect((await victim.get('/api/auth/user')).status).toBe(401);
    expect((await victim.post('/api/tasks', { title: 'still here?' })).status).toBe(401);
    expect(await second.disconnected).toBe('io server disconnect');
    second.socket.close();
    // and it cannot come back: the handshake is refused
    const refused = connect(app.url, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { Cookie: victim.cookie },
      reconnection: false,
      forceNew: true,
    });
    expect((await new Promise<Error>((resolve) => refused.once('connect_error', resolve))).message).toBe('unauthorized');
    refused.close();
    expect((await new Client(app.url).post('/api/auth/login', { email: victim.user.email, password: PASSWORD })).status).toBe(401);
    const users = (
      (await read(admin, '/api/users', off.res.json.position)).json as Array<{ id: string; active: boolean; role: string }>
    ).find((u) => u.id === me.id);
    expect(users).toMatchObject({ active: false, role: 'manager' });
    // switched back on, the user can sign in again
    await admin.patch(`/api/users/${me.id}`, { active: true });
    expect((await new Client(app.url).post('/api/auth/login', { email: victim.user.email, password: PASSWORD })).status).toBe(204);
  });

  it("resets a user's password from the Team screen: a UserPasswordReset event, the old password and their sessions end", async () => {
    const member = await signedIn(app, 'recruiter', 'Rosa');
    const me = (await member.get('/api/auth/user')).json;
    const path = `/api/users/${me.id}/password`;
    const NEW = 'a-fresh-start-2027';
    await expectRejected(() => admin.post(path, { password: 'short' }), 400, {
      path: 'password',
      message: 'Password must be at least 12 characters',
    });
    await expectRejected(() => admin.post(path, { password: '123456789012' }), 400);
    await expectRejected(() => recruiter.post(path, { password: NEW }), 403);
    await expectRejected(() => new Client(app.url).post(path, { password: NEW }), 401);
    await expectRejected(() => admin.post('/api/users/no-such-user/password', { password: NEW }), 404);
    const adminId = (await admin.get('/api/auth/user')).json.id as string;
    const own = await expectRejected(() => admin.post(`/api/users/${adminId}/password`, { password: NEW }), 409);
    expect(own.code).toBe('own_account');

    const reset = await withEvents(() => admin.post(path, { password: NEW }));
    expect(reset.res.status).toBe(200);
    expect(reset.types).toEqual(['UserPasswordReset']);
    // who did it is in the metadata; the password (or its hash) is nowhere in the event
    expect(reset.events[0]!.data).toEqual({ userId: me.id });
    expect(reset.events[0]!.metadata.actor).toMatchObject({ role: 'admin' });
    expect(JSON.stringify(reset.events[0])).not.toContain(NEW);
    expect((await member.get('/api/auth/user')).status).toBe(401);
    expect((await new Client(app.url).post('/api/auth/login', { email: member.user.email, password: PASSWORD })).status).toBe(401);
    const again = await new Client(app.url).login(member.user.email, NEW);
    expect((await again.get('/api/auth/user')).json.id).toBe(me.id);
  });

  it('refuses an admin changing their own account (409)', async () => {
    const me = (await admin.get('/api/auth/user')).json;
    const problem = await expectRejected(() => admin.patch(`/api/users/${me.id}`, { active: false }), 409);
    expect(problem.code).toBe('own_account');
  });
});

describe('audit route (GET /api/events)', () => {
  it('pages through the event log for admins and auditors only', async () => {
    const page = await auditor.get('/api/events?after=0&limit=5');
    expect(page.status).toBe(200);
    expect(page.json.events).toHaveLength(5);
    expect(page.json.next).toBe(page.json.events[4].position);
    const next = await admin.get(`/api/events?after=${page.json.next}&limit=5`);
    expect(next.json.events[0].position).toBeGreaterThan(page.json.next);
    expect((await recruiter.get('/api/events')).status).toBe(403);
    expect((await new Client(app.url).get('/api/events')).status).toBe(401);
    expect((await auditor.get('/api/events?limit=0')).status).toBe(400);
  });
});

describe('OpenAPI (GET /api/openapi.json)', () => {
  it('describes every contract, with {id} paths', async () => {
    const res = await new Client(app.url).get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.json.openapi).toBe('3.1.0');
    const { contracts } = await import('@ats/contracts');
    for (const c of Object.values(contracts)) {
      const path = c.path.replace(/:([A-Za-z]+)/g, '{$1}');
      expect(res.json.paths[path]?.[c.method.toLowerCase()]?.operationId, `${c.method} ${path}`).toBe(c.name);
    }
    expect(res.json.paths['/api/clients/{id}/contacts'].post.requestBody.content['application/json'].schema.required).toEqual(['name']);
  });
});
