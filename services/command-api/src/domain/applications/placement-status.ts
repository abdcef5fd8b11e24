import type { ApplicationStage } from '@ats/events';
import type { CommandScope } from '../../command-handler';
import { candidates } from '../aggregates';

/**
 * Candidate status follows the work: when an application reaches Placed, the candidate's status
 * becomes placed; when that placement is undone (moved out of Placed, detached) it goes back to
 * what it was. Recorded as `CandidateStatusFollowedPlacement` on the candidate's stream, so the
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
  const outcome = await candidates.execute(scope, application.candidateId, {
    type: 'FollowPlacement',
    data: { candidateId: application.candidateId, applicationId: application.applicationId, placed: isPlaced },
  });
  return outcome.appended > 0 ? outcome.position : 0;
}
