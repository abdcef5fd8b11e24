import type { CandidateChanges, CandidatesMerged, EventOfType } from '@ats/events';
import { MERGE_FIELDS, UNMERGE_WINDOW_DAYS, type MergeChoices } from '@ats/contracts';
import type { CommandMetadata } from '../shared/decider';
import { ConflictError, DomainError, NotFoundError } from '../shared/errors';

type Fields = Required<CandidateChanges>;
/** A merge the survivor took part in: what it took from the absorbed record and what that replaced. */
export type MergeRecord = { absorbedId: number; mergedAt: string; changes: CandidateChanges; previous: CandidateChanges };
type Live = { status: 'registered'; id: number; fields: Fields; mergedFrom?: MergeRecord[] };
type Absorbed = { status: 'merged'; id: number; survivorId: number; mergedAt: string };
type AnyState = { status: string; id?: number };

/** Merge the absorbed record into the survivor: one event, appended to both streams. */
export type MergeCandidates = { type: 'MergeCandidates'; data: CandidatesMerged; metadata: CommandMetadata };
/** Undo of a merge within the window (decided on the survivor's stream, then appended to both). */
export type UnmergeCandidates = { type: 'UnmergeCandidates'; data: { survivorId: number; absorbedId: number }; metadata: CommandMetadata };

const DAY_MS = 24 * 60 * 60 * 1000;

/** 400: a merge of a record with itself. */
export class SameCandidateError extends DomainError {
  constructor() {
    super(400, 'validation_failed', 'Bad Request', 'Choose two different candidates to merge', {
      errors: [{ path: 'absorbedId', message: 'Choose two different candidates to merge' }],
    });
  }
}

/**
 * What a merge writes, from both records' current states and the user's per-field choices: the
 * survivor takes the absorbed record's value of each field chosen so (skills are always united),
 * and `previous` keeps the values they replace so an unmerge can put them back.
 */
export function planMerge(survivor: AnyState, absorbed: AnyState, choices: MergeChoices, now: string): CandidatesMerged {
  const survivorId = survivor.id ?? 0;
  const absorbedId = absorbed.id ?? 0;
  if (survivor.status !== 'registered') throw new NotFoundError('Candidate', survivorId);
  if (absorbed.status !== 'registered') throw new NotFoundError('Candidate', absorbedId);
  if (survivorId === absorbedId) throw new SameCandidateError();
  const s = (survivor as Live).fields;
  const a = (absorbed as Live).fields;
  const changes: Record<string, unknown> = {};
  const previous: Record<string, unknown> = {};
  for (const field of MERGE_FIELDS) {
    if (choices[field] !== 'absorbed') continue;
    if (JSON.stringify(s[field] ?? null) === JSON.stringify(a[field] ?? null)) continue;
    changes[field] = a[field];
    previous[field] = s[field];
  }
  const skills = [...new Set([...s.skills, ...a.skills])];
  if (skills.length !== s.skills.length) {
    changes.skills = skills;
    previous.skills = s.skills;
  }
  return { survivorId, absorbedId, changes: changes as CandidateChanges, previous: previous as CandidateChanges, mergedAt: now };
}

/** The survivor's side of a merge: it must still be live and not the absorbed record. */
export function decideMergeAsSurvivor(command: MergeCandidates, state: AnyState): Array<EventOfType<'CandidatesMerged'>> {
  if (state.status !== 'registered') throw new NotFoundError('Candidate', command.data.survivorId);
  if (command.data.survivorId === command.data.absorbedId) throw new SameCandidateError();
  return [{ type: 'CandidatesMerged', data: command.data }];
}

/** The absorbed record's side: only a live record can be absorbed (not one merged already). */
export function decideMergeAsAbsorbed(command: MergeCandidates, state: AnyState): Array<EventOfType<'CandidatesMerged'>> {
  if (state.status === 'merged')
    throw new ConflictError('already_merged', `Candidate ${command.data.absorbedId} was already merged into another record`);
  if (state.status !== 'registered') throw new NotFoundError('Candidate', command.data.absorbedId);
  return [{ type: 'CandidatesMerged', data: command.data }];
}

/**
 * Undo of a merge, decided on the survivor: the merge must be on record and at most
 * UNMERGE_WINDOW_DAYS old. Only fields that still hold the merged value are restored, so an
 * edit made after the merge is not lost.
 */
export function decideUnmerge(command: UnmergeCandidates, state: AnyState): Array<EventOfType<'CandidatesUnmerged'>> {
  const { survivorId, absorbedId } = command.data;
  if (state.status !== 'registered') throw new NotFoundError('Candidate', survivorId);
  const live = state as Live;
  const merge = live.mergedFrom?.find((m) => m.absorbedId === absorbedId);
  if (!merge) throw new ConflictError('not_merged', `Candidate ${absorbedId} is not merged into candidate ${survivorId}`);
  const age = Date.parse(command.metadata.now) - Date.parse(merge.mergedAt);
  if (age > UNMERGE_WINDOW_DAYS * DAY_MS)
    throw new ConflictError(
      'unmerge_expired',
      `A merge can be undone for ${UNMERGE_WINDOW_DAYS} days; this one was made on ${merge.mergedAt}`,
    );
  const restored: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(merge.changes)) {
    const current = live.fields[field as keyof Fields];
    if (JSON.stringify(current ?? null) === JSON.stringify(value ?? null))
      restored[field] = merge.previous[field as keyof CandidateChanges];
  }
  return [{ type: 'CandidatesUnmerged', data: { survivorId, absorbedId, restored: restored as CandidateChanges } }];
}

/** The absorbed record's side of an unmerge: it must be merged into that survivor. */
export function decideUnmergeAsAbsorbed(command: UnmergeCandidates, state: AnyState, event: EventOfType<'CandidatesUnmerged'>) {
  const absorbed = state as Absorbed;
  if (state.status !== 'merged' || absorbed.survivorId !== command.data.survivorId)
    throw new ConflictError('not_merged', `Candidate ${command.data.absorbedId} is not merged into candidate ${command.data.survivorId}`);
  return [event];
}
