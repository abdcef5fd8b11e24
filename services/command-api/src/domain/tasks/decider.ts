import type { EventOfType, TaskCreated, TaskStatus } from '@ats/events';
import { assertNever, type CommandMetadata, type Decider } from '../shared/decider';
import { ConflictError, NotFoundError } from '../shared/errors';

export type TaskEvent = EventOfType<'TaskCreated'> | EventOfType<'TaskStatusChanged'>;
export type TaskState = { status: 'empty' } | { status: 'created'; id: number; taskStatus: TaskStatus };

export type CreateTask = { type: 'CreateTask'; data: TaskCreated; metadata: CommandMetadata };
export type SetTaskStatus = { type: 'SetTaskStatus'; data: { taskId: number; status: TaskStatus }; metadata: CommandMetadata };
export type TaskCommand = CreateTask | SetTaskStatus;

export const initialState = (): TaskState => ({ status: 'empty' });

export function evolve(state: TaskState, event: TaskEvent): TaskState {
  switch (event.type) {
    case 'TaskCreated':
      return { status: 'created', id: event.data.taskId, taskStatus: event.data.status };
    case 'TaskStatusChanged':
      return state.status === 'created' ? { ...state, taskStatus: event.data.toStatus } : state;
    default:
      return state;
  }
}

export function decide(command: TaskCommand, state: TaskState): TaskEvent[] {
  switch (command.type) {
    case 'CreateTask':
      if (state.status !== 'empty') throw new ConflictError('task_exists', `Task ${command.data.taskId} already exists`);
      return [{ type: 'TaskCreated', data: command.data }];
    case 'SetTaskStatus':
      if (state.status !== 'created') throw new NotFoundError('Task', command.data.taskId);
      // ticking a box that is already ticked changes nothing
      if (state.taskStatus === command.data.status) return [];
      return [{ type: 'TaskStatusChanged', data: { taskId: state.id, fromStatus: state.taskStatus, toStatus: command.data.status } }];
    default:
      return assertNever(command);
  }
}

export const taskDecider: Decider<TaskState, TaskCommand, TaskEvent> = {
  eventTypes: ['TaskCreated', 'TaskStatusChanged'],
  initialState,
  evolve,
  decide,
};
