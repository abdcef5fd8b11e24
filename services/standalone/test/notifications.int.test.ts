import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotificationPageSchema, ProblemSchema } from '@ats/contracts';
import type { Standalone } from '../src/server';
import { candidateBody, signedIn, startTestApp } from './support/test-app';

// The bell over the real stores: who is told what, read marks as events, preferences, follow.

let app: Standalone;
let ann: Awaited<ReturnType<typeof signedIn>>;
let ben: Awaited<ReturnType<typeof signedIn>>;
let auditor: Awaited<ReturnType<typeof signedIn>>;
let position = 0;

beforeAll(async () => {
  app = await startTestApp();
  ann = await signedIn(app, 'recruiter', 'Ann');
  ben = await signedIn(app, 'manager', 'Ben');
  auditor = await signedIn(app, 'auditor', 'Otto');
});
afterAll(async () => {
  await app?.close();
});

type Who = typeof ann;
async function send(who: Who, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown, status = [200, 201]) {
  const res = await who.request(method, path, body);
  expect(status, `${method} ${path}: ${JSON.stringify(res.json)}`).toContain(res.status);
  // a refused command (problem+json) has no position: keep the last one (NaN would turn read-your-writes off)
  const written = (res.json as { position?: unknown } | null)?.position;
  if (typeof written === 'number') position = Math.max(position, written);
  return res.json as { id?: number; position: number };
}
async function bell(who: Who, query = '') {
  const res = await who.get(`/api/notifications?minPosition=${position}${query}`);
  expect(res.status).toBe(200);
  return NotificationPageSchema.parse(res.json);
}
async function unread(who: Who) {
  const res = await who.get(`/api/notifications/unread-count?minPosition=${position}`);
  expect(res.status).toBe(200);
  return (res.json as { count: number }).count;
}

describe('notifications behind the bell', () => {
  it("tells me of others' moves and notes on my candidates, not of my own; live read marks and paging", async () => {
    const { id: candidateId } = await send(ann, 'POST', '/api/candidates', candidateBody({ firstName: 'Nora', lastName: 'Notify' }));
    const { id: jobId } = await send(ben, 'POST', '/api/jobs', { title: 'Chief Notification Officer' });
    const { id: applicationId } = await send(ann, 'POST', '/api/applications', { candidateId, jobId });
    expect(await unread(ann)).toBe(0);

    await send(ben, 'PATCH', `/api/applications/${applicationId}/stage`, { stage: 'interview' });
    await send(ben, 'POST', `/api/candidates/${candidateId}/notes`, { content: 'Great references' });
    await send(ann, 'POST', `/api/candidates/${candidateId}/notes`, { content: 'My own note' });
    const page = await bell(ann);
    expect(page.items.map((n) => [n.kind, n.title, n.read])).toEqual([
      ['notes', 'Note on Nora Notify', false],
      ['moves', 'Nora Notify moved to Interview', false],
    ]);
    expect(page.items[1]).toMatchObject({
      body: 'Chief Notification Officer',
      url: `/candidates/${candidateId}`,
      actor: { name: 'Ben Tester' },
    });
    expect(page.unread).toBe(2);
    // Ben owns the job: Ann's own note is not on it, her attaching is not a move; Ben's own move is not news to him
    expect((await bell(ben)).items).toEqual([]);

    // reading one, then all; both survive as events (a fresh read shows them)
    await send(ann, 'POST', '/api/notifications/read', { ids: [page.items[0]!.id] });
    expect(await unread(ann)).toBe(1);
    expect((await bell(ann)).items.map((n) => n.read)).toEqual([true, false]);
    await send(ann, 'POST', '/api/notifications/read-all');
    expect(await unread(ann)).toBe(0);
    await send(ben, 'POST', `/api/candidates/${candidateId}/notes`, { content: 'One more' });
    expect(await unread(ann)).toBe(1);

    // paging: newest first, `next` offsets
    const first = await bell(ann, '&limit=2');
    expect(first.items).toHaveLength(2);
    expect(first.next).toBe(2);
    const rest = await bell(ann, '&limit=2&offset=2');
    expect(rest.items.map((n) => n.title)).toEqual(['Nora Notify moved to Interview']);
    expect(rest.next).toBeNull();
  });

  it('follow: a follower hears of moves and notes until they unfollow; the toggle is readable and idempotent', async () => {
    const { id: candidateId } = await send(ann, 'POST', '/api/candidates', candidateBody({ firstName: 'Fay', lastName: 'Follow' }));
    expect((await ben.get(`/api/candidates/${candidateId}/follow?minPosition=${position}`)).json).toEqual({ following: false });
    await send(ben, 'PUT', `/api/candidates/${candidateId}/follow`);
    const before = await app.eventStore.headPosition();
    await send(ben, 'PUT', `/api/candidates/${candidateId}/follow`);
    expect(await app.eventStore.headPosition()).toBe(before); // following twice appends nothing
    expect((await ben.get(`/api/candidates/${candidateId}/follow?minPosition=${position}`)).json).toEqual({ following: true });
    const bens = await unread(ben);
    await send(ann, 'POST', `/api/candidates/${candidateId}/notes`, { content: 'Followed note' });
    expect(await unread(ben)).toBe(bens + 1);
    await send(ben, 'DELETE', `/api/candidates/${candidateId}/follow`);
    await send(ann, 'POST', `/api/candidates/${candidateId}/notes`, { content: 'Unfollowed note' });
    expect(await unread(ben)).toBe(bens + 1);

    await send(ben, 'PUT', '/api/candidates/999999/follow', undefined, [404]);
    const { id: jobId } = await send(ann, 'POST', '/api/jobs', { title: 'Followed Job' });
    await send(ben, 'PUT', `/api/jobs/${jobId}/follow`);
    expect((await ben.get(`/api/jobs/${jobId}/follow?minPosition=${position}`)).json).toEqual({ following: true });
  });

  it('tells me of tasks assigned to me and interviews on my candidates; preferences turn kinds off and on', async () => {
    const me = (await ann.get('/api/auth/user')).json as { id: string };
    const { id: candidateId } = await send(ann, 'POST', '/api/candidates', candidateBody({ firstName: 'Ivy', lastName: 'Interview' }));
    const today = new Date().toISOString().slice(0, 10);
    const later = new Date(Date.now() + 30 * 3600_000).toISOString();
    const { id: taskId } = await send(ben, 'POST', '/api/tasks', { title: 'Call Ivy back', dueDate: today, assignedTo: me.id });
    await send(ben, 'POST', '/api/interviews', { candidateId, scheduledAt: later });
    const items = (await bell(ann)).items.slice(0, 3);
    // a pending task due today heads the list as a reminder, besides the notice that it was assigned
    expect(items.map((n) => [n.kind, n.title, n.body, n.dueAt])).toEqual([
      ['tasks', 'Call Ivy back', 'Due today', today],
      ['interviews', 'Interview with Ivy Interview', null, later],
      ['tasks', 'Ben Tester assigned you: Call Ivy back', null, today],
    ]);
    expect(items[0]!.id).toBe(`due-${taskId}-${today}`);
    // the reminder is read like any notification, and goes when the task is done
    const withReminder = await unread(ann);
    await send(ann, 'POST', '/api/notifications/read', { ids: [items[0]!.id] });
    expect(await unread(ann)).toBe(withReminder - 1);
    expect((await bell(ann)).items[0]).toMatchObject({ id: items[0]!.id, read: true });
    await send(ann, 'PUT', `/api/tasks/${taskId}`, { status: 'completed' });
    expect((await bell(ann)).items.some((n) => n.id === items[0]!.id)).toBe(false);

    expect((await ann.get('/api/notifications/preferences')).json).toEqual({ tasks: true, interviews: true, moves: true, notes: true });
    const count = await unread(ann);
    await send(ann, 'PUT', '/api/notifications/preferences', { tasks: true, interviews: false, moves: true, notes: true });
    expect((await ann.get(`/api/notifications/preferences?minPosition=${position}`)).json).toMatchObject({ interviews: false });
    expect(await unread(ann)).toBe(count - 1);
    expect((await bell(ann)).items.some((n) => n.kind === 'interviews')).toBe(false);
    await send(ann, 'PUT', '/api/notifications/preferences', { tasks: true, interviews: true, moves: true, notes: true });
    expect(await unread(ann)).toBe(count);
  });

  it('is personal: the auditor has a bell too; bad input is a 400 problem naming the field', async () => {
    expect((await bell(auditor)).items).toEqual([]);
    await send(auditor, 'POST', '/api/notifications/read-all');
    for (const [method, path, body, field] of [
      ['POST', '/api/notifications/read', { ids: [] }, 'ids'],
      ['POST', '/api/notifications/read', {}, 'ids'],
      ['PUT', '/api/notifications/preferences', { tasks: 'yes' }, 'tasks'],
      ['GET', '/api/notifications?limit=0', undefined, 'limit'],
    ] as const) {
      const res = await ann.request(method, path, body);
      expect(res.status, path).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(ProblemSchema.parse(res.json).errors?.map((e) => e.path.replace(/^(body|query)\./, '').split('.')[0])).toContain(field);
    }
    expect((await fetch(`${app.url}/api/notifications`)).status).toBe(401);
  });
});
