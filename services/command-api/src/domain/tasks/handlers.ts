import { type TaskStatus } from '@ats/events';
import type { ParsedBodyOf, contracts } from '@ats/contracts';
import { scopeOf } from '../../command-handler';
import { tasks } from '../aggregates';
import type { Call, Deps, Result } from '../context';

export async function createTask(deps: Deps, call: Call, input: ParsedBodyOf<typeof contracts.createTask>): Promise<Result> {
  const taskId = await deps.allocateId('task');
  const outcome = await tasks.execute(scopeOf(deps, call), taskId, {
    type: 'CreateTask',
    data: {
      taskId,
      title: input.title,
      description: input.description ?? null,
      priority: input.priority,
      status: input.status,
      dueDate: input.dueDate ?? null,
      assignedTo: input.assignedTo ?? null,
    },
  });
  return { id: taskId, position: outcome.position };
}

export async function setTaskStatus(deps: Deps, call: Call, taskId: number, status: TaskStatus): Promise<Result & { status: TaskStatus }> {
  const outcome = await tasks.execute(scopeOf(deps, call), taskId, { type: 'SetTaskStatus', data: { taskId, status } });
  return { id: taskId, position: outcome.position, status };
}
