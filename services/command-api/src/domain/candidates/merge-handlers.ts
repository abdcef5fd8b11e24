import type { EventOfType } from '@ats/events';
import type { ParsedBodyOf, contracts } from '@ats/contracts';
import { scopeOf } from '../../command-handler';
import { candidates } from '../aggregates';
import type { Call, Deps, Result } from '../context';
import { ConflictError, NotFoundError } from '../shared/errors';
import { decideUnmerge, planMerge } from './merge';

type MergeInput = ParsedBodyOf<typeof contracts.mergeCandidates>;

function assertSeen(id: number, seen: number | undefined, current: number) {
  if (seen !== undefined && seen !== current)
    throw new ConflictError('merge_conflict', `Candidate ${id} was changed while you were merging; review the records and merge again`, {
      candidateId: id,
    });
}

/**
 * Merges `absorbedId` into `survivorId`. The one `CandidatesMerged` event goes first to the
 * absorbed record's stream and then to the survivor's, each at the revision the plan was made
 * from, so a concurrent edit of either record is a 409 and nothing is merged (if the survivor
 * changed between the two appends, the absorbed record is released again by an unmerge).
 */
export async function mergeCandidates(deps: Deps, call: Call, survivorId: number, input: MergeInput): Promise<Result> {
  const scope = scopeOf(deps, call);
  const [survivor, absorbed] = await Promise.all([
    candidates.load(deps.eventStore, survivorId),
    candidates.load(deps.eventStore, input.absorbedId),
  ]);
  // planMerge knows a record that does not exist only as id 0 ("Candidate 0 not found": sweep five)
  if (survivor.state.status !== 'registered') throw new NotFoundError('Candidate', survivorId);
  if (absorbed.state.status !== 'registered') throw new NotFoundError('Candidate', input.absorbedId);
  assertSeen(survivorId, input.survivorRevision, survivor.revision);
  assertSeen(input.absorbedId, input.absorbedRevision, absorbed.revision);
  const data = planMerge(survivor.state, absorbed.state, input.choices, call.metadata.now);
  // the survivor's side is decided first (no append), so a refused merge appends nothing
  await candidates.check(scope, survivorId, { type: 'MergeCandidates', data });
  await candidates.execute(scope, input.absorbedId, { type: 'AbsorbIntoSurvivor', data }, { expectedRevision: absorbed.revision });
  try {
    const outcome = await candidates.execute(scope, survivorId, { type: 'MergeCandidates', data }, { expectedRevision: survivor.revision });
    return { id: survivorId, position: outcome.position };
  } catch (error) {
    await candidates.handle(scope, input.absorbedId, (state) =>
      state.status === 'merged' ? [{ type: 'CandidatesUnmerged', data: { survivorId, absorbedId: input.absorbedId, restored: {} } }] : [],
    );
    throw error;
  }
}

/** Undo of a merge: decided on the survivor (window, restored fields), then the absorbed record is released. */
export async function unmergeCandidates(deps: Deps, call: Call, survivorId: number, absorbedId: number): Promise<Result> {
  const scope = scopeOf(deps, call);
  let event: EventOfType<'CandidatesUnmerged'> | undefined;
  const command = { type: 'UnmergeCandidates' as const, data: { survivorId, absorbedId }, metadata: call.metadata };
  await candidates.check(scope, absorbedId, {
    type: 'ReleaseFromSurvivor',
    data: { survivorId, absorbedId, event: { type: 'CandidatesUnmerged', data: { survivorId, absorbedId, restored: {} } } },
  });
  await candidates.handle(scope, survivorId, (state) => {
    const events = decideUnmerge(command, state);
    event = events[0];
    return events;
  });
  if (!event) throw new ConflictError('not_merged', `Candidate ${absorbedId} is not merged into candidate ${survivorId}`);
  const released = await candidates.execute(scope, absorbedId, { type: 'ReleaseFromSurvivor', data: { survivorId, absorbedId, event } });
  return { id: survivorId, position: released.position };
}
