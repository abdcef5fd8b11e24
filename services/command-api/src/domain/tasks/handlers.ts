import { toTaskStreamId, type TaskStatus } from '@ats/events';
import type { ParsedBodyOf, contracts } from '@ats/contracts';
import { handleCommand } from '../../command-handler';
import type { Call, Deps, Result } from '../context';
import { taskDecider } from './decider';

export async function createTask(deps: Deps, call: Call, input: ParsedBodyOf<typeof contracts.createTask>): Promise<Result> {
  const taskId = await deps.allocateId('task');
  const outcome = await handleCommand(
    { eventStore: deps.eventStore, correlationId: call.correlationId },
    toTaskStreamId(taskId),
    taskDecider,
    {
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
      metadata: call.metadata,
    },
  );
  return { id: taskId, position: outcome.position };
}

export async function setTaskStatus(deps: Deps, call: Call, taskId: number, status: TaskStatus): Promise<Result & { status: TaskStatus }> {
  const outcome = await handleCommand(
    { eventStore: deps.eventStore, correlationId: call.correlationId },
    toTaskStreamId(taskId),
    taskDecider,
    {
      type: 'SetTaskStatus',
      data: { taskId, status },
      metadata: call.metadata,
    },
  );
  return { id: taskId, position: outcome.position, status };
}
