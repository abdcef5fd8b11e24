import { toApplicationPairStreamId, toApplicationStreamId, toCandidateStreamId, toJobStreamId, type ApplicationStage } from '@ats/events';
import { handleCommand, streamState } from '../../command-handler';
import { candidateDecider } from '../candidates/decider';
import type { Call, Deps, Result } from '../context';
import { jobDecider } from '../jobs/decider';
import { NotFoundError } from '../shared/errors';
import { applicationDecider, type PlacementTerms } from './decider';
import { pairReservationDecider } from './pair-reservation';

export async function attachCandidateToJob(deps: Deps, call: Call, candidateId: number, jobId: number): Promise<Result> {
  const ctx = { eventStore: deps.eventStore, correlationId: call.correlationId };
  const [candidate, job] = await Promise.all([
    streamState(deps.eventStore, toCandidateStreamId(candidateId), candidateDecider),
    streamState(deps.eventStore, toJobStreamId(jobId), jobDecider),
  ]);
  if (candidate.status !== 'registered') throw new NotFoundError('Candidate', candidateId);
  if (job.status !== 'active') throw new NotFoundError('Job', jobId);
  // refuse a pair already attached before spending an id (a rejected command appends nothing)
  const pair = await streamState(deps.eventStore, toApplicationPairStreamId(candidateId, jobId), pairReservationDecider);
  pairReservationDecider.decide(
    { type: 'ReserveApplicationPair', data: { candidateId, jobId, applicationId: 0 }, metadata: call.metadata },
    pair,
  );
  const applicationId = await deps.allocateId('application');
  // the pair stream is created once: attaching the same pair twice is a 409 even under concurrency
  await handleCommand(
    ctx,
    toApplicationPairStreamId(candidateId, jobId),
    pairReservationDecider,
    {
      type: 'ReserveApplicationPair',
      data: { candidateId, jobId, applicationId },
      metadata: call.metadata,
    },
    0,
  );
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
  salary?: number,
): Promise<Result & { stage: ApplicationStage }> {
  // a placement records the fee, so a move to placed needs the job's salary range and fee percentage
  let terms: PlacementTerms | null = null;
  if (stage === 'placed') {
    const application = await streamState(deps.eventStore, toApplicationStreamId(applicationId), applicationDecider);
    if (application.status === 'active') {
      const job = await streamState(deps.eventStore, toJobStreamId(application.jobId), jobDecider);
      if (job.status === 'active')
        terms = { salaryMin: job.fields.salaryMin, salaryMax: job.fields.salaryMax, feePercentage: job.fields.feePercentage };
    }
  }
  const outcome = await handleCommand(
    { eventStore: deps.eventStore, correlationId: call.correlationId },
    toApplicationStreamId(applicationId),
    applicationDecider,
    {
      type: 'ChangeApplicationStage',
      data: { applicationId, stage, fromStage, salary, terms },
      metadata: call.metadata,
    },
  );
  return { id: applicationId, position: outcome.position, stage };
}

/** Detaches the candidate from the job and frees the pair so it can be attached again. */
export async function detachApplication(deps: Deps, call: Call, applicationId: number): Promise<Result> {
  const ctx = { eventStore: deps.eventStore, correlationId: call.correlationId };
  const outcome = await handleCommand(ctx, toApplicationStreamId(applicationId), applicationDecider, {
    type: 'DetachApplication',
    data: { applicationId },
    metadata: call.metadata,
  });
  if (outcome.state.status !== 'detached') return { id: applicationId, position: outcome.position };
  const { candidateId, jobId } = outcome.state;
  const released = await handleCommand(ctx, toApplicationPairStreamId(candidateId, jobId), pairReservationDecider, {
    type: 'ReleaseApplicationPair',
    data: { candidateId, jobId, applicationId },
    metadata: call.metadata,
  });
  return { id: applicationId, position: Math.max(outcome.position, released.position) };
}
