import type { ListTasksQuery, TaskItem, TaskPage, TaskRelatedTo } from '@ats/contracts';
import { dayIn, dueDay, endOfWeek, taskDueState } from '@ats/contracts';
import type { Doc, DocumentStore, Where } from '@ats/storage';
import { LIST_LIMIT, byId, distinctIds, readModel, strip } from './query-support';

type TaskDoc = Omit<TaskItem, 'relatedLabel' | 'assigneeName'> & { rank: string; dueKey: string; relatedKind: string | null } & Doc;
type NameDoc = { id: number | string; firstName?: string; lastName?: string; title?: string; companyName?: string } & Doc;
type ApplicationDoc = { id: number; candidateId: number; jobId: number } & Doc;

export interface TaskFilter {
  scope?: 'mine' | 'all' | undefined;
  assignee?: string | undefined;
  status?: 'open' | 'completed' | 'all' | undefined;
  priority?: string | undefined;
  due?: 'overdue' | 'today' | 'week' | undefined;
  related?: string | undefined;
  q?: string | undefined;
  cursor?: string | undefined;
  limit?: number | undefined;
  tz?: string | undefined;
}

/** The store's conditions for a filter; the due filter needs the clock and time zone, so it is applied after. */
export function taskWhere(filter: TaskFilter, userId: string): Where {
  const where: Where = {};
  if (filter.scope === 'mine') where.assignedTo = userId;
  else if (filter.assignee) where.assignedTo = filter.assignee;
  if (filter.status === 'open' || filter.status === undefined) where.status = 'pending';
  else if (filter.status === 'completed') where.status = 'completed';
  if (filter.priority) where.priority = filter.priority;
  if (filter.related) {
    const [kind, id] = filter.related.split(':');
    where.relatedKind = kind!;
    if (id) where['relatedTo.id'] = Number(id);
  }
  // an overdue task is an open one
  if (filter.due === 'overdue') where.status = 'pending';
  return where;
}

/** Overdue: open and past due; today: due on today's date (also earlier today); week: due today up to Sunday. */
export function dueMatcher(due: 'overdue' | 'today' | 'week', now: Date, tz = 'UTC') {
  const today = dayIn(now, tz);
  const sunday = endOfWeek(today);
  return (t: { dueDate: string | null; status: string }): boolean => {
    if (due === 'overdue') return t.status === 'pending' && taskDueState(t.dueDate, now, tz) === 'overdue';
    const day = t.dueDate ? dueDay(t.dueDate, tz) : null;
    if (!day) return false;
    return due === 'today' ? day === today : day >= today && day <= sunday;
  };
}

const fullName = (d: NameDoc | undefined) => (d ? `${d.firstName ?? ''} ${d.lastName ?? ''}`.trim() || null : null);

/** The Tasks screen: filtered pages of tasks, soonest due first, with names joined at read time. */
export function createTaskQueries(documents: DocumentStore) {
  const tasks = readModel<TaskDoc>(documents, 'tasks');
  const users = readModel<NameDoc>(documents, 'users');
  const candidates = readModel<NameDoc>(documents, 'candidates');
  const jobs = readModel<NameDoc>(documents, 'jobs');
  const clients = readModel<NameDoc>(documents, 'clients');
  const applications = readModel<ApplicationDoc>(documents, 'applications');

  async function withNames(list: TaskDoc[]): Promise<TaskItem[]> {
    const related = (kind: TaskRelatedTo['kind']) => distinctIds(list.map((t) => (t.relatedTo?.kind === kind ? t.relatedTo.id : null)));
    const apps = await applications().getMany(related('application'));
    const [people, cands, jobList, clientList] = await Promise.all([
      users().getMany([...new Set(list.flatMap((t) => (t.assignedTo ? [t.assignedTo] : [])))]),
      candidates().getMany(distinctIds([...related('candidate'), ...apps.map((a) => a.candidateId)])),
      jobs().getMany(distinctIds([...related('job'), ...apps.map((a) => a.jobId)])),
      clients().getMany(related('client')),
    ]);
    const userMap = new Map(people.map((u) => [String(u.id), u]));
    const candMap = byId(cands);
    const jobMap = byId(jobList);
    const clientMap = byId(clientList);
    const appMap = byId(apps);
    const label = (r: TaskRelatedTo | null): string | null => {
      if (!r) return null;
      switch (r.kind) {
        case 'candidate':
          return fullName(candMap.get(r.id));
        case 'job':
          return jobMap.get(r.id)?.title ?? null;
        case 'client':
          return clientMap.get(r.id)?.companyName ?? null;
        case 'application': {
          const app = appMap.get(r.id);
          const who = app ? fullName(candMap.get(app.candidateId)) : null;
          const job = app ? jobMap.get(app.jobId)?.title : null;
          return who && job ? `${who} · ${job}` : (who ?? null);
        }
      }
    };
    return list.map((t) => ({
      ...strip(t, ['rank', 'dueKey', 'relatedKind']),
      id: Number(t.id),
      relatedTo: t.relatedTo ?? null,
      relatedLabel: label(t.relatedTo ?? null),
      assigneeName: t.assignedTo ? fullName(userMap.get(t.assignedTo)) : null,
    }));
  }

  /** a survivor's tasks include those of the records merged into it (until an unmerge) */
  async function withAbsorbed(where: Where): Promise<Where> {
    const id = where['relatedTo.id'];
    if (where.relatedKind !== 'candidate' || typeof id !== 'number') return where;
    const absorbed = ((await candidates().get(id)) as { mergedFrom?: number[] } | null)?.mergedFrom ?? [];
    return absorbed.length > 0 ? { ...where, 'relatedTo.id': { $in: [id, ...absorbed] } } : where;
  }

  return {
    async listTasks(filter: TaskFilter & Omit<ListTasksQuery, keyof TaskFilter>, userId: string, now = new Date()): Promise<TaskPage> {
      const offset = filter.cursor ? Number(filter.cursor) : 0;
      const limit = filter.limit ?? 50;
      let found = await tasks().find({
        where: await withAbsorbed(taskWhere(filter, userId)),
        ...(filter.q?.trim() ? { search: filter.q.trim() } : {}),
        sort: [
          ['dueKey', 'asc'],
          ['id', 'desc'],
        ],
        limit: LIST_LIMIT,
      });
      if (filter.due) found = found.filter(dueMatcher(filter.due, now, filter.tz));
      const page = found.slice(offset, offset + limit);
      return {
        items: await withNames(page),
        total: found.length,
        nextCursor: offset + limit < found.length ? String(offset + limit) : null,
      };
    },
    async listTeamMembers(): Promise<Array<{ id: string; name: string }>> {
      const found = await users().find({ where: { active: true }, limit: 10_000 });
      // an auditor reads only: a follow-up assigned to one could never be done (journeys seven)
      return found
        .filter((u) => u.role !== 'auditor')
        .map((u) => ({ id: String(u.id), name: fullName(u) ?? String(u.id) }))
        .sort((a, b) => a.name.localeCompare(b.name));
    },
    async getTask(id: number): Promise<TaskItem | null> {
      const doc = await tasks().get(id);
      return doc ? ((await withNames([doc]))[0] ?? null) : null;
    },
  };
}
