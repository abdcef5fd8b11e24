import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DashboardFirstScreenSchema, TaskSchema, contracts } from '@ats/contracts';
import type { Standalone } from '../src/server';
import { signedIn, startTestApp, type Client } from './support/test-app';

// The dashboard's Priority Tasks are the signed-in user's tasks due (JOURNEYS: the recruiter's
// day, step 2), on the real read models (PGlite; PostgreSQL when DATABASE_URL is set) and the
// query side's shared page cache: each user sees their own list, in due order, never another's.

let app: Standalone;
let ann: Client;
let ben: Client;
let dan: Client;
const ids: Record<string, string> = {};
let position = 0;

beforeAll(async () => {
  app = await startTestApp();
  ann = await signedIn(app, 'recruiter', 'Ann');
  ben = await signedIn(app, 'recruiter', 'Ben');
  dan = await signedIn(app, 'manager', 'Dan');
  for (const [name, client] of [
    ['ann', ann],
    ['ben', ben],
    ['dan', dan],
  ] as const)
    ids[name] = (await client.get('/api/auth/user')).json.id as string;
});
afterAll(async () => {
  await app?.close();
});

/** a UTC calendar day `offset` days from today (bare due dates, as the task dialog sends them) */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const titles: Record<number, string> = {};
async function task(by: Client, title: string, body: { priority?: string; dueDate?: string | null; assignedTo?: string }) {
  const res = await by.post('/api/tasks', { title, ...body });
  expect(res.status).toBe(201);
  position = Math.max(position, res.json.position as number);
  titles[res.json.id as number] = title;
  return res.json.id as number;
}
async function write(res: Promise<{ status: number; json: { position: number } }>) {
  const done = await res;
  expect(done.status).toBe(200);
  position = Math.max(position, done.json.position);
}
/** the titles of a user's Priority Tasks, read at least at the last write */
async function priorityTasks(client: Client, limit = 20): Promise<string[]> {
  const res = await client.get(`/api/dashboard/priority-tasks?limit=${limit}&minPosition=${position}`);
  expect(res.status).toBe(200);
  return (res.json as unknown[]).map((t) => TaskSchema.parse(t).title);
}

describe("the dashboard's Priority Tasks: the signed-in user's tasks due", () => {
  it('lists her own tasks (assigned to her, or unassigned and created by her): pending by due date then priority, completed after', async () => {
    // created in a scrambled order, by several people
    await task(ann, 'Ann: next week', { priority: 'high', dueDate: day(5), assignedTo: ids.ann });
    await task(dan, 'Ann: overdue, low', { priority: 'low', dueDate: day(-2), assignedTo: ids.ann });
    await task(ann, 'Ann: no due date', { priority: 'high', assignedTo: ids.ann });
    await task(ann, 'Ann: today, medium', { priority: 'medium', dueDate: day(0), assignedTo: ids.ann });
    const todayHigh = await task(dan, 'Ann: today, high', { priority: 'high', dueDate: day(0), assignedTo: ids.ann });
    await task(ann, 'Ann: unassigned, tomorrow', { priority: 'low', dueDate: day(1) });
    const doneEarlier = await task(ann, 'Ann: done earlier', { priority: 'high', dueDate: day(-1), assignedTo: ids.ann });
    const doneLater = await task(ann, 'Ann: done later', { priority: 'low', dueDate: day(3) });
    await task(ann, 'Ben: from Ann', { priority: 'medium', dueDate: day(2), assignedTo: ids.ben });
    await task(dan, 'Ben: today', { priority: 'low', dueDate: day(0), assignedTo: ids.ben });
    await task(ben, 'Ben: unassigned', { priority: 'high' });
    await task(dan, 'Dan: unassigned', { priority: 'high', dueDate: day(-5) });
    await write(ann.request('PUT', `/api/tasks/${doneEarlier}`, { status: 'completed' }));
    await write(ann.request('PUT', `/api/tasks/${doneLater}`, { status: 'completed' }));

    expect(await priorityTasks(ann)).toEqual([
      'Ann: overdue, low',
      'Ann: today, high',
      'Ann: today, medium',
      'Ann: unassigned, tomorrow',
      'Ann: next week',
      'Ann: no due date',
      // completed, the latest first
      'Ann: done later',
      'Ann: done earlier',
    ]);
    expect(await priorityTasks(ben)).toEqual(['Ben: today', 'Ben: from Ann', 'Ben: unassigned']);
    expect(await priorityTasks(dan)).toEqual(['Dan: unassigned']);
    // the limit keeps the first ones: pending before completed
    expect(await priorityTasks(ann, 3)).toEqual(['Ann: overdue, low', 'Ann: today, high', 'Ann: today, medium']);
    expect(await priorityTasks(ann, 7)).toEqual([
      'Ann: overdue, low',
      'Ann: today, high',
      'Ann: today, medium',
      'Ann: unassigned, tomorrow',
      'Ann: next week',
      'Ann: no due date',
      'Ann: done later',
    ]);

    // a change moves the lists at once (the cache is retired by the tasks moving)
    await write(ann.request('PUT', `/api/tasks/${todayHigh}`, { status: 'completed' }));
    expect((await priorityTasks(ann)).slice(0, 2)).toEqual(['Ann: overdue, low', 'Ann: today, medium']);
    expect((await priorityTasks(ann)).at(-3)).toBe('Ann: today, high');
    await write(dan.post(`/api/tasks/${todayHigh}/reassign`, { assignedTo: ids.ben }));
    expect(await priorityTasks(ann)).not.toContain('Ann: today, high');
    expect(await priorityTasks(ben)).toEqual(['Ben: today', 'Ben: from Ann', 'Ben: unassigned', 'Ann: today, high']);
  });

  it("never answers one user's list to another from the cache, in the first-screen read either", async () => {
    const tag = 'cache';
    await task(ann, `Ann ${tag}`, { priority: 'high', dueDate: day(-30), assignedTo: ids.ann });
    await task(ben, `Ben ${tag}`, { priority: 'high', dueDate: day(-30), assignedTo: ids.ben });
    const url = `/api/dashboard/priority-tasks?limit=8&minPosition=${position}`;
    // the same URL, one after the other, at the same read position: each its own answer
    const [annFirst, benFirst, annAgain, benAgain] = [await ann.get(url), await ben.get(url), await ann.get(url), await ben.get(url)];
    expect(annFirst.json[0].title).toBe(`Ann ${tag}`);
    expect(benFirst.json[0].title).toBe(`Ben ${tag}`);
    expect(annAgain.json).toEqual(annFirst.json);
    expect(benAgain.json).toEqual(benFirst.json);
    // every task on a list is that user's own
    const owns = (id: string) => (t: { assignedTo: string | null; createdBy: string }) =>
      t.assignedTo === id || (t.assignedTo === null && t.createdBy === id);
    expect((annFirst.json as Array<{ assignedTo: string | null; createdBy: string }>).every(owns(ids.ann!))).toBe(true);
    expect((benFirst.json as Array<{ assignedTo: string | null; createdBy: string }>).every(owns(ids.ben!))).toBe(true);

    const firstScreen = async (client: Client) => {
      const res = await client.get(`${contracts.dashboardFirstScreen.path}?tz=UTC&limit=8&minPosition=${position}`);
      expect(res.status).toBe(200);
      expect(DashboardFirstScreenSchema.safeParse(res.json).success).toBe(true);
      return res.json.priorityTasks as Array<{ title: string }>;
    };
    // the combined read takes the same entry as the widget's own read, per user
    expect(await firstScreen(ben)).toEqual(benFirst.json);
    expect(await firstScreen(ann)).toEqual(annFirst.json);
    expect(await firstScreen(dan)).toEqual((await dan.get(url)).json);
    expect((await firstScreen(dan)).map((t) => t.title)).toEqual(['Dan: unassigned']);
  });
});
