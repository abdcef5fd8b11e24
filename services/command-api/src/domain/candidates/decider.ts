import type { CandidateRegistered, EventOfType } from '@ats/events';
import { assertNever, type CommandMetadata, type Decider } from '../shared/decider';
import { ConflictError, NotFoundError } from '../shared/errors';

export type CandidateEvent = EventOfType<'CandidateRegistered'> | EventOfType<'CandidateDeleted'>;

export type CandidateState =
  | { status: 'empty' }
  | { status: 'registered'; id: number; email: string; firstName: string; lastName: string }
  | { status: 'deleted'; id: number; email: string };

export type RegisterCandidate = {
  type: 'RegisterCandidate';
  data: Omit<CandidateRegistered, 'status' | 'resumeUploadedAt'> & { resumeUploadedAt: string | null };
  metadata: CommandMetadata;
};
export type DeleteCandidate = { type: 'DeleteCandidate'; data: { candidateId: number }; metadata: CommandMetadata };
export type CandidateCommand = RegisterCandidate | DeleteCandidate;

export const initialState = (): CandidateState => ({ status: 'empty' });

export function evolve(state: CandidateState, event: CandidateEvent): CandidateState {
  switch (event.type) {
    case 'CandidateRegistered':
      return {
        status: 'registered',
        id: event.data.candidateId,
        email: event.data.email,
        firstName: event.data.firstName,
        lastName: event.data.lastName,
      };
    case 'CandidateDeleted':
      return state.status === 'registered' ? { status: 'deleted', id: state.id, email: state.email } : state;
    default:
      return state;
  }
}

function register(command: RegisterCandidate, state: CandidateState): CandidateEvent[] {
  if (state.status !== 'empty') throw new ConflictError('candidate_exists', `Candidate ${command.data.candidateId} already exists`);
  return [{ type: 'CandidateRegistered', data: { ...command.data, status: 'active' } }];
}

function remove(command: DeleteCandidate, state: CandidateState): CandidateEvent[] {
  if (state.status !== 'registered') throw new NotFoundError('Candidate', command.data.candidateId);
  return [{ type: 'CandidateDeleted', data: { candidateId: state.id } }];
}

export function decide(command: CandidateCommand, state: CandidateState): CandidateEvent[] {
  switch (command.type) {
    case 'RegisterCandidate':
      return register(command, state);
    case 'DeleteCandidate':
      return remove(command, state);
    default:
      return assertNever(command);
  }
}

export const candidateDecider: Decider<CandidateState, CandidateCommand, CandidateEvent> = { initialState, evolve, decide };
