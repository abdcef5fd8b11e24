import type { CandidateChanges, CandidateRegistered, CandidateResumeUploaded, EventOfType } from '@ats/events';
import { assertNever, type CommandMetadata, type Decider } from '../shared/decider';
import { changedFields, isEmpty } from '../shared/changes';
import { resolveEdit, type EditBase } from '../shared/edit-conflicts';
import { ConflictError, NotFoundError } from '../shared/errors';

export type CandidateEvent =
  | EventOfType<'CandidateRegistered'>
  | EventOfType<'CandidateUpdated'>
  | EventOfType<'CandidateDeleted'>
  | EventOfType<'CandidateResumeUploaded'>;

type CandidateFields = Required<CandidateChanges>;

export type CandidateState =
  | { status: 'empty' }
  | { status: 'registered'; id: number; email: string; firstName: string; lastName: string; fields: CandidateFields }
  | { status: 'deleted'; id: number; email: string };

export type RegisterCandidate = {
  type: 'RegisterCandidate';
  data: Omit<CandidateRegistered, 'status' | 'resumeUploadedAt'> & { resumeUploadedAt: string | null };
  metadata: CommandMetadata;
};
export type UpdateCandidate = {
  type: 'UpdateCandidate';
  data: { candidateId: number; changes: CandidateChanges; base?: EditBase | undefined };
  metadata: CommandMetadata;
};
export type DeleteCandidate = { type: 'DeleteCandidate'; data: { candidateId: number }; metadata: CommandMetadata };
/** The file is already in the blob store; the event records its reference and extracted text. */
export type UploadResume = { type: 'UploadResume'; data: CandidateResumeUploaded; metadata: CommandMetadata };
export type CandidateCommand = RegisterCandidate | UpdateCandidate | DeleteCandidate | UploadResume;

export const initialState = (): CandidateState => ({ status: 'empty' });

function fieldsOf(d: CandidateRegistered): CandidateFields {
  const { candidateId: _id, ...rest } = d;
  return { ...rest, availability: null, notes: null };
}

export function evolve(state: CandidateState, event: CandidateEvent): CandidateState {
  switch (event.type) {
    case 'CandidateRegistered':
      return {
        status: 'registered',
        id: event.data.candidateId,
        email: event.data.email,
        firstName: event.data.firstName,
        lastName: event.data.lastName,
        fields: fieldsOf(event.data),
      };
    case 'CandidateUpdated': {
      if (state.status !== 'registered') return state;
      const fields = { ...state.fields, ...event.data.changes };
      return { ...state, fields, email: fields.email, firstName: fields.firstName, lastName: fields.lastName };
    }
    case 'CandidateDeleted':
      return state.status === 'registered' ? { status: 'deleted', id: state.id, email: state.email } : state;
    case 'CandidateResumeUploaded':
      if (state.status !== 'registered') return state;
      return {
        ...state,
        fields: {
          ...state.fields,
          resumeFileName: event.data.blob.fileName,
          resumeText: event.data.resumeText,
          resumeUploadedAt: event.data.uploadedAt,
        },
      };
    default:
      return state;
  }
}

function register(command: RegisterCandidate, state: CandidateState): CandidateEvent[] {
  if (state.status !== 'empty') throw new ConflictError('candidate_exists', `Candidate ${command.data.candidateId} already exists`);
  return [{ type: 'CandidateRegistered', data: { ...command.data, status: 'active' } }];
}

function update(command: UpdateCandidate, state: CandidateState): CandidateEvent[] {
  if (state.status !== 'registered') throw new NotFoundError('Candidate', command.data.candidateId);
  const requested = resolveEdit<CandidateFields>(state.fields, command.data.changes, command.data.base);
  const changes = changedFields<CandidateFields>(state.fields, requested);
  if (isEmpty(changes)) return [];
  return [{ type: 'CandidateUpdated', data: { candidateId: state.id, changes } }];
}

function remove(command: DeleteCandidate, state: CandidateState): CandidateEvent[] {
  if (state.status !== 'registered') throw new NotFoundError('Candidate', command.data.candidateId);
  return [{ type: 'CandidateDeleted', data: { candidateId: state.id } }];
}

function uploadResume(command: UploadResume, state: CandidateState): CandidateEvent[] {
  if (state.status !== 'registered') throw new NotFoundError('Candidate', command.data.candidateId);
  return [{ type: 'CandidateResumeUploaded', data: { ...command.data, candidateId: state.id } }];
}

export function decide(command: CandidateCommand, state: CandidateState): CandidateEvent[] {
  switch (command.type) {
    case 'RegisterCandidate':
      return register(command, state);
    case 'UpdateCandidate':
      return update(command, state);
    case 'DeleteCandidate':
      return remove(command, state);
    case 'UploadResume':
      return uploadResume(command, state);
    default:
      return assertNever(command);
  }
}

export const candidateDecider: Decider<CandidateState, CandidateCommand, CandidateEvent> = {
  eventTypes: ['CandidateRegistered', 'CandidateUpdated', 'CandidateDeleted', 'CandidateResumeUploaded'],
  initialState,
  evolve,
  decide,
};
