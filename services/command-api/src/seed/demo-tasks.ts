import type { TaskPriority, TaskRelatedKind } from '@ats/events';
import type { Call, Deps } from '../domain/context';
import { createTask, setTaskStatus } from '../domain/tasks/handlers';

interface DemoTask {
  title: string;
  priority: TaskPriority;
  /** days from today (negative: overdue); null: no due date */
  dueInDays: number | null;
  related: { kind: TaskRelatedKind; index: number } | null;
  completed?: boolean;
  unassigned?: boolean;
}

/** A dozen follow-ups around today: some overdue, some due today, some done, about demo records. */
const DEMO_TASKS: DemoTask[] = [
  { title: 'Call back about the offer', priority: 'high', dueInDays: 0, related: { kind: 'candidate', index: 0 } },
  { title: 'Send the shortlist', priority: 'high', dueInDays: -1, related: { kind: 'client', index: 0 } },
  { title: 'Prepare the interview brief', priority: 'medium', dueInDays: 0, related: { kind: 'job', index: 0 } },
  { title: 'Chase references', priority: 'medium', dueInDays: -3, related: { kind: 'candidate', index: 1 } },
  { title: 'Update the job description', priority: 'low', dueInDays: 2, related: { kind: 'job', index: 1 } },
  {
    title: 'Schedule a debrief with the hiring manager',
    priority: 'medium',
    dueInDays: 4,
    related: { kind: 'client', index: 1 },
    unassigned: true,
  },
  { title: 'Review new applicants', priority: 'high', dueInDays: 1, related: { kind: 'job', index: 2 } },
  { title: 'Check visa status', priority: 'low', dueInDays: 6, related: { kind: 'candidate', index: 2 }, completed: true },
  { title: 'Agree the fee for the next search', priority: 'medium', dueInDays: -1, related: { kind: 'client', index: 2 }, completed: true },
  {
    title: 'Follow up after the final interview',
    priority: 'high',
    dueInDays: -2,
    related: { kind: 'candidate', index: 3 },
    completed: true,
  },
  { title: 'Plan the quarterly account review', priority: 'low', dueInDays: null, related: { kind: 'client', index: 3 }, unassigned: true },
  { title: 'Source more candidates', priority: 'medium', dueInDays: 9, related: { kind: 'job', index: 3 } },
];

const day = (offset: number, from = new Date()) => new Date(from.getTime() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * The demo's tasks, by command: assigned to the demo user when that user is a member of the team
 * (a system actor has no account: its tasks stay unassigned).
 */
export async function loadDemoTasks(
  deps: Deps,
  call: () => Promise<Call>,
  actorId: string,
  records: { candidate: number[]; job: number[]; client: number[] },
): Promise<number> {
  const account = await deps.accounts.get(actorId);
  const assignee = account?.active ? actorId : undefined;
  let count = 0;
  for (const t of DEMO_TASKS) {
    const ids = t.related ? records[t.related.kind as 'candidate' | 'job' | 'client'] : undefined;
    const relatedId = t.related && ids && ids.length > 0 ? ids[t.related.index % ids.length] : undefined;
    const { id } = await createTask(deps, await call(), {
      title: t.title,
      description: undefined,
      priority: t.priority,
      status: 'pending',
      dueDate: t.dueInDays === null ? null : day(t.dueInDays),
      assignedTo: t.unassigned ? undefined : assignee,
      relatedTo: t.related && relatedId !== undefined ? { kind: t.related.kind, id: relatedId } : null,
    });
    if (t.completed) await setTaskStatus(deps, await call(), id!, 'completed');
    count++;
  }
  return count;
}
