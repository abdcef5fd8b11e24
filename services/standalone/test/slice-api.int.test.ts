import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { ApplicationSchema, CandidateSchema, ChangedMessageSchema, ProblemSchema, StageConflictProblemSchema } from '@ats/contracts';
import type { Standalone } from '../src/server';
import { Client, candidateBody, createUser, signedIn, startTestApp } from './support/test-app';

let app: Standalone;
let recruiter: Awaited<ReturnType<typeof signedIn>>;
let manager: Awaited<ReturnType<typeof signedIn>>;
let auditor: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  app = await startTestApp();
  recruiter = await signedIn(app, 'recruiter', 'Rita');
  manager = await signedIn(app, 'manager', 'Maria');
  auditor = await signedIn(app, 'auditor', 'Audrey');
});
afterAll(async () => {
  await app?.close();
});

const head = () => app.eventStore.headPosition();

async function setupJobWithCandidate(client: Client) {
  const clientRes = await client.post('/api/clients', { companyName: 'Northwind Capital' });
  const jobRes = await client.post('/api/jobs', { title: 'CFO', clientId: clientRes.json.id });
  const candRes = await client.post('/api/candidates', candidateBody());
  const appRes = await client.post('/api/applications', { candidateId: candRes.json.id, jobId: jobRes.json.id });
  expect(appRes.status).toBe(201);
  return {
    clientId: clientRes.json.id as number,
    jobId: jobRes.json.id as number,
    candidateId: candRes.json.id as number,
    applicationId: appRes.json.id as number,
    position: appRes.json.position as number,
  };
}

describe('sign-in', () => {
  it('refuses signed-out calls with 401 problem+json', async () => {
    const anon = new Client(app.url);
    const user = await anon.get('/api/auth/user');
    expect(user.status).toBe(401);
    expect(user.headers.get('content-type')).toContain('application/problem+json');
    expect(ProblemSchema.parse(user.json).code).toBe('unauthorized');
    expect((await anon.post('/api/candidates', candidateBody())).status).toBe(401);
    expect((await anon.get('/api/applications')).status).toBe(401);
  });

  it('signs in with 204 and a session cookie, then knows the user; a wrong password is 401', async () => {
    const { email, password } = await createUser(app, 'recruiter', 'Sam');
    const client = new Client(app.url);
    const bad = await client.post('/api/auth/login', { email, password: 'wrong-password' });
    expect(bad.status).toBe(401);
    expect(bad.json.detail).toBe('Invalid email or password');
    const ok = await client.post('/api/auth/login', { email, password });
    expect(ok.status).toBe(204);
    expect(client.cookie).toContain('ats.sid=');
    const me = await client.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ email, firstName: 'Sam', role: 'recruiter' });
    expect(me.json.passwordHash).toBeUndefined();
    const out = await client.get('/api/logout');
    expect(out.status).toBe(302);
    expect((await client.get('/api/auth/user')).status).toBe(401);
  });

  it('serves the sign-in page', async () => {
    const page = await new Client(app.url).get('/api/login');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<form id="login"');
  });

  it('slows down repeated failed sign-ins', async () => {
    const { email } = await createUser(app, 'recruiter');
    const client = new Client(app.url);
    for (let i = 0; i < 4; i++) await client.post('/api/auth/login', { email, password: 'nope-nope' });
    const started = Date.now();
    const res = await client.post('/api/auth/login', { email, password: 'nope-nope' });
    expect(res.status).toBe(401);
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
  });
});

describe('register candidate', () => {
  it('rejects bad input with the spec messages and field paths, appending nothing', async () => {
    const before = await head();
    const res = await recruiter.post('/api/candidates', { firstName: ' ', lastName: '', email: 'not-an-email', currentTitle: '' });
    expect(res.status).toBe(400);
    const problem = ProblemSchema.parse(res.json);
    expect(problem.errors).toEqual(
      expect.arrayContaining([
        { path: 'firstName', message: 'First name is required' },
        { path: 'lastName', message: 'Last name is required' },
        { path: 'email', message: 'Valid email is required' },
        { path: 'currentTitle', message: 'Job title is required' },
      ]),
    );
    expect(await head()).toBe(before);
  });

  it('rejects malformed JSON with 400, not 500', async () => {
    const res = await recruiter.request('POST', '/api/candidates', '{"firstName":', { 'Content-Type': 'application/json' });
    expect(res.status).toBe(400);
  });

  it('registers, and a read with the returned position sees it at once', async () => {
    const body = candidateBody();
    const res = await recruiter.post('/api/candidates', body);
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ id: expect.any(Number), position: expect.any(Number) });
    const read = await recruiter.get(`/api/candidates/${res.json.id}?minPosition=${res.json.position}`);
    expect(read.status).toBe(200);
    const candidate = CandidateSchema.parse(read.json);
    expect(candidate).toMatchObject({
      firstName: 'Ada',
      email: body.email,
      skills: ['Mathematics', 'Leadership'],
      status: 'active',
      salaryExpectation: 320,
    });
    const events = await app.eventStore.readStream(`candidate-${res.json.id}`);
    expect(events.map((e) => e.type)).toEqual(['CandidateRegistered']);
    expect(events[0]!.metadata.actor).toMatchObject({ name: 'Rita Tester' });
    const list = await recruiter.get(`/api/candidates?search=${encodeURIComponent(body.email.toUpperCase())}`);
    expect(list.json.map((c: { id: number }) => c.id)).toEqual([res.json.id]);
  });

  it('refuses a second candidate with the same e-mail in another case (409)', async () => {
    const body = candidateBody();
    expect((await recruiter.post('/api/candidates', body)).status).toBe(201);
    const dup = await manager.post('/api/candidates', { ...body, email: body.email.toUpperCase() });
    expect(dup.status).toBe(409);
    expect(dup.json.code).toBe('email_taken');
  });

  it('deletes a candidate: 404 afterwards, history kept, e-mail reusable', async () => {
    const body = candidateBody();
    const created = await recruiter.post('/api/candidates', body);
    const del = await recruiter.delete(`/api/candidates/${created.json.id}`);
    expect(del.status).toBe(200);
    const gone = await recruiter.get(`/api/candidates/${created.json.id}?minPosition=${del.json.position}`);
    expect(gone.status).toBe(404);
    expect(gone.json.detail).toBe('Candidate Not Found');
    expect((await app.eventStore.readStream(`candidate-${created.json.id}`)).map((e) => e.type)).toEqual([
      'CandidateRegistered',
      'CandidateDeleted',
    ]);
    expect((await recruiter.post('/api/candidates', body)).status).toBe(201);
    expect((await recruiter.delete('/api/candidates/999999')).status).toBe(404);
    expect((await recruiter.get('/api/candidates/abc')).status).toBe(400);
  });
});

describe('notes', () => {
  it('adds a note with its author; a blank note is 400', async () => {
    const cand = await recruiter.post('/api/candidates', candidateBody());
    expect((await recruiter.post(`/api/candidates/${cand.json.id}/notes`, { content: '   ' })).status).toBe(400);
    const note = await recruiter.post(`/api/candidates/${cand.json.id}/notes`, { content: 'Strong CFO profile.' });
    expect(note.status).toBe(201);
    const notes = await recruiter.get(`/api/candidates/${cand.json.id}/notes?minPosition=${note.json.position}`);
    expect(notes.json).toEqual([expect.objectContaining({ content: 'Strong CFO profile.', authorName: 'Rita Tester' })]);
    expect((await recruiter.post('/api/candidates/999999/notes', { content: 'x' })).status).toBe(404);
  });
});

describe('roles', () => {
  it('gives an auditor 403 on every command and nothing is appended', async () => {
    const before = await head();
    for (const [method, path, body] of [
      ['POST', '/api/candidates', candidateBody()],
      ['POST', '/api/clients', { companyName: 'X' }],
      ['POST', '/api/jobs', { title: 'X' }],
      ['POST', '/api/applications', { candidateId: 1, jobId: 1 }],
      ['PATCH', '/api/applications/1/stage', { stage: 'offer' }],
      ['DELETE', '/api/candidates/1', undefined],
      ['POST', '/api/candidates/1/notes', { content: 'x' }],
    ] as const) {
      const res = await auditor.request(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect(await head()).toBe(before);
    expect((await auditor.get('/api/applications')).status).toBe(200);
  });

  it('refuses a cross-origin state-changing request', async () => {
    const res = await recruiter.post('/api/clients', { companyName: 'Evil' }, { Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
  });
});

describe('pipeline', () => {
  it('attaches a candidate to a job once; the same pair again is 409', async () => {
    const { candidateId, jobId, applicationId, position } = await setupJobWithCandidate(recruiter);
    const again = await recruiter.post('/api/applications', { candidateId, jobId });
    expect(again.status).toBe(409);
    const board = await recruiter.get(`/api/applications?job=${jobId}&minPosition=${position}`);
    const apps = board.json.map((a: unknown) => ApplicationSchema.parse(a));
    expect(apps).toEqual([
      expect.objectContaining({
        id: applicationId,
        stage: 'applied',
        job: expect.objectContaining({ title: 'CFO', client: { companyName: 'Northwind Capital' } }),
      }),
    ]);
    const jobs = await recruiter.get(`/api/candidates/${candidateId}/jobs`);
    expect(jobs.json).toEqual([expect.objectContaining({ id: jobId, title: 'CFO', status: 'open', stage: 'applied' })]);
    expect((await recruiter.post('/api/applications', { candidateId: 999999, jobId })).status).toBe(404);
  });

  it('second of two stage changes from the same fromStage gets 409 naming who moved it', async () => {
    const { applicationId } = await setupJobWithCandidate(recruiter);
    const first = await manager.patch(`/api/applications/${applicationId}/stage`, { stage: 'interview', fromStage: 'applied' });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ id: applicationId, stage: 'interview' });
    const before = await head();
    const second = await recruiter.patch(`/api/applications/${applicationId}/stage`, { stage: 'offer', fromStage: 'applied' });
    expect(second.status).toBe(409);
    const problem = StageConflictProblemSchema.parse(second.json);
    expect(problem.currentStage).toBe('interview');
    expect(problem.movedBy?.name).toBe('Maria Tester');
    expect(problem.movedAt).toEqual(expect.any(String));
    expect(problem.detail).toContain('Maria Tester moved this candidate to Interview');
    expect(await head()).toBe(before);
  });

  it('rejects an unknown stage with 400', async () => {
    const { applicationId } = await setupJobWithCandidate(recruiter);
    const res = await recruiter.patch(`/api/applications/${applicationId}/stage`, { stage: 'hired' });
    expect(res.status).toBe(400);
    expect(res.json.errors[0].path).toBe('stage');
  });

  it('filters the board by candidate search', async () => {
    const unique = `Zebulon${Date.now()}`;
    const { jobId } = await setupJobWithCandidate(recruiter);
    const cand = await recruiter.post('/api/candidates', candidateBody({ firstName: unique }));
    const attach = await recruiter.post('/api/applications', { candidateId: cand.json.id, jobId });
    const res = await recruiter.get(`/api/applications?search=${unique.toLowerCase()}&minPosition=${attach.json.position}`);
    expect(res.json).toHaveLength(1);
    expect(res.json[0].candidate.firstName).toBe(unique);
  });
});

describe('paged lists', () => {
  it('pages the board by stage, newest first, and counts each stage without deleted candidates or jobs', async () => {
    const clientRes = await recruiter.post('/api/clients', { companyName: `Paging ${Date.now()}` });
    const job = await recruiter.post('/api/jobs', { title: 'Head of Paging', clientId: clientRes.json.id });
    const ids: number[] = [];
    let position = 0;
    for (let i = 0; i < 7; i++) {
      const cand = await recruiter.post('/api/candidates', candidateBody({ firstName: `Pager${i}` }));
      const attach = await recruiter.post('/api/applications', { candidateId: cand.json.id, jobId: job.json.id });
      ids.push(cand.json.id);
      position = attach.json.position;
      if (i >= 4) position = (await recruiter.patch(`/api/applications/${attach.json.id}/stage`, { stage: 'phone_screen' })).json.position;
    }
    const q = `job=${job.json.id}&minPosition=${position}`;
    const summary = await recruiter.get(`/api/applications/summary?${q}`);
    expect(summary.status).toBe(200);
    expect(summary.json).toEqual({
      total: 7,
      stages: { applied: 4, phone_screen: 3, interview: 0, final_interview: 0, offer: 0, placed: 0, rejected: 0 },
    });
    const first = await recruiter.get(`/api/applications?${q}&stage=applied&limit=3`);
    const second = await recruiter.get(`/api/applications?${q}&stage=applied&limit=3&offset=3`);
    expect([...first.json, ...second.json].map((a: { candidateId: number }) => a.candidateId)).toEqual([ids[3], ids[2], ids[1], ids[0]]);
    expect(second.json).toHaveLength(1);

    const deleted = await recruiter.delete(`/api/candidates/${ids[0]}`);
    const after = await recruiter.get(`/api/applications/summary?job=${job.json.id}&minPosition=${deleted.json.position}`);
    expect(after.json.total).toBe(6);
    expect(after.json.stages.applied).toBe(3);
    expect((await recruiter.get(`/api/applications?job=${job.json.id}&stage=applied`)).json).toHaveLength(3);
    expect((await recruiter.get(`/api/jobs/${job.json.id}`)).json.candidateCount).toBe(6);
    const searched = await recruiter.get(`/api/applications/summary?job=${job.json.id}&search=pager5`);
    expect(searched.json).toMatchObject({ total: 1, stages: { phone_screen: 1 } });

    const removedJob = await recruiter.delete(`/api/jobs/${job.json.id}`);
    const gone = await recruiter.get(`/api/applications/summary?job=${job.json.id}&minPosition=${removedJob.json.position}`);
    expect(gone.json.total).toBe(0);
    expect(
      (await recruiter.get('/api/applications?stage=phone_screen&limit=1000')).json.some((a: { jobId: number }) => a.jobId === job.json.id),
    ).toBe(false);
  });

  it('rejects bad paging with 400 and field paths', async () => {
    for (const [path, field] of [
      ['/api/applications?limit=0', 'query.limit'],
      ['/api/applications?limit=5000', 'query.limit'],
      ['/api/applications?offset=-1', 'query.offset'],
      ['/api/applications?stage=hired', 'query.stage'],
      ['/api/candidates?limit=abc', 'query.limit'],
      ['/api/candidates/count?status=unknown', 'query.status'],
    ] as const) {
      const res = await recruiter.get(path);
      expect(res.status, path).toBe(400);
      expect(res.json.errors[0].path, path).toBe(field);
    }
  });

  it('pages candidates newest first and counts what the search and filters find', async () => {
    const tag = `Pagina${Date.now()}`;
    let position = 0;
    for (let i = 0; i < 5; i++) {
      const res = await recruiter.post(
        '/api/candidates',
        candidateBody({ lastName: tag, location: i % 2 ? 'Berlin, DE' : 'Paris, FR', skills: i < 2 ? ['Go', 'Kubernetes'] : ['React'] }),
      );
      position = res.json.position;
    }
    const page1 = await recruiter.get(`/api/candidates?search=${tag}&limit=2&minPosition=${position}`);
    const page3 = await recruiter.get(`/api/candidates?search=${tag}&limit=2&offset=4`);
    expect(page1.json).toHaveLength(2);
    expect(page3.json).toHaveLength(1);
    expect(page1.json[0].id).toBeGreaterThan(page1.json[1].id);
    expect(page3.json[0].id).toBeLessThan(page1.json[1].id);
    expect((await recruiter.get(`/api/candidates/count?search=${tag}`)).json).toEqual({ count: 5 });
    expect((await recruiter.get(`/api/candidates/count?search=${tag}&location=berlin`)).json).toEqual({ count: 2 });
    expect((await recruiter.get(`/api/candidates/count?search=${tag}&skills=kube,GO`)).json).toEqual({ count: 2 });
    expect((await recruiter.get(`/api/candidates/count?search=${tag}&hasResume=true`)).json).toEqual({ count: 0 });
    expect((await recruiter.get(`/api/candidates/count?search=${tag}&hasResume=false`)).json).toEqual({ count: 5 });
    const berlin = await recruiter.get(`/api/candidates?search=${tag}&location=BERLIN`);
    expect(berlin.json.map((c: { location: string }) => c.location)).toEqual(['Berlin, DE', 'Berlin, DE']);
  });
});

describe('activity feed', () => {
  it('derives activities from events, newest first', async () => {
    const { applicationId } = await setupJobWithCandidate(recruiter);
    const move = await manager.patch(`/api/applications/${applicationId}/stage`, { stage: 'placed' });
    const feed = await recruiter.get(`/api/dashboard/recent-activities?minPosition=${move.json.position}`);
    expect(feed.status).toBe(200);
    expect(feed.json[0]).toMatchObject({ type: 'placement', entityType: 'application', entityId: applicationId });
    expect(feed.json[0].description).toMatch(/Ada Lovelace .*placed.* CFO/);
  });
});

describe('sockets', () => {
  const open = (client: Client | null) =>
    connect(app.url, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: client ? { Cookie: client.cookie } : {},
      reconnection: false,
      forceNew: true,
    });

  it('refuses a socket without a session', async () => {
    const socket = open(null);
    const error = await new Promise<Error>((resolve) => socket.on('connect_error', resolve));
    expect(error.message).toBe('unauthorized');
    socket.close();
  });

  it('lets only admins join the team room, and tells it about user changes', async () => {
    const admin = await signedIn(app, 'admin', 'Ada');
    const adminSocket: Socket = open(admin);
    const recruiterSocket: Socket = open(recruiter);
    await Promise.all(
      [adminSocket, recruiterSocket].map(
        (s) => new Promise<void>((resolve, reject) => (s.on('connect', () => resolve()), s.on('connect_error', reject))),
      ),
    );
    expect(await recruiterSocket.emitWithAck('join', 'team')).toEqual({ ok: false, error: 'forbidden' });
    expect(await adminSocket.emitWithAck('join', 'team')).toEqual({ ok: true });
    const received = new Promise<{ readModel: string }>((resolve) =>
      adminSocket.on('changed', (msg: { readModel: string }) => msg.readModel === 'users' && resolve(msg)),
    );
    const other = await signedIn(app, 'admin', 'Otto');
    const created = await other.post('/api/users', {
      email: `team.${Date.now()}@example.com`,
      firstName: 'Nina',
      lastName: 'New',
      password: 'a-long-password-1',
    });
    expect(created.status).toBe(201);
    expect((await received).readModel).toBe('users');
    adminSocket.close();
    recruiterSocket.close();
  });

  it("delivers another user's stage change to the pipeline room", async () => {
    const { applicationId } = await setupJobWithCandidate(recruiter);
    const socket: Socket = open(manager);
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    const ack = await socket.emitWithAck('join', 'pipeline');
    expect(ack).toEqual({ ok: true });
    expect(await socket.emitWithAck('join', 'no-such-room')).toEqual({ ok: false, error: 'unknown room' });
    const received = new Promise<unknown>((resolve) =>
      socket.on('changed', (msg: { readModel: string; ids: number[] }) => {
        if (msg.readModel === 'applications' && msg.ids.includes(applicationId)) resolve(msg);
      }),
    );
    const move = await recruiter.patch(`/api/applications/${applicationId}/stage`, { stage: 'phone_screen', fromStage: 'applied' });
    const msg = ChangedMessageSchema.parse(await received);
    expect(msg.position).toBeGreaterThanOrEqual(move.json.position);
    expect(msg.actor?.name).toBe('Rita Tester');
    // the notice carries what the board needs to draw the move without reading again
    expect(msg.patches).toHaveLength(1);
    expect(msg.patches![0]).toMatchObject({
      id: applicationId,
      fields: { stage: 'phone_screen', stageChangedBy: { name: 'Rita Tester' } },
    });
    expect(msg.patches![0]!.revision).toBeLessThanOrEqual(msg.position);
    expect(Object.keys(msg.patches![0]!.fields)).toEqual(expect.arrayContaining(['candidateId', 'jobId', 'stage']));
    socket.close();
  });
});
