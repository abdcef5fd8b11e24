import type { EventOfType, JobChanges, JobCreated } from '@ats/events';
import { assertNever, type CommandMetadata, type Decider } from '../shared/decider';
import { changedFields, isEmpty } from '../shared/changes';
import { resolveEdit, type EditBase } from '../shared/edit-conflicts';
import { ConflictError, NotFoundError } from '../shared/errors';

export type JobEvent = EventOfType<'JobCreated'> | EventOfType<'JobUpdated'> | EventOfType<'JobDeleted'> | EventOfType<'JobRestored'>;
type JobFields = Required<JobChanges>;
type ActiveJob = { status: 'active'; id: number; title: string; fields: JobFields };
/** a deleted job keeps what it was, so a restore brings it back as it was */
export type JobState = { status: 'empty' } | ActiveJob | { status: 'deleted'; id: number; was?: ActiveJob };

export type CreateJob = {
  type: 'CreateJob';
  /** `clientExists` is looked up by the handler from the client's stream */
  data: JobCreated & { clientExists: boolean };
  metadata: CommandMetadata;
};
export type UpdateJob = {
  type: 'UpdateJob';
  /** `clientExists`: whether a newly given clientId names a live client */
  data: { jobId: number; changes: JobChanges; clientExists: boolean; base?: EditBase | undefined };
  metadata: CommandMetadata;
};
export type DeleteJob = { type: 'DeleteJob'; data: { jobId: number }; metadata: CommandMetadata };
/** Undo of a delete: only a deleted job can be restored; its attached candidates come back with it. */
export type RestoreJob = { type: 'RestoreJob'; data: { jobId: number }; metadata: CommandMetadata };
export type JobCommand = CreateJob | UpdateJob | DeleteJob | RestoreJob;

export const initialState = (): JobState => ({ status: 'empty' });

export function evolve(state: JobState, event: JobEvent): JobState {
  switch (event.type) {
    case 'JobCreated': {
      const { jobId, ...fields } = event.data;
      return { status: 'active', id: jobId, title: fields.title, fields: { ...fields, openings: fields.openings ?? 1 } };
    }
    case 'JobUpdated': {
      if (state.status !== 'active') return state;
      const fields = { ...state.fields, ...event.data.changes };
      return { ...state, title: fields.title, fields };
    }
    case 'JobDeleted':
      return state.status === 'active' ? { status: 'deleted', id: state.id, was: state } : state;
    case 'JobRestored':
      return state.status === 'deleted' && state.was ? state.was : state;
    default:
      return state;
  }
}

export function decide(command: JobCommand, state: JobState): JobEvent[] {
  switch (command.type) {
    case 'CreateJob': {
      if (state.status !== 'empty') throw new ConflictError('job_exists', `Job ${command.data.jobId} already exists`);
      const { clientExists, ...data } = command.data;
      if (data.clientId !== null && !clientExists) throw new NotFoundError('Client', data.clientId);
      return [{ type: 'JobCreated', data }];
    }
    case 'UpdateJob': {
      if (state.status !== 'active') throw new NotFoundError('Job', command.data.jobId);
      const requested = resolveEdit<JobFields>(state.fields, command.data.changes, command.data.base);
      const changes = changedFields<JobFields>(state.fields, requested);
      if (changes.clientId !== undefined && changes.clientId !== null && !command.data.clientExists)
        throw new NotFoundError('Client', changes.clientId);
      return isEmpty(changes) ? [] : [{ type: 'JobUpdated', data: { jobId: state.id, changes } }];
    }
    case 'DeleteJob':
      if (state.status !== 'active') throw new NotFoundError('Job', command.data.jobId);
      return [{ type: 'JobDeleted', data: { jobId: state.id } }];
    case 'RestoreJob':
      if (state.status === 'empty') throw new NotFoundError('Job', command.data.jobId);
      if (state.status !== 'deleted' || !state.was)
        throw new ConflictError('not_deleted', `Job ${command.data.jobId} is not deleted, so there is nothing to restore`);
      return [{ type: 'JobRestored', data: { jobId: state.id } }];
    default:
      return assertNever(command);
  }
}

export const jobDecider: Decider<JobState, JobCommand, JobEvent> = {
  eventTypes: ['JobCreated', 'JobUpdated', 'JobDeleted', 'JobRestored'],
  initialState,
  evolve,
  decide,
};
