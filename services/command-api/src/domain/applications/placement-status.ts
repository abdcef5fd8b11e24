import type { ApplicationStage } from '@ats/events';
import type { CommandScope } from '../../command-handler';
import type { EventStore } from '@ats/storage';
import { applications, candidates } from '../aggregates';

/**
 * Whether another application of the candidate stands at Placed, from the event store (the
 * candidate's applications by their `ApplicationCreated`, each one's stream for its stage).
 */
async function othersPlaced(eventStore: EventStore, candidateId: number, applicationId: number): Promise<boolean> {
  const created = await eventStore.readAll({ types: ['ApplicationCreated'] });
  const others = new Set(
    created.flatMap((event) => {
      const data = event.data as { applicationId: number; candidateId: number };
      return data.candidateId === candidateId && data.applicationId !== applicationId ? [data.applicationId] : [];
    }),
  );
  for (const id of others) {
    const state = await applications.state(eventStore, id);
    if (state.status === 'active' && state.stage === 'placed') return true;
  }
  return false;
}

/**
 * Candidate status follows the work: when an application reaches Placed, the candidate's status
 * becomes placed; when that placement is undone (moved out of Placed, detached) it goes back to
 * what it was, unless another application of the candidate still stands at Placed. Recorded as `CandidateStatusFollowedPlacement` on the candidate's stream, so the
 * log says why the status changed. Returns the position of what was appended (0 = nothing).
 */
export async function followPlacement(
  scope: CommandScope,
  application: { applicationId: number; candidateId: number },
  before: ApplicationStage | null,
  after: ApplicationStage | null,
): Promise<number> {
  const wasPlaced = before === 'placed';
  const isPlaced = after === 'placed';
  if (wasPlaced === isPlaced) return 0;
  const others = isPlaced ? false : await othersPlaced(scope.eventStore, application.candidateId, application.applicationId);
  const outcome = await candidates.execute(scope, application.candidateId, {
    type: 'FollowPlacement',
    data: { candidateId: application.candidateId, applicationId: application.applicationId, placed: isPlaced, othersPlaced: others },
  });
  return outcome.appended > 0 ? outcome.position : 0;
}
