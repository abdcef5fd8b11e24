import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemSchema, TaskItemSchema, TaskPageSchema, type TaskItem } from '@ats/contracts';
import type { Standalone } from '../src/server';
import { type Client, candidateBody, signedIn, startTestApp } from './support/test-app';

let app: Standalone;
type Member = Awaited<ReturnType<typeof signedIn>> & { id: string };
let dana: Member;
let ben: Member;
let auditor: Member;

async function member(role: 'recruiter' | 'manager' | 'auditor', name: string): Promise<Member> {
  const client = await signedIn(app, role, name);
  const me = await client.get('/api/auth/user');
  return Object.assign(client, { id: (me.json as { id: string }).id });
}

beforeAll(async () => {
  app = await startTestApp();
  dana = await member('recruiter', 'Dana');
  ben = await member('manager', 'Ben');
  auditor = await member('auditor', 'Audrey');
});
afterAll(async () => {
  await app?.close();
});

const read = (client: Client, path: string, position: number) =>
  client.get(`${path}${path.includes('?') ? '&' : '?'}minPosition=${position}`);

function expectProblem(res: { status: number; json: any; headers: Headers }, status: number) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toContain('application/problem+json');
  return ProblemSchema.parse(res.json);
}

async function typesSince(before: number) {
  return (await app.eventStore.readAll({ after: before, limit: 1000 })).filter((e) => !e.stream.startsWith('ids-')).map((e) => e.type);
}

async function createTask(client: Client, body: Record<string, unknown>) {
  const res = await client.post('/api/tasks', body);
  expect(res.status).toBe(201);
  return res.json as { id: number; position: number };
}

async function getTask(client: Client, id: number, position: number): Promise<TaskItem> {
  const res = await read(client, `/api/tasks/${id}`, position);
  expect(res.status).toBe(200);
  return TaskItemSchema.parse(res.json);
}

const today = new Date().toISOString().slice(0, 10);

describe('tasks through the HTTP API', () => {
  it('creates a task about a candidate, assigned to a team member; reads it with names joined', async () => {
    const candidate = await dana.post('/api/candidates', candidateBody({ firstName: 'Jane', lastName: 'Doe' }));
    expect(candidate.status).toBe(201);
    const before = await app.eventStore.headPosition();
    const task = await createTask(dana, {
      title: 'Call Jane back',
      dueDate: today,
      priority: 'high',
      assignedTo: ben.id,
      relatedTo: { kind: 'candidate', id: candidate.json.id },
    });
    expect(await typesSince(before)).toEqual(['TaskCreated']);
    const read1 = await getTask(dana, task.id, task.position);
    expect(read1).toMatchObject({
      title: 'Call Jane back',
      priority: 'high',
      status: 'pending',
      assignedTo: ben.id,
      assigneeName: 'Ben Tester',
      relatedTo: { kind: 'candidate', id: candidate.json.id },
      relatedLabel: 'Jane Doe',
      createdBy: dana.id,
      revision: 0,
    });
    // the assignee is told
    const bell = await read(ben, '/api/notifications', task.position);
    expect((bell.json as { items: Array<{ title: string }> }).items.map((n) => n.title)).toContain(
      'Dana Tester assigned you: Call Jane back',
    );
  });

  it('offers the team members a task can go to: not the auditors, who only read', async () => {
    const members = (await dana.get('/api/team-members')).json as Array<{ id: string; name: string }>;
    expect(members.map((m) => m.id)).toEqual(expect.arrayContaining([dana.id, ben.id]));
    expect(members.map((m) => m.id)).not.toContain(auditor.id);
  });

  it('refuses bad input with field paths (400), a stranger as assignee, and a missing related record', async () => {
    const noTitle = expectProblem(await dana.post('/api/tasks', { title: '  ', dueDate: 'tomorrow' }), 400);
    expect((noTitle as any).errors.map((e: { path: string }) => e.path)).toEqual(expect.arrayContaining(['title', 'dueDate']));
    const badKind = expectProblem(await dana.post('/api/tasks', { title: 'x', relatedTo: { kind: 'invoice', id: 1 } }), 400);
    expect((badKind as any).errors[0].path).toBe('relatedTo.kind');
    const stranger = expectProblem(await dana.post('/api/tasks', { title: 'x', assignedTo: 'not-a-user' }), 400);
    expect((stranger as any).errors).toEqual([{ path: 'assignedTo', message: 'Choose a member of the team' }]);
    // an auditor only reads: the API refuses a task for one, as the picker does not offer them
    const toAuditor = expectProblem(await dana.post('/api/tasks', { title: 'x', assignedTo: auditor.id }), 400);
    expect((toAuditor as any).errors).toEqual([{ path: 'assignedTo', message: 'Choose a member of the team' }]);
    const task = await createTask(dana, { title: 'Chase references', assignedTo: dana.id });
    const moved = expectProblem(await dana.post(`/api/tasks/${task.id}/reassign`, { assignedTo: auditor.id }), 400);
    expect((moved as any).errors).toEqual([{ path: 'assignedTo', message: 'Choose a member of the team' }]);
    const missing = expectProblem(await dana.post('/api/tasks', { title: 'x', relatedTo: { kind: 'job', id: 999999 } }), 400);
    expect((missing as any).errors[0].path).toBe('relatedTo');
    expectProblem(await dana.patch('/api/tasks/1', { title: '' }), 400);
    expectProblem(await dana.post('/api/tasks/1/reassign', {}), 400);
    expectProblem(await dana.get('/api/tasks?due=yesterday&related=invoice:3'), 400);
  });

  it('edits details with baseRevision: a field someone else changed meanwhile is a 409 edit_conflict', async () => {
    const task = await createTask(dana, { title: 'Send shortlist', assignedTo: dana.id });
    const seen = await getTask(dana, task.id, task.position);
    const benEdit = await ben.patch(`/api/tasks/${task.id}`, { priority: 'high', baseRevision: seen.revision });
    expect(benEdit.status).toBe(200);
    const conflict = expectProblem(await dana.patch(`/api/tasks/${task.id}`, { priority: 'low', baseRevision: seen.revision }), 409);
    expect(conflict.code).toBe('edit_conflict');
    expect(conflict.detail).toMatch(/Ben Tester changed priority/);
    // a field nobody else touched is merged in
    const merged = await dana.patch(`/api/tasks/${task.id}`, { title: 'Send the shortlist', dueDate: today, baseRevision: seen.revision });
    expect(merged.status).toBe(200);
    expect(await getTask(dana, task.id, merged.json.position)).toMatchObject({
      title: 'Send the shortlist',
      priority: 'high',
      dueDate: today,
      revision: 2,
      updatedBy: { id: dana.id, name: 'Dana Tester' },
    });
    expectProblem(await dana.patch('/api/tasks/999999', { title: 'x' }), 404);
  });

  it('reassigns, completes, deletes and restores the same task; lists follow', async () => {
    const task = await createTask(dana, { title: 'Chase references', assignedTo: dana.id, dueDate: '2020-01-06' });
    const mine = async (client: Client, position: number, query = '') => {
      const res = await read(client, `/api/tasks?scope=mine${query}`, position);
      expect(res.status).toBe(200);
      return TaskPageSchema.parse(res.json).items.map((t) => t.id);
    };
    expect(await mine(dana, task.position)).toContain(task.id);
    expect(await mine(dana, task.position, '&due=overdue')).toContain(task.id);
    expect(await mine(dana, task.position, '&due=today')).not.toContain(task.id);

    const before = await app.eventStore.headPosition();
    const moved = await dana.post(`/api/tasks/${task.id}/reassign`, { assignedTo: ben.id });
    expect(moved.status).toBe(200);
    expect(await mine(dana, moved.json.position)).not.toContain(task.id);
    expect(await mine(ben, moved.json.position)).toContain(task.id);
    expectProblem(await dana.post(`/api/tasks/${task.id}/reassign`, { assignedTo: 'stranger' }), 400);

    const done = await ben.request('PUT', `/api/tasks/${task.id}`, { status: 'completed' });
    expect(done.status).toBe(200);
    expect(await mine(ben, done.json.position)).not.toContain(task.id);
    expect(await mine(ben, done.json.position, '&status=completed')).toContain(task.id);

    const deleted = await ben.delete(`/api/tasks/${task.id}`);
    expect(deleted.status).toBe(200);
    expectProblem(await read(ben, `/api/tasks/${task.id}`, deleted.json.position), 404);
    expect(await mine(ben, deleted.json.position, '&status=all')).not.toContain(task.id);
    expectProblem(await ben.delete(`/api/tasks/${task.id}`), 404);

    const restored = await ben.post(`/api/tasks/${task.id}/restore`, {});
    expect(restored.status).toBe(200);
    expect(await getTask(ben, task.id, restored.json.position)).toMatchObject({
      title: 'Chase references',
      status: 'completed',
      assignedTo: ben.id,
    });
    expectProblem(await ben.post(`/api/tasks/${task.id}/restore`, {}), 409);
    expect(await typesSince(before)).toEqual(['TaskReassigned', 'TaskStatusChanged', 'TaskDeleted', 'TaskRestored']);
  });

  it('filters by related record, priority and text, and pages with a cursor', async () => {
    const job = await dana.post('/api/jobs', { title: 'Chief Risk Officer' });
    expect(job.status).toBe(201);
    let last = 0;
    for (let i = 0; i < 3; i++) {
      last = (
        await createTask(dana, {
          title: `Job task ${i}`,
          priority: i === 0 ? 'low' : 'medium',
          relatedTo: { kind: 'job', id: job.json.id },
        })
      ).position;
    }
    const page = async (query: string) => TaskPageSchema.parse((await read(dana, `/api/tasks?${query}`, last)).json);
    const all = await page(`related=job:${job.json.id}`);
    expect(all.items.map((t) => t.relatedLabel)).toEqual(['Chief Risk Officer', 'Chief Risk Officer', 'Chief Risk Officer']);
    expect((await page(`related=job:${job.json.id}&priority=low`)).items.map((t) => t.title)).toEqual(['Job task 0']);
    expect((await page(`related=job&q=${encodeURIComponent('Job task 2')}`)).items.map((t) => t.title)).toEqual(['Job task 2']);
    const first = await page(`related=job:${job.json.id}&limit=2`);
    expect(first.items).toHaveLength(2);
    expect(first.total).toBe(3);
    const second = await page(`related=job:${job.json.id}&limit=2&cursor=${first.nextCursor}`);
    expect(second.items).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
  });

  it('lets the auditor read tasks but not change them (403)', async () => {
    const task = await createTask(dana, { title: 'Audit me' });
    expect((await read(auditor, '/api/tasks?scope=all', task.position)).status).toBe(200);
    expect((await read(auditor, `/api/tasks/${task.id}`, task.position)).status).toBe(200);
    expectProblem(await auditor.post('/api/tasks', { title: 'no' }), 403);
    expectProblem(await auditor.patch(`/api/tasks/${task.id}`, { title: 'no' }), 403);
    expectProblem(await auditor.post(`/api/tasks/${task.id}/reassign`, { assignedTo: null }), 403);
    expectProblem(await auditor.delete(`/api/tasks/${task.id}`), 403);
    expectProblem(await auditor.post(`/api/tasks/${task.id}/restore`, {}), 403);
  });
});
