import type { CandidateChanges, CandidateRegistered, CandidateResumeUploaded, EventOfType } from '@ats/events';
import { assertNever, type CommandMetadata, type Decider } from '../shared/decider';
import { changedFields, isEmpty } from '../shared/changes';
import { resolveEdit, type EditBase } from '../shared/edit-conflicts';
import { ConflictError, NotFoundError } from '../shared/errors';

export type CandidateEvent =
  | EventOfType<'CandidateRegistered'>
  | EventOfType<'CandidateUpdated'>
  | EventOfType<'CandidateDeleted'>
  | EventOfType<'CandidateResumeUploaded'>
  | EventOfType<'CandidateRestored'>
  | EventOfType<'CandidateStatusFollowedPlacement'>
  | EventOfType<'CandidateErased'>;

type CandidateFields = Required<CandidateChanges>;
type CandidateStatus = CandidateFields['status'];
/** the placement that set the status to placed, and the status it had before (to go back to) */
type FollowedPlacement = { applicationId: number; previousStatus: CandidateStatus } | null;
type RegisteredCandidate = {
  status: 'registered';
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  fields: CandidateFields;
  placement?: FollowedPlacement;
};

export type CandidateState =
  | { status: 'empty' }
  | RegisteredCandidate
  /** a deleted candidate keeps what it was, so a restore brings it back as it was */
  | { status: 'deleted'; id: number; email: string; was?: RegisteredCandidate }
  /** personal data erased (the key destroyed): nothing more can happen to it */
  | { status: 'erased'; id: number };

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
/** Undo of a delete: only a deleted candidate can be restored (the handler re-reserves its e-mail first). */
export type RestoreCandidate = { type: 'RestoreCandidate'; data: { candidateId: number }; metadata: CommandMetadata };
/** An application of the candidate reached Placed (`placed: true`) or left it (moved out, detached). */
export type FollowPlacement = {
  type: 'FollowPlacement';
  data: {
    candidateId: number;
    applicationId: number;
    placed: boolean;
    /** another application of the candidate still stands at Placed (read by the handler) */
    othersPlaced?: boolean;
  };
  metadata: CommandMetadata;
};
/** GDPR erasure (admins, with a reason): a live or deleted candidate; an erased one answers 409. */
export type EraseCandidate = { type: 'EraseCandidate'; data: { candidateId: number; reason: string }; metadata: CommandMetadata };
export type CandidateCommand =
  RegisterCandidate | UpdateCandidate | DeleteCandidate | UploadResume | RestoreCandidate | FollowPlacement | EraseCandidate;

export const initialState = (): CandidateState => ({ status: 'empty' });

function fieldsOf(d: CandidateRegistered): CandidateFields {
  const { candidateId: _id, ...rest } = d;
  return { ...rest, source: rest.source ?? null, availability: null, notes: null };
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
      // a status set by hand is no longer the placement's to take back
      const placement = event.data.changes.status !== undefined ? null : (state.placement ?? null);
      return { ...state, fields, email: fields.email, firstName: fields.firstName, lastName: fields.lastName, placement };
    }
    case 'CandidateDeleted':
      return state.status === 'registered' ? { status: 'deleted', id: state.id, email: state.email, was: state } : state;
    case 'CandidateRestored':
      return state.status === 'deleted' && state.was ? state.was : state;
    case 'CandidateStatusFollowedPlacement': {
      if (state.status !== 'registered') return state;
      const d = event.data;
      const placement = d.status === 'placed' ? { applicationId: d.applicationId, previousStatus: d.previousStatus } : null;
      return { ...state, fields: { ...state.fields, status: d.status }, placement };
    }
    case 'CandidateErased':
      return { status: 'erased', id: event.data.candidateId };
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

function restore(command: RestoreCandidate, state: CandidateState): CandidateEvent[] {
  if (state.status === 'empty') throw new NotFoundError('Candidate', command.data.candidateId);
  if (state.status !== 'deleted' || !state.was)
    throw new ConflictError('not_deleted', `Candidate ${command.data.candidateId} is not deleted, so there is nothing to restore`);
  return [{ type: 'CandidateRestored', data: { candidateId: state.id } }];
}

/**
 * The status follows the work: placed when an application reaches Placed; back to what it was
 * when the last placement standing is undone (the one that set it, or one made while the
 * candidate was already placed), unless someone changed the status by hand meanwhile. While
 * another application stays at Placed the candidate stays placed.
 */
function followPlacement(command: FollowPlacement, state: CandidateState): CandidateEvent[] {
  if (state.status !== 'registered') return [];
  const { applicationId, placed, othersPlaced } = command.data;
  const current = state.fields.status;
  if (placed) {
    if (current === 'placed') return [];
    return [
      {
        type: 'CandidateStatusFollowedPlacement',
        data: { candidateId: state.id, applicationId, status: 'placed', previousStatus: current },
      },
    ];
  }
  const placement = state.placement;
  if (!placement || current !== 'placed') return [];
  // unknown (undefined): only the placement that set the status takes it back
  if (othersPlaced === true || (othersPlaced === undefined && placement.applicationId !== applicationId)) return [];
  return [
    {
      type: 'CandidateStatusFollowedPlacement',
      data: { candidateId: state.id, applicationId, status: placement.previousStatus, previousStatus: current },
    },
  ];
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
    case 'RestoreCandidate':
      return restore(command, state);
    case 'FollowPlacement':
      return followPlacement(command, state);
    case 'EraseCandidate':
      if (state.status === 'empty') throw new NotFoundError('Candidate', command.data.candidateId);
      if (state.status === 'erased') throw new ConflictError('already_erased', `Candidate ${command.data.candidateId} is already erased`);
      return [{ type: 'CandidateErased', data: { candidateId: state.id, reason: command.data.reason } }];
    default:
      return assertNever(command);
  }
}

export const candidateDecider: Decider<CandidateState, CandidateCommand, CandidateEvent> = {
  eventTypes: [
    'CandidateRegistered',
    'CandidateUpdated',
    'CandidateDeleted',
    'CandidateResumeUploaded',
    'CandidateRestored',
    'CandidateStatusFollowedPlacement',
    'CandidateErased',
  ],
  initialState,
  evolve,
  decide,
};
