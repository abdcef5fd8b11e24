import { type TaskRelatedTo, type TaskStatus } from '@ats/events';
import type { ParsedBodyOf, contracts } from '@ats/contracts';
import { executeEdit, loadEditBase, scopeOf } from '../../command-handler';
import { applications, candidates, clients, isLiveCandidate, isLiveClient, isLiveJob, jobs, tasks } from '../aggregates';
import type { Call, Deps, Result } from '../context';
import { taskDecider } from './decider';

/** An assignee must be an active member of the team (old tasks may keep free text; new ones may not). */
/** an active member who can work a task: an auditor only reads, so a task assigned to one could never be done */
async function isMember(deps: Deps, userId: string | null): Promise<boolean> {
  if (userId === null) return true;
  const account = await deps.accounts.get(userId);
  return account !== null && account.active && account.role !== 'auditor';
}

async function relatedExists(deps: Deps, related: TaskRelatedTo | null): Promise<boolean> {
  if (!related) return true;
  switch (related.kind) {
    case 'candidate':
      return isLiveCandidate(await candidates.state(deps.eventStore, related.id));
    case 'job':
      return isLiveJob(await jobs.state(deps.eventStore, related.id));
    case 'client':
      return isLiveClient(await clients.state(deps.eventStore, related.id));
    case 'application':
      return (await applications.state(deps.eventStore, related.id)).status === 'active';
  }
}

/** the candidate a task is about: the related candidate, or the related application's (their key seals its texts) */
async function candidateOf(deps: Deps, related: TaskRelatedTo | null): Promise<number | null> {
  if (related?.kind === 'candidate') return related.id;
  if (related?.kind === 'application') {
    const application = await applications.state(deps.eventStore, related.id);
    return 'candidateId' in application ? application.candidateId : null;
  }
  return null;
}

export async function createTask(deps: Deps, call: Call, input: ParsedBodyOf<typeof contracts.createTask>): Promise<Result> {
  const scope = scopeOf(deps, call);
  const assignedTo = input.assignedTo ?? null;
  const relatedTo = input.relatedTo ?? null;
  const candidateId = await candidateOf(deps, relatedTo);
  const data = (taskId: number) => ({
    taskId,
    title: input.title,
    description: input.description ?? null,
    priority: input.priority,
    status: input.status,
    dueDate: input.dueDate ?? null,
    assignedTo,
    relatedTo,
    createdBy: call.metadata.actor.id,
    ...(candidateId !== null ? { candidateId } : {}),
  });
  const checks = { assigneeIsMember: await isMember(deps, assignedTo), relatedExists: await relatedExists(deps, relatedTo) };
  // refuse a stranger or a missing record before spending a task id
  await tasks.check(scope, null, { type: 'CreateTask', data: { ...data(0), ...checks } });
  const taskId = await deps.allocateId('task');
  const outcome = await tasks.execute(scope, taskId, { type: 'CreateTask', data: { ...data(taskId), ...checks } });
  return { id: taskId, position: outcome.position };
}

export async function setTaskStatus(deps: Deps, call: Call, taskId: number, status: TaskStatus): Promise<Result & { status: TaskStatus }> {
  const outcome = await tasks.execute(scopeOf(deps, call), taskId, { type: 'SetTaskStatus', data: { taskId, status } });
  return { id: taskId, position: outcome.position, status };
}

export async function changeTask(
  deps: Deps,
  call: Call,
  taskId: number,
  input: ParsedBodyOf<typeof contracts.changeTask>,
): Promise<Result> {
  const { baseRevision, ...fields } = input;
  const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  const outcome = await executeEdit(
    baseRevision,
    () =>
      loadEditBase(deps.eventStore, tasks.streamId(taskId), taskDecider, baseRevision ?? -1, 'TaskDetailsChanged', (state) =>
        state.status === 'created' ? state.fields : null,
      ),
    (base, expectedRevision) =>
      tasks.execute(
        scopeOf(deps, call),
        taskId,
        { type: 'ChangeTaskDetails', data: { taskId, changes, base } },
        expectedRevision === undefined ? {} : { expectedRevision },
      ),
  );
  return { id: taskId, position: outcome.position };
}

export async function reassignTask(deps: Deps, call: Call, taskId: number, assignedTo: string | null): Promise<Result> {
  const assigneeIsMember = await isMember(deps, assignedTo);
  const outcome = await tasks.execute(scopeOf(deps, call), taskId, {
    type: 'ReassignTask',
    data: { taskId, assignedTo, assigneeIsMember },
  });
  return { id: taskId, position: outcome.position };
}

export async function deleteTask(deps: Deps, call: Call, taskId: number): Promise<Result> {
  const outcome = await tasks.execute(scopeOf(deps, call), taskId, { type: 'DeleteTask', data: { taskId } });
  return { id: taskId, position: outcome.position };
}

/** Undo of a delete: the same task comes back as it was. */
export async function restoreTask(deps: Deps, call: Call, taskId: number): Promise<Result> {
  const outcome = await tasks.execute(scopeOf(deps, call), taskId, { type: 'RestoreTask', data: { taskId } });
  return { id: taskId, position: outcome.position };
}
