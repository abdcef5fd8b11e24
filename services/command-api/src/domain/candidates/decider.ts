import type { CandidateChanges, CandidateRegistered, CandidateResumeUploaded, EventOfType } from '@ats/events';
import { assertNever, type CommandMetadata, type Decider } from '../shared/decider';
import { changedFields, isEmpty } from '../shared/changes';
import { resolveEdit, type EditBase } from '../shared/edit-conflicts';
import { ConflictError, NotFoundError } from '../shared/errors';
import {
  decideMergeAsAbsorbed,
  decideMergeAsSurvivor,
  decideUnmerge,
  decideUnmergeAsAbsorbed,
  type MergeCandidates,
  type MergeRecord,
  type UnmergeCandidates,
} from './merge';

export type CandidateEvent =
  | EventOfType<'CandidateRegistered'>
  | EventOfType<'CandidateUpdated'>
  | EventOfType<'CandidateDeleted'>
  | EventOfType<'CandidateResumeUploaded'>
  | EventOfType<'CandidateRestored'>
  | EventOfType<'CandidateStatusFollowedPlacement'>
  | EventOfType<'CandidateErased'>
  | EventOfType<'CandidateConsentRecorded'>
  | EventOfType<'CandidateRetentionExtended'>
  | EventOfType<'CandidatesMerged'>
  | EventOfType<'CandidatesUnmerged'>
  | EventOfType<'CandidateAnonymised'>;

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
  /** the merges this record survived, newest last (an unmerge takes its entry out) */
  mergedFrom?: MergeRecord[];
};

export type CandidateState =
  | { status: 'empty' }
  | RegisteredCandidate
  /** a deleted candidate keeps what it was, so a restore brings it back as it was */
  | { status: 'deleted'; id: number; email: string; was?: RegisteredCandidate }
  /** personal data erased (the key destroyed): nothing more can happen to it, but an anonymised
   * record (kept for statistics) may still be erased for good */
  | { status: 'erased'; id: number; anonymised?: true }
  /** absorbed by a merge: its events stay on its stream, an unmerge brings it back as it was */
  | { status: 'merged'; id: number; email: string; survivorId: number; mergedAt: string; was: RegisteredCandidate };

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
export type AnonymiseCandidate = {
  type: 'AnonymiseCandidate';
  data: { candidateId: number; reason: string };
  metadata: CommandMetadata;
};
/** Record the lawful basis and consent state (GDPR Art. 6/7). */
export type RecordConsent = {
  type: 'RecordConsent';
  data: EventOfType<'CandidateConsentRecorded'>['data'];
  metadata: CommandMetadata;
};
/** Keep a candidate past the retention limit for `months` more months (from now). */
export type ExtendRetention = {
  type: 'ExtendRetention';
  data: { candidateId: number; months: number; reason: string | null };
  metadata: CommandMetadata;
};
/** The absorbed record's side of a merge / an unmerge, appended with the same event as the survivor's. */
export type AbsorbIntoSurvivor = { type: 'AbsorbIntoSurvivor'; data: MergeCandidates['data']; metadata: CommandMetadata };
export type ReleaseFromSurvivor = {
  type: 'ReleaseFromSurvivor';
  data: UnmergeCandidates['data'] & { event: EventOfType<'CandidatesUnmerged'> };
  metadata: CommandMetadata;
};
export type CandidateCommand =
  | RegisterCandidate
  | UpdateCandidate
  | DeleteCandidate
  | UploadResume
  | RestoreCandidate
  | FollowPlacement
  | RecordConsent
  | ExtendRetention
  | MergeCandidates
  | AbsorbIntoSurvivor
  | UnmergeCandidates
  | ReleaseFromSurvivor
  | EraseCandidate
  | AnonymiseCandidate;

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
    case 'CandidateAnonymised':
      return { status: 'erased', id: event.data.candidateId, anonymised: true };
    case 'CandidatesMerged':
      return evolveMerged(state, event.data);
    case 'CandidatesUnmerged':
      return evolveUnmerged(state, event.data);
    case 'CandidateConsentRecorded':
    case 'CandidateRetentionExtended':
      return state;
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

function evolveMerged(state: CandidateState, d: EventOfType<'CandidatesMerged'>['data']): CandidateState {
  if (state.status !== 'registered') return state;
  if (state.id === d.absorbedId)
    return { status: 'merged', id: state.id, email: state.email, survivorId: d.survivorId, mergedAt: d.mergedAt, was: state };
  const fields = { ...state.fields, ...d.changes };
  const entry = { absorbedId: d.absorbedId, mergedAt: d.mergedAt, changes: d.changes, previous: d.previous };
  const mergedFrom = [...(state.mergedFrom ?? []), entry];
  return { ...state, fields, email: fields.email, firstName: fields.firstName, lastName: fields.lastName, mergedFrom };
}

function evolveUnmerged(state: CandidateState, d: EventOfType<'CandidatesUnmerged'>['data']): CandidateState {
  if (state.status === 'merged' && state.id === d.absorbedId) return state.was;
  if (state.status !== 'registered' || state.id !== d.survivorId) return state;
  const fields = { ...state.fields, ...d.restored };
  const { mergedFrom: merges = [], ...rest } = state;
  const mergedFrom = merges.filter((m) => m.absorbedId !== d.absorbedId);
  const names = { email: fields.email, firstName: fields.firstName, lastName: fields.lastName };
  return { ...rest, fields, ...names, ...(mergedFrom.length > 0 ? { mergedFrom } : {}) };
}

function recordConsent(command: RecordConsent, state: CandidateState): CandidateEvent[] {
  if (state.status !== 'registered') throw new NotFoundError('Candidate', command.data.candidateId);
  return [{ type: 'CandidateConsentRecorded', data: { ...command.data, candidateId: state.id } }];
}

function extendRetention(command: ExtendRetention, state: CandidateState): CandidateEvent[] {
  if (state.status !== 'registered') throw new NotFoundError('Candidate', command.data.candidateId);
  const until = new Date(command.metadata.now);
  until.setUTCMonth(until.getUTCMonth() + command.data.months);
  const { months, reason } = command.data;
  return [{ type: 'CandidateRetentionExtended', data: { candidateId: state.id, months, reason, until: until.toISOString() } }];
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
      if (state.status === 'erased' && !state.anonymised) {
        throw new ConflictError('already_erased', `Candidate ${command.data.candidateId} is already erased`);
      }
      return [{ type: 'CandidateErased', data: { candidateId: state.id, reason: command.data.reason } }];
    case 'AnonymiseCandidate':
      if (state.status === 'empty') throw new NotFoundError('Candidate', command.data.candidateId);
      if (state.status === 'erased') {
        const what = state.anonymised ? 'anonymised' : 'erased';
        throw new ConflictError('already_erased', `Candidate ${command.data.candidateId} is already ${what}`);
      }
      return [{ type: 'CandidateAnonymised', data: { candidateId: state.id, reason: command.data.reason } }];
    case 'RecordConsent':
      return recordConsent(command, state);
    case 'ExtendRetention':
      return extendRetention(command, state);
    case 'MergeCandidates':
      return decideMergeAsSurvivor(command, state);
    case 'AbsorbIntoSurvivor':
      return decideMergeAsAbsorbed({ ...command, type: 'MergeCandidates' }, state);
    case 'UnmergeCandidates':
      return decideUnmerge(command, state);
    case 'ReleaseFromSurvivor':
      return decideUnmergeAsAbsorbed({ ...command, type: 'UnmergeCandidates' }, state, command.data.event);
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
    'CandidateConsentRecorded',
    'CandidateRetentionExtended',
    'CandidatesMerged',
    'CandidatesUnmerged',
    'CandidateAnonymised',
  ],
  initialState,
  evolve,
  decide,
};
