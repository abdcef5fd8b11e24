import type { EventOfType, JobCreated } from '@ats/events';
import { assertNever, type CommandMetadata, type Decider } from '../shared/decider';
import { ConflictError, NotFoundError } from '../shared/errors';

export type JobEvent = EventOfType<'JobCreated'>;
export type JobState = { status: 'empty' } | { status: 'active'; id: number; title: string };

export type CreateJob = {
  type: 'CreateJob';
  /** `clientExists` is looked up by the handler from the client's stream */
  data: JobCreated & { clientExists: boolean };
  metadata: CommandMetadata;
};
export type JobCommand = CreateJob;

export const initialState = (): JobState => ({ status: 'empty' });

export function evolve(state: JobState, event: JobEvent): JobState {
  switch (event.type) {
    case 'JobCreated':
      return { status: 'active', id: event.data.jobId, title: event.data.title };
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
    default:
      return assertNever(command.type);
  }
}

export const jobDecider: Decider<JobState, JobCommand, JobEvent> = { initialState, evolve, decide };
