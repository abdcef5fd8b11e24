import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DashboardInterviewSchema,
  EditConflictProblemSchema,
  InterviewConflictsSchema,
  InterviewDetailSchema,
  InterviewListSchema,
  ProblemSchema,
} from '@ats/contracts';
import type { Standalone } from '../src/server';
import { type Client, candidateBody, signedIn, startTestApp } from './support/test-app';

let app: Standalone;
let ann: Awaited<ReturnType<typeof signedIn>>;
let riley: Awaited<ReturnType<typeof signedIn>>;
let auditor: Awaited<ReturnType<typeof signedIn>>;
let rileyId: string;

beforeAll(async () => {
  app = await startTestApp();
  ann = await signedIn(app, 'recruiter', 'Ann');
  riley = await signedIn(app, 'recruiter', 'Riley');
  auditor = await signedIn(app, 'auditor', 'Audrey');
  rileyId = (await riley.get('/api/auth/user')).json.id as string;
});
afterAll(async () => {
  await app?.close();
});

const head = () => app.eventStore.headPosition();
const read = (client: Client, path: string, position: number) =>
  client.get(`${path}${path.includes('?') ? '&' : '?'}minPosition=${position}`);

/** Runs a request and returns it with the domain event types it appended (id allocations left out). */
async function withEvents<T>(fn: () => Promise<T>) {
  const before = await head();
  const res = await fn();
  const events = (await app.eventStore.readAll({ after: before, limit: 1000 })).filter((e) => !e.stream.startsWith('ids-'));
  return { res, types: events.map((e) => e.type), events };
}

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
  return res.json as { code: string; detail: string };
}

async function fixture() {
  const client = await ann.post('/api/clients', { companyName: `Globex ${randomUUID().slice(0, 6)}` });
  const job = await ann.post('/api/jobs', { title: 'Chief Operating Officer', clientId: client.json.id });
  const cand = await ann.post('/api/candidates', candidateBody({ firstName: 'Grace', lastName: 'Hopper' }));
  expect([client.status, job.status, cand.status]).toEqual([201, 201, 201]);
  return { clientId: client.json.id as number, jobId: job.json.id as number, candidateId: cand.json.id as number };
}

const at = (daysFromNow: number, hourUtc: number) => {
  const d = new Date(Date.now() + daysFromNow * 86_400_000);
  d.setUTCHours(hourUtc, 0, 0, 0);
  return d.toISOString();
};

describe('schedule with interviewers, video link and time zone', () => {
  it('records the list, keeps interviewerName readable, and reads back with names joined', async () => {
    const f = await fixture();
    const { res, types, events } = await withEvents(() =>
      ann.post('/api/interviews', {
        candidateId: f.candidateId,
        jobId: f.jobId,
        scheduledAt: at(2, 9),
        type: 'video',
        interviewers: [{ userId: rileyId, name: 'Riley Tester' }, { name: ' Dana Board ' }],
        videoLink: 'https://meet.example.com/abc',
        timeZone: 'Europe/Paris',
      }),
    );
    expect(res.status).toBe(201);
    expect(types).toEqual(['InterviewScheduled']);
    expect(events[0]!.data).toMatchObject({
      interviewerName: 'Riley Tester, Dana Board',
      interviewers: [
        { userId: rileyId, name: 'Riley Tester' },
        { userId: null, name: 'Dana Board' },
      ],
      videoLink: 'https://meet.example.com/abc',
      timeZone: 'Europe/Paris',
    });
    const detail = InterviewDetailSchema.parse((await read(ann, `/api/interviews/${res.json.id}`, res.json.position)).json);
    expect(detail).toMatchObject({
      status: 'scheduled',
      revision: 0,
      sequence: 0,
      interviewerIds: [rileyId],
      candidate: { id: f.candidateId, firstName: 'Grace', lastName: 'Hopper' },
      job: { id: f.jobId, title: 'Chief Operating Officer' },
      client: { id: f.clientId },
      endsAt: new Date(new Date(at(2, 9)).getTime() + 60 * 60_000).toISOString(),
    });
    // the old single name still works: one free-text interviewer
    const old = await ann.post('/api/interviews', { candidateId: f.candidateId, scheduledAt: at(3, 9), interviewerName: 'Pat Old' });
    const oldDetail = InterviewDetailSchema.parse((await read(ann, `/api/interviews/${old.json.id}`, old.json.position)).json);
    expect(oldDetail.interviewers).toEqual([{ userId: null, name: 'Pat Old' }]);
    expect(oldDetail.interviewerName).toBe('Pat Old');
  });

  it('refuses bad input with field paths, unknown records with 404, and the auditor with 403', async () => {
    const f = await fixture();
    await expectRejected(
      () => ann.post('/api/interviews', { candidateId: f.candidateId, scheduledAt: at(1, 9), interviewers: [{ name: ' ' }] }),
      400,
      {
        path: 'interviewers.0.name',
        message: 'Interviewer name is required',
      },
    );
    await expectRejected(
      () =>
        ann.post('/api/interviews', {
          candidateId: f.candidateId,
          scheduledAt: at(1, 9),
          interviewers: [{ name: 'Free Text' }, { userId: 'no-such-user', name: 'Nobody' }],
        }),
      400,
      { path: 'interviewers.1.userId', message: 'Choose a member of the team' },
    );
    await expectRejected(
      () => ann.post('/api/interviews', { candidateId: f.candidateId, scheduledAt: at(1, 9), videoLink: 'javascript:alert(1)' }),
      400,
    );
    await expectRejected(
      () => ann.post('/api/interviews', { candidateId: f.candidateId, scheduledAt: at(1, 9), timeZone: 'Mars/Olympus' }),
      400,
      {
        path: 'timeZone',
        message: 'Unknown time zone',
      },
    );
    await expectRejected(() => ann.post('/api/interviews', { candidateId: 999_999, scheduledAt: at(1, 9) }), 404);
    await expectRejected(() => auditor.post('/api/interviews', { candidateId: f.candidateId, scheduledAt: at(1, 9) }), 403);
  });
});

describe('the lifecycle: reschedule, cancel, reinstate, complete, edit', () => {
  it('reschedules (sequence bumps), refuses stale reschedules, cancels with undo, completes with feedback', async () => {
    const f = await fixture();
    const created = await ann.post('/api/interviews', { candidateId: f.candidateId, jobId: f.jobId, scheduledAt: at(4, 10) });
    const id = created.json.id as number;

    const moved = await withEvents(() =>
      ann.post(`/api/interviews/${id}/reschedule`, { scheduledAt: at(4, 14), duration: 45, reason: 'Clash', baseRevision: 0 }),
    );
    expect(moved.res.status).toBe(200);
    expect(moved.types).toEqual(['InterviewRescheduled']);
    expect(moved.events[0]!.data).toEqual({
      interviewId: id,
      candidateId: f.candidateId,
      jobId: f.jobId,
      fromAt: at(4, 10),
      scheduledAt: at(4, 14),
      duration: 45,
      reason: 'Clash',
    });
    const afterMove = InterviewDetailSchema.parse((await read(ann, `/api/interviews/${id}`, moved.res.json.position)).json);
    expect(afterMove).toMatchObject({ scheduledAt: at(4, 14), duration: 45, revision: 1, sequence: 1, updatedBy: { name: ann.user.name } });

    // Riley moves it from the revision he saw before Ann's move: a 409 naming Ann
    const stale = await expectRejected(
      () => riley.post(`/api/interviews/${id}/reschedule`, { scheduledAt: at(4, 16), baseRevision: 0 }),
      409,
    );
    const conflict = EditConflictProblemSchema.parse(stale);
    expect(conflict.conflicts[0]).toMatchObject({ field: 'scheduledAt', theirs: at(4, 14), by: { name: ann.user.name } });
    // the same time again is nothing to record
    expect((await withEvents(() => ann.post(`/api/interviews/${id}/reschedule`, { scheduledAt: at(4, 14) }))).types).toEqual([]);

    await expectRejected(() => ann.post(`/api/interviews/${id}/cancel`, { reason: '  ' }), 400, {
      path: 'reason',
      message: 'A reason is required',
    });
    const cancelled = await withEvents(() => ann.post(`/api/interviews/${id}/cancel`, { reason: 'Candidate withdrew' }));
    expect(cancelled.types).toEqual(['InterviewCancelled']);
    const afterCancel = InterviewDetailSchema.parse((await read(ann, `/api/interviews/${id}`, cancelled.res.json.position)).json);
    expect(afterCancel).toMatchObject({ status: 'cancelled', cancelReason: 'Candidate withdrew', sequence: 2 });
    expect((await expectRejected(() => ann.post(`/api/interviews/${id}/reschedule`, { scheduledAt: at(5, 9) }), 409)).code).toBe(
      'interview_cancelled',
    );
    expect((await expectRejected(() => ann.post(`/api/interviews/${id}/complete`, { feedback: 'x', rating: 3 }), 409)).code).toBe(
      'interview_cancelled',
    );
    expect((await expectRejected(() => ann.post(`/api/interviews/${id}/cancel`, { reason: 'again' }), 409)).code).toBe(
      'interview_cancelled',
    );
    expect((await expectRejected(() => ann.patch(`/api/interviews/${id}`, { notes: 'x' }), 409)).code).toBe('interview_cancelled');

    const undone = await withEvents(() => ann.post(`/api/interviews/${id}/reinstate`));
    expect(undone.types).toEqual(['InterviewReinstated']);
    expect((await expectRejected(() => ann.post(`/api/interviews/${id}/reinstate`), 409)).code).toBe('interview_not_cancelled');

    await expectRejected(() => ann.post(`/api/interviews/${id}/complete`, { feedback: 'Strong', rating: 6 }), 400, {
      path: 'rating',
      message: 'Choose a rating from 1 to 5',
    });
    await expectRejected(() => ann.post(`/api/interviews/${id}/complete`, { rating: 4 }), 400, {
      path: 'feedback',
      message: 'Feedback is required',
    });
    const done = await withEvents(() =>
      ann.post(`/api/interviews/${id}/complete`, { feedback: 'Strong operator', rating: 4, outcome: 'advance' }),
    );
    expect(done.types).toEqual(['InterviewCompleted']);
    const afterDone = InterviewDetailSchema.parse((await read(ann, `/api/interviews/${id}`, done.res.json.position)).json);
    expect(afterDone).toMatchObject({
      status: 'completed',
      feedback: 'Strong operator',
      rating: 4,
      outcome: 'advance',
      cancelReason: null,
    });
    expect(afterDone.completedAt).toEqual(expect.any(String));
    expect((await expectRejected(() => ann.post(`/api/interviews/${id}/reschedule`, { scheduledAt: at(6, 9) }), 409)).code).toBe(
      'interview_completed',
    );
    expect((await expectRejected(() => ann.post(`/api/interviews/${id}/complete`, { feedback: 'x', rating: 3 }), 409)).code).toBe(
      'interview_completed',
    );
    expect((await expectRejected(() => ann.post(`/api/interviews/${id}/cancel`, { reason: 'x' }), 409)).code).toBe('interview_completed');

    for (const path of ['reschedule', 'cancel', 'complete', 'reinstate']) {
      await expectRejected(
        () => ann.post(`/api/interviews/999999/${path}`, { scheduledAt: at(1, 1), reason: 'x', feedback: 'x', rating: 3 }),
        404,
      );
      await expectRejected(
        () => auditor.post(`/api/interviews/${id}/${path}`, { scheduledAt: at(1, 1), reason: 'x', feedback: 'x', rating: 3 }),
        403,
      );
    }
  });

  it('edits details with baseRevision: merges other fields, 409 on the same field', async () => {
    const f = await fixture();
    const created = await ann.post('/api/interviews', { candidateId: f.candidateId, scheduledAt: at(5, 10), notes: 'Bring CV' });
    const id = created.json.id as number;
    const edit = await withEvents(() => riley.patch(`/api/interviews/${id}`, { location: 'Room 4', baseRevision: 0 }));
    expect(edit.res.status).toBe(200);
    expect(edit.types).toEqual(['InterviewDetailsChanged']);
    expect(edit.events[0]!.data).toEqual({ interviewId: id, candidateId: f.candidateId, jobId: null, changes: { location: 'Room 4' } });
    const refused = await expectRejected(() => ann.patch(`/api/interviews/${id}`, { location: 'Room 9', baseRevision: 0 }), 409);
    expect(EditConflictProblemSchema.parse(refused).conflicts.map((c) => [c.field, c.yours, c.theirs])).toEqual([
      ['location', 'Room 9', 'Room 4'],
    ]);
    const merged = await ann.patch(`/api/interviews/${id}`, {
      type: 'panel',
      interviewers: [{ userId: rileyId, name: 'Riley Tester' }],
      videoLink: 'meet.example.com/x',
      notes: '',
      baseRevision: 0,
    });
    expect(merged.status).toBe(200);
    const after = InterviewDetailSchema.parse((await read(ann, `/api/interviews/${id}`, merged.json.position)).json);
    expect(after).toMatchObject({
      type: 'panel',
      location: 'Room 4',
      notes: null,
      videoLink: 'meet.example.com/x',
      interviewerIds: [rileyId],
      sequence: 2,
    });
    await expectRejected(() => ann.patch(`/api/interviews/${id}`, { videoLink: 'ftp://x' }), 400);
    await expectRejected(() => ann.patch('/api/interviews/999999', { notes: 'x' }), 404);
    await expectRejected(() => auditor.patch(`/api/interviews/${id}`, { notes: 'x' }), 403);
  });
});

describe('reads: the range list, one interview, conflicts', () => {
  it('lists by range and filters; the detail is 404 for an unknown id', async () => {
    const f = await fixture();
    const other = await fixture();
    const inRange = await ann.post('/api/interviews', {
      candidateId: f.candidateId,
      jobId: f.jobId,
      scheduledAt: at(10, 9),
      interviewers: [{ userId: rileyId, name: 'Riley Tester' }],
    });
    const overlapsStart = await ann.post('/api/interviews', { candidateId: f.candidateId, scheduledAt: at(10, 7), duration: 180 });
    await ann.post('/api/interviews', { candidateId: f.candidateId, scheduledAt: at(12, 9) });
    const otherJob = await riley.post('/api/interviews', { candidateId: other.candidateId, jobId: other.jobId, scheduledAt: at(10, 11) });
    const from = at(10, 8);
    const to = at(11, 0);
    const range = InterviewListSchema.parse(
      (await read(auditor, `/api/interviews?from=${from}&to=${to}&candidate=${f.candidateId}`, otherJob.json.position)).json,
    );
    expect(range.items.map((i) => i.id)).toEqual([overlapsStart.json.id, inRange.json.id]);
    expect(range.truncated).toBe(false);
    const byClient = InterviewListSchema.parse((await ann.get(`/api/interviews?from=${from}&to=${to}&client=${other.clientId}`)).json);
    expect(byClient.items.map((i) => i.id)).toEqual([otherJob.json.id]);
    expect(byClient.items[0]).toMatchObject({ candidate: { id: other.candidateId }, job: { id: other.jobId } });
    const byJob = InterviewListSchema.parse((await ann.get(`/api/interviews?job=${f.jobId}`)).json);
    expect(byJob.items.map((i) => i.id)).toEqual([inRange.json.id]);
    const byInterviewer = InterviewListSchema.parse((await ann.get(`/api/interviews?from=${from}&to=${to}&interviewer=${rileyId}`)).json);
    expect(byInterviewer.items.map((i) => i.id)).toEqual([inRange.json.id]);
    const rileysOwn = InterviewListSchema.parse((await ann.get(`/api/interviews?from=${from}&to=${to}&createdBy=${rileyId}`)).json);
    expect(rileysOwn.items.map((i) => i.id)).toEqual([otherJob.json.id]);
    const c = await ann.post(`/api/interviews/${overlapsStart.json.id}/cancel`, { reason: 'No longer needed' });
    const scheduledOnly = InterviewListSchema.parse(
      (await read(ann, `/api/interviews?candidate=${f.candidateId}&status=scheduled`, c.json.position)).json,
    );
    expect(scheduledOnly.items.map((i) => i.id)).not.toContain(overlapsStart.json.id);
    const limited = InterviewListSchema.parse((await ann.get(`/api/interviews?candidate=${f.candidateId}&limit=1`)).json);
    expect(limited).toMatchObject({ truncated: true });
    expect(limited.items).toHaveLength(1);

    const bad = await ann.get('/api/interviews?from=yesterday&status=postponed');
    expect(bad.status).toBe(400);
    expect(ProblemSchema.parse(bad.json).errors?.map((e) => e.path)).toEqual(expect.arrayContaining(['query.from', 'query.status.0']));
    expect((await ann.get('/api/interviews/999999')).status).toBe(404);
    // every role may read who can be picked as an interviewer (the user list itself is the admin's)
    const team = await auditor.get('/api/interviews/interviewer-options');
    expect(team.status).toBe(200);
    expect(team.json).toEqual(expect.arrayContaining([{ id: rileyId, name: riley.user.name }]));
    expect((await auditor.get('/api/users')).status).toBe(403);
    expect((await ann.get('/api/interviews/abc')).status).toBe(400);
  });

  it('names who is already booked: the candidate and team or free-text interviewers, not the interview itself nor cancelled ones', async () => {
    const f = await fixture();
    const booked = await ann.post('/api/interviews', {
      candidateId: f.candidateId,
      jobId: f.jobId,
      scheduledAt: at(20, 10),
      interviewers: [{ userId: rileyId, name: 'Riley Tester' }, { name: 'Dana Board' }],
    });
    const other = await fixture();
    const q = (params: string) => read(ann, `/api/interviews/conflicts?${params}`, booked.json.position);
    const both = InterviewConflictsSchema.parse(
      (await q(`scheduledAt=${at(20, 10).replace('T10:00', 'T10:30')}&duration=60&candidateId=${f.candidateId}&interviewerIds=${rileyId}`))
        .json,
    );
    expect(both.conflicts.map((c) => [c.person.kind, c.person.name])).toEqual([
      ['candidate', 'Grace Hopper'],
      ['interviewer', 'Riley Tester'],
    ]);
    expect(both.conflicts[0]!.interview).toMatchObject({
      id: booked.json.id,
      scheduledAt: at(20, 10),
      jobTitle: 'Chief Operating Officer',
    });
    const byName = InterviewConflictsSchema.parse(
      (await q(`scheduledAt=${at(20, 9)}&duration=90&candidateId=${other.candidateId}&interviewerNames=dana board`)).json,
    );
    expect(byName.conflicts.map((c) => c.person.name)).toEqual(['Dana Board']);
    // back to back is no conflict; the interview being rescheduled does not conflict with itself
    expect(InterviewConflictsSchema.parse((await q(`scheduledAt=${at(20, 11)}&candidateId=${f.candidateId}`)).json).conflicts).toEqual([]);
    expect(
      InterviewConflictsSchema.parse((await q(`scheduledAt=${at(20, 10)}&candidateId=${f.candidateId}&excludeId=${booked.json.id}`)).json)
        .conflicts,
    ).toEqual([]);
    const c = await ann.post(`/api/interviews/${booked.json.id}/cancel`, { reason: 'Moved' });
    expect(
      InterviewConflictsSchema.parse(
        (await read(ann, `/api/interviews/conflicts?scheduledAt=${at(20, 10)}&candidateId=${f.candidateId}`, c.json.position)).json,
      ).conflicts,
    ).toEqual([]);
    const bad = await ann.get('/api/interviews/conflicts?duration=0');
    expect(bad.status).toBe(400);
    expect(ProblemSchema.parse(bad.json).errors?.map((e) => e.path)).toEqual(
      expect.arrayContaining(['query.scheduledAt', 'query.duration']),
    );
  });

  it("fills the dashboard's Today's Interviews with the new fields and leaves cancelled ones out", async () => {
    const f = await fixture();
    const now = new Date().toISOString();
    const created = await ann.post('/api/interviews', {
      candidateId: f.candidateId,
      scheduledAt: now,
      interviewers: [{ name: 'Dana Board' }],
    });
    const today = ((await read(ann, '/api/dashboard/todays-interviews?tz=UTC', created.json.position)).json as unknown[]).map((i) =>
      DashboardInterviewSchema.parse(i),
    );
    expect(today.find((i) => i.id === created.json.id)).toMatchObject({ interviewerName: 'Dana Board', status: 'scheduled' });
    const c = await ann.post(`/api/interviews/${created.json.id}/cancel`, { reason: 'Ill' });
    const later = ((await read(ann, '/api/dashboard/todays-interviews?tz=UTC', c.json.position)).json as unknown[]).map((i) =>
      DashboardInterviewSchema.parse(i),
    );
    expect(later.some((i) => i.id === created.json.id)).toBe(false);
  });
});

describe('team interviewers are active members of the team', () => {
  it('refuses a deactivated member on a new interview or added by an edit, but keeps one already on it', async () => {
    const f = await fixture();
    const admin = await signedIn(app, 'admin', 'Ada');
    const leaver = await signedIn(app, 'recruiter', 'Lee');
    const leaverId = (await leaver.get('/api/auth/user')).json.id as string;
    const booked = await ann.post('/api/interviews', {
      candidateId: f.candidateId,
      scheduledAt: at(5, 9),
      interviewers: [{ userId: leaverId, name: 'Lee Tester' }],
    });
    expect(booked.status).toBe(201);
    const other = await ann.post('/api/interviews', { candidateId: f.candidateId, scheduledAt: at(5, 13) });
    expect(other.status).toBe(201);
    expect((await admin.patch(`/api/users/${leaverId}`, { active: false })).status).toBe(200);

    const withLeaver = [{ name: 'Dana Board' }, { userId: leaverId, name: 'Lee Tester' }];
    await expectRejected(
      () => ann.post('/api/interviews', { candidateId: f.candidateId, scheduledAt: at(6, 9), interviewers: withLeaver }),
      400,
      {
        path: 'interviewers.1.userId',
        message: 'Choose a member of the team',
      },
    );
    await expectRejected(() => ann.patch(`/api/interviews/${other.json.id}`, { interviewers: withLeaver }), 400, {
      path: 'interviewers.1.userId',
      message: 'Choose a member of the team',
    });
    // the interview Lee was already on can still be edited with Lee on it
    const { res, types } = await withEvents(() =>
      ann.patch(`/api/interviews/${booked.json.id}`, { interviewers: withLeaver, notes: 'Panel' }),
    );
    expect(res.status).toBe(200);
    expect(types).toEqual(['InterviewDetailsChanged']);
  });
});
