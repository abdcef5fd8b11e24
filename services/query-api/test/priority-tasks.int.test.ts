import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dueSortKey, type Task } from '@ats/contracts';
import { taskRank, tasksProjection } from '@ats/projector';
import { createTestSchema, openStorage, type DocumentStore } from '@ats/storage';
import { createDashboardQueries } from '../src/read-models/dashboard';

/**
 * The dashboard's Priority Tasks on a real store (in-memory PGlite; PostgreSQL too when
 * DATABASE_URL is set), the tasks read model with the projection's own definition (indexes, sort
 * index) and keys: one user's tasks, in the order the store sorts and the query merges.
 */
const DATABASE_URL = process.env.DATABASE_URL;
if (!DATABASE_URL) console.warn('[skip] Priority Tasks on PostgreSQL: DATABASE_URL is not set');

const day = (offset: number) => new Date(Date.UTC(2026, 11, 7) + offset * 86_400_000).toISOString().slice(0, 10);

type Seed = Pick<Task, 'title'> & Partial<Task>;
let nextId = 1;
function doc(t: Seed) {
  const task: Task = {
    id: nextId++,
    description: null,
    status: 'pending',
    priority: 'medium',
    dueDate: null,
    assignedTo: null,
    createdBy: 'someone',
    createdAt: '2026-12-01T09:00:00.000Z',
    updatedAt: '2026-12-01T09:00:00.000Z',
    ...t,
  };
  return { ...task, rank: taskRank(task.status, task.priority, task.dueDate), dueKey: dueSortKey(task.dueDate), relatedKind: null };
}

// ids: ann's in a scrambled order, interleaved with other people's
const TASKS: Seed[] = [
  { title: 'a next week', priority: 'high', dueDate: day(5), assignedTo: 'ann' },
  { title: 'b today', priority: 'low', dueDate: day(0), assignedTo: 'ben' },
  { title: 'a no due date, low', priority: 'low', assignedTo: 'ann' },
  { title: 'a overdue, low', priority: 'low', dueDate: day(-2), assignedTo: 'ann', createdBy: 'ben' },
  { title: 'a today, medium', priority: 'medium', dueDate: day(0), assignedTo: 'ann' },
  {
    title: 'a done earlier',
    priority: 'high',
    dueDate: day(-1),
    assignedTo: 'ann',
    status: 'completed',
    updatedAt: '2026-12-05T09:00:00.000Z',
  },
  { title: 'a unassigned, tomorrow', priority: 'low', dueDate: day(1), createdBy: 'ann' },
  { title: 'a today, high', priority: 'high', dueDate: day(0), assignedTo: 'ann' },
  { title: 'b unassigned', priority: 'high', createdBy: 'ben' },
  { title: 'a no due date, high', priority: 'high', createdBy: 'ann' },
  { title: 'a at 9:00 today', priority: 'low', dueDate: `${day(0)}T09:00:00Z`, assignedTo: 'ann' },
  { title: 'a done later', priority: 'low', createdBy: 'ann', status: 'completed', updatedAt: '2026-12-06T09:00:00.000Z' },
  { title: 'b from ann', priority: 'medium', dueDate: day(2), assignedTo: 'ben', createdBy: 'ann' },
  { title: 'nobody: unassigned by carl', priority: 'high', dueDate: day(-9), createdBy: 'carl' },
  { title: 'a long overdue', priority: 'medium', dueDate: '2025-12-01', assignedTo: 'ann' },
];

const ANN = [
  'a long overdue',
  'a overdue, low',
  'a at 9:00 today',
  'a today, high',
  'a today, medium',
  'a unassigned, tomorrow',
  'a next week',
  'a no due date, high',
  'a no due date, low',
  'a done later',
  'a done earlier',
];

for (const [name, open] of [
  ['PGlite', async () => ({ storage: await openStorage({ kind: 'embedded' }), drop: async () => {} })],
  ...(DATABASE_URL
    ? ([
        [
          'PostgreSQL',
          async () => {
            const schema = await createTestSchema(DATABASE_URL, 'priority_tasks');
            return { storage: await openStorage({ kind: 'postgres', url: schema.url }), drop: schema.drop };
          },
        ],
      ] as const)
    : []),
] as const) {
  describe(`Priority Tasks: the signed-in user's own tasks (${name})`, () => {
    let opened: Awaited<ReturnType<typeof open>>;
    let documents: DocumentStore;
    let queries: ReturnType<typeof createDashboardQueries>;
    beforeAll(async () => {
      opened = await open();
      documents = opened.storage.documentStore;
      await documents.ensureCollection(tasksProjection.collection);
      nextId = 1;
      for (const t of TASKS) await documents.collection('tasks').upsert(doc(t));
      queries = createDashboardQueries(documents);
    });
    afterAll(async () => {
      await opened?.storage.close();
      await opened?.drop();
    });

    const titles = async (user: string, limit?: number) => (await queries.priorityTasks(user, limit)).map((t) => t.title);

    it('lists hers (assigned to her, or unassigned and created by her): pending by due date, then priority, then completed, latest first', async () => {
      expect(await titles('ann', 50)).toEqual(ANN);
      expect(await titles('ben', 50)).toEqual(['b today', 'b from ann', 'b unassigned']);
      expect(await titles('carl', 50)).toEqual(['nobody: unassigned by carl']);
      expect(await titles('dora', 50)).toEqual([]);
    });

    it('keeps the first ones up to the limit, whichever of her two kinds of task they are', async () => {
      for (const limit of [1, 3, 6, 9, 10]) expect(await titles('ann', limit)).toEqual(ANN.slice(0, limit));
      expect(await titles('ann')).toEqual(ANN.slice(0, 10));
    });

    it('answers in the contract shape: numeric ids, no sort keys', async () => {
      const [first] = await queries.priorityTasks('ann', 1);
      expect(first).toMatchObject({ title: 'a long overdue', id: 15, assignedTo: 'ann', status: 'pending' });
      expect(first).not.toHaveProperty('rank');
    });
  });
}
