import type { EventOfType, InterviewScheduled } from '@ats/events';
import { assertNever, type CommandMetadata, type Decider } from '../shared/decider';
import { ConflictError, NotFoundError } from '../shared/errors';

export type InterviewEvent = EventOfType<'InterviewScheduled'>;
export type InterviewState = { status: 'empty' } | { status: 'scheduled'; id: number; candidateId: number };

export type ScheduleInterview = {
  type: 'ScheduleInterview';
  /** existence of the candidate (and job, when given) is looked up by the handler */
  data: InterviewScheduled & { candidateExists: boolean; jobExists: boolean };
  metadata: CommandMetadata;
};
export type InterviewCommand = ScheduleInterview;

export const initialState = (): InterviewState => ({ status: 'empty' });

export function evolve(state: InterviewState, event: InterviewEvent): InterviewState {
  switch (event.type) {
    case 'InterviewScheduled':
      return { status: 'scheduled', id: event.data.interviewId, candidateId: event.data.candidateId };
    default:
      return state;
  }
}

export function decide(command: InterviewCommand, state: InterviewState): InterviewEvent[] {
  switch (command.type) {
    case 'ScheduleInterview': {
      const { candidateExists, jobExists, ...data } = command.data;
      if (!candidateExists) throw new NotFoundError('Candidate', data.candidateId);
      if (data.jobId !== null && !jobExists) throw new NotFoundError('Job', data.jobId);
      if (state.status !== 'empty') throw new ConflictError('interview_exists', `Interview ${data.interviewId} already exists`);
      return [{ type: 'InterviewScheduled', data }];
    }
    default:
      return assertNever(command.type);
  }
}

export const interviewDecider: Decider<InterviewState, InterviewCommand, InterviewEvent> = {
  eventTypes: ['InterviewScheduled'],
  initialState,
  evolve,
  decide,
};
