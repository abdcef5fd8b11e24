import { toApplicationPairStreamId, toApplicationStreamId, toCandidateStreamId, toJobStreamId, type ApplicationStage } from '@ats/events';
import { handleCommand, streamState } from '../../command-handler';
import { candidateDecider } from '../candidates/decider';
import type { Call, Deps, Result } from '../context';
import { jobDecider } from '../jobs/decider';
import { NotFoundError } from '../shared/errors';
import { applicationDecider } from './decider';
import { pairReservationDecider } from './pair-reservation';

export async function attachCandidateToJob(deps: Deps, call: Call, candidateId: number, jobId: number): Promise<Result> {
  const ctx = { eventStore: deps.eventStore, correlationId: call.correlationId };
  const [candidate, job] = await Promise.all([
    streamState(deps.eventStore, toCandidateStreamId(candidateId), candidateDecider),
    streamState(deps.eventStore, toJobStreamId(jobId), jobDecider),
  ]);
  if (candidate.status !== 'registered') throw new NotFoundError('Candidate', candidateId);
  if (job.status !== 'active') throw new NotFoundError('Job', jobId);
  const applicationId = await deps.allocateId('application');
  // the pair stream is created once: attaching the same pair twice is a 409 even under concurrency
  await handleCommand(ctx, toApplicationPairStreamId(candidateId, jobId), pairReservationDecider, {
    type: 'ReserveApplicationPair',
    data: { candidateId, jobId, applicationId },
    metadata: call.metadata,
  }, 0);
  const outcome = await handleCommand(ctx, toApplicationStreamId(applicationId), applicationDecider, {
    type: 'CreateApplication',
    data: { applicationId, candidateId, jobId, candidateExists: true, jobExists: true },
    metadata: call.metadata,
  });
  return { id: applicationId, position: outcome.position };
}

export async function changeApplicationStage(
  deps: Deps,
  call: Call,
  applicationId: number,
  stage: ApplicationStage,
  fromStage: ApplicationStage | undefined,
): Promise<Result & { stage: ApplicationStage }> {
  const outcome = await handleCommand({ eventStore: deps.eventStore, correlationId: call.correlationId }, toApplicationStreamId(applicationId), applicationDecider, {
    type: 'ChangeApplicationStage',
    data: { applicationId, stage, fromStage },
    metadata: call.metadata,
  });
  return { id: applicationId, position: outcome.position, stage };
}
