import { describe, expect, it } from 'vitest';
import {
  ChangedMessageSchema,
  EditConflictProblemSchema,
  PresenceJoinAckSchema,
  PresenceMessageSchema,
  ProblemSchema,
  StageConflictProblemSchema,
} from '@ats/contracts';
import { asChangedMessage, asEditConflict, asPresenceJoined, asPresenceMessage, asProblem, asStageConflict } from './wire-checks';

// each hand-written check must agree with the contract's zod schema it stands in for
const problem = { type: 'about:blank', title: 'Conflict', status: 409, code: 'x', errors: [{ path: 'a', message: 'b' }] };
const member = { userId: 'u1', name: 'Ann', readOnly: false, activity: { cardId: 3, dragging: true } };

describe('wire-checks agree with the contracts', () => {
  it.each([
    problem,
    { ...problem, detail: 'why', extra: 1 },
    { ...problem, status: 409.5 },
    { ...problem, errors: [{ path: 1 }] },
    { ...problem, code: undefined },
    null,
    'text',
  ])('problem %#', (value) => {
    expect(asProblem(value) !== null).toBe(ProblemSchema.safeParse(value).success);
  });

  it.each([
    { ...problem, code: 'stage_conflict', currentStage: 'offer', movedBy: { id: 'u', name: 'N' }, movedAt: '2026-01-01' },
    { ...problem, code: 'stage_conflict', currentStage: 'offer', movedBy: null, movedAt: null },
    { ...problem, code: 'stage_conflict', currentStage: 'offer', movedAt: null },
    { ...problem, code: 'edit_conflict', currentStage: 'offer', movedBy: null, movedAt: null },
  ])('stage conflict %#', (value) => {
    expect(asStageConflict(value) !== null).toBe(StageConflictProblemSchema.safeParse(value).success);
  });

  it.each([
    {
      ...problem,
      code: 'edit_conflict',
      revision: 4,
      conflicts: [{ field: 'a', yours: 1, theirs: 2, by: { id: 'u', name: 'N' }, at: 't' }],
    },
    { ...problem, code: 'edit_conflict', revision: 4, conflicts: [{ field: 'a', by: { id: 'u' }, at: 't' }] },
    { ...problem, code: 'edit_conflict', conflicts: [] },
    { ...problem, code: 'stage_conflict', revision: 4, conflicts: [] },
  ])('edit conflict %#', (value) => {
    expect(asEditConflict(value) !== null).toBe(EditConflictProblemSchema.safeParse(value).success);
  });

  it.each([
    { position: 5, readModel: 'candidates', ids: [1, '2'], eventType: 'CandidateUpdated', actor: null },
    {
      position: 5,
      readModel: 'candidates',
      ids: [1],
      eventType: 'X',
      actor: { id: 'u', name: 'N' },
      patches: [{ id: 1, revision: 5, fields: { a: 1 } }],
    },
    { position: 5, readModel: 'nope', ids: [1], eventType: 'X', actor: null },
    { position: '5', readModel: 'candidates', ids: [1], eventType: 'X', actor: null },
    { position: 5, readModel: 'candidates', ids: [1], eventType: 'X', actor: null, patches: [{ id: 1, revision: 5, fields: [] }] },
    { position: 5, readModel: 'candidates', ids: [1], eventType: 'X' },
  ])('changed notice %#', (value) => {
    expect(asChangedMessage(value) !== null).toBe(ChangedMessageSchema.safeParse(value).success);
  });

  it.each([
    { ok: true, members: [member], you: { userId: 'u1', canHide: false } },
    { ok: true, members: [{ ...member, activity: { cardId: 3, other: 1 } }], you: { userId: 'u1', canHide: false } },
    { ok: true, members: [member], you: { userId: 'u1' } },
  ])('presence join ack %#', (value) => {
    expect(asPresenceJoined(value) !== null).toBe(PresenceJoinAckSchema.safeParse(value).success);
  });

  it('a refused join is no members', () => {
    expect(asPresenceJoined({ ok: false, error: 'no' })).toBeNull();
  });

  it.each([
    { place: 'board', members: [member] },
    { place: 'job:12', members: [] },
    { place: 'desk', members: [] },
    { place: 'board', members: [{ ...member, activity: { cardId: 0 } }] },
  ])('presence message %#', (value) => {
    expect(asPresenceMessage(value) !== null).toBe(PresenceMessageSchema.safeParse(value).success);
  });
});
