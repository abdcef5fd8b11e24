import type { EventOfType, TaskCreated, TaskDetailChanges, TaskDetails, TaskStatus } from '@ats/events';
import { assertNever, type CommandMetadata, type Decider } from '../shared/decider';
import { changedFields, isEmpty } from '../shared/changes';
import { resolveEdit, type EditBase } from '../shared/edit-conflicts';
import { ConflictError, NotFoundError } from '../shared/errors';
import { ValidationError } from '@ats/http-kit';

export type TaskEvent =
  | EventOfType<'TaskCreated'>
  | EventOfType<'TaskStatusChanged'>
  | EventOfType<'TaskDetailsChanged'>
  | EventOfType<'TaskReassigned'>
  | EventOfType<'TaskDeleted'>
  | EventOfType<'TaskRestored'>;
type ActiveTask = {
  status: 'created';
  id: number;
  taskStatus: TaskStatus;
  fields: TaskDetails;
  assignedTo: string | null;
  /** the candidate the task is about, whose key seals its texts */
  candidateId?: number;
};
/** a deleted task keeps what it was, so a restore brings back the same task */
export type TaskState = { status: 'empty' } | ActiveTask | { status: 'deleted'; id: number; was: ActiveTask };

/**
 * What the handler checked outside the task's stream: whether the assignee is an active team
 * member and whether the related record exists (false is refused with a 400 on that field).
 */
export interface TaskChecks {
  assigneeIsMember: boolean;
  relatedExists: boolean;
}

export type CreateTask = { type: 'CreateTask'; data: TaskCreated & Partial<TaskChecks>; metadata: CommandMetadata };
export type SetTaskStatus = { type: 'SetTaskStatus'; data: { taskId: number; status: TaskStatus }; metadata: CommandMetadata };
export type ChangeTaskDetails = {
  type: 'ChangeTaskDetails';
  data: { taskId: number; changes: TaskDetailChanges; base?: EditBase | undefined };
  metadata: CommandMetadata;
};
export type ReassignTask = {
  type: 'ReassignTask';
  data: { taskId: number; assignedTo: string | null; assigneeIsMember: boolean };
  metadata: CommandMetadata;
};
export type DeleteTask = { type: 'DeleteTask'; data: { taskId: number }; metadata: CommandMetadata };
/** Undo of a delete: only a deleted task can be restored. */
export type RestoreTask = { type: 'RestoreTask'; data: { taskId: number }; metadata: CommandMetadata };
export type TaskCommand = CreateTask | SetTaskStatus | ChangeTaskDetails | ReassignTask | DeleteTask | RestoreTask;

export const initialState = (): TaskState => ({ status: 'empty' });

export function evolve(state: TaskState, event: TaskEvent): TaskState {
  switch (event.type) {
    case 'TaskCreated': {
      const d = event.data;
      return {
        status: 'created',
        id: d.taskId,
        taskStatus: d.status,
        fields: { title: d.title, description: d.description, dueDate: d.dueDate, priority: d.priority },
        assignedTo: d.assignedTo,
        ...(d.candidateId !== undefined ? { candidateId: d.candidateId } : {}),
      };
    }
    case 'TaskStatusChanged':
      return state.status === 'created' ? { ...state, taskStatus: event.data.toStatus } : state;
    case 'TaskDetailsChanged':
      return state.status === 'created' ? { ...state, fields: { ...state.fields, ...event.data.changes } } : state;
    case 'TaskReassigned':
      return state.status === 'created' ? { ...state, assignedTo: event.data.to } : state;
    case 'TaskDeleted':
      return state.status === 'created' ? { status: 'deleted', id: state.id, was: state } : state;
    case 'TaskRestored':
      return state.status === 'deleted' ? state.was : state;
    default:
      return state;
  }
}

const notMember = () => new ValidationError([{ path: 'assignedTo', message: 'Choose a member of the team' }]);

function live(state: TaskState, taskId: number): ActiveTask {
  if (state.status !== 'created') throw new NotFoundError('Task', taskId);
  return state;
}

export function decide(command: TaskCommand, state: TaskState): TaskEvent[] {
  switch (command.type) {
    case 'CreateTask': {
      const { assigneeIsMember, relatedExists, ...data } = command.data;
      if (assigneeIsMember === false) throw notMember();
      if (relatedExists === false)
        throw new ValidationError([{ path: 'relatedTo', message: `That ${data.relatedTo?.kind ?? 'record'} does not exist` }]);
      if (state.status !== 'empty') throw new ConflictError('task_exists', `Task ${data.taskId} already exists`);
      return [{ type: 'TaskCreated', data: { ...data, createdBy: data.createdBy ?? command.metadata.actor.id } }];
    }
    case 'SetTaskStatus': {
      const task = live(state, command.data.taskId);
      // ticking a box that is already ticked changes nothing
      if (task.taskStatus === command.data.status) return [];
      return [{ type: 'TaskStatusChanged', data: { taskId: task.id, fromStatus: task.taskStatus, toStatus: command.data.status } }];
    }
    case 'ChangeTaskDetails': {
      const task = live(state, command.data.taskId);
      const requested = resolveEdit<TaskDetails>(task.fields, command.data.changes, command.data.base);
      const changes = changedFields<TaskDetails>(task.fields, requested);
      if (isEmpty(changes)) return [];
      const about = task.candidateId !== undefined ? { candidateId: task.candidateId } : {};
      return [{ type: 'TaskDetailsChanged', data: { taskId: task.id, changes, ...about } }];
    }
    case 'ReassignTask': {
      const task = live(state, command.data.taskId);
      if (command.data.assignedTo !== null && !command.data.assigneeIsMember) throw notMember();
      if (task.assignedTo === command.data.assignedTo) return [];
      return [{ type: 'TaskReassigned', data: { taskId: task.id, from: task.assignedTo, to: command.data.assignedTo } }];
    }
    case 'DeleteTask': {
      const task = live(state, command.data.taskId);
      return [{ type: 'TaskDeleted', data: { taskId: task.id } }];
    }
    case 'RestoreTask':
      if (state.status === 'empty') throw new NotFoundError('Task', command.data.taskId);
      if (state.status !== 'deleted')
        throw new ConflictError('not_deleted', `Task ${command.data.taskId} is not deleted, so there is nothing to restore`);
      return [{ type: 'TaskRestored', data: { taskId: state.id } }];
    default:
      return assertNever(command);
  }
}

export const taskDecider: Decider<TaskState, TaskCommand, TaskEvent> = {
  eventTypes: ['TaskCreated', 'TaskStatusChanged', 'TaskDetailsChanged', 'TaskReassigned', 'TaskDeleted', 'TaskRestored'],
  initialState,
  evolve,
  decide,
};
