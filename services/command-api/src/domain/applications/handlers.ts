import type { ApplicationStage, CandidateSource } from '@ats/events';
import { scopeOf } from '../../command-handler';
import { applicationPairs, applications, candidates, isLiveCandidate, isLiveJob, jobs } from '../aggregates';
import type { Call, Deps, Result } from '../context';
import { applicationDecider, type ApplicationState, type ChangeApplicationStage, type PlacementTerms } from './decider';
import { followPlacement } from './placement-status';

export async function attachCandidateToJob(deps: Deps, call: Call, candidateId: number, jobId: number): Promise<Result> {
  const scope = scopeOf(deps, call);
  const [candidate, job] = await Promise.all([candidates.state(deps.eventStore, candidateId), jobs.state(deps.eventStore, jobId)]);
  const exists = { candidateExists: isLiveCandidate(candidate), jobExists: isLiveJob(job) };
  const pair = { candidateId, jobId };
  // refuse an unknown or deleted candidate or job, and a pair already attached, before spending an id
  await applications.check(scope, null, { type: 'CreateApplication', data: { applicationId: 0, candidateId, jobId, ...exists } });
  await applicationPairs.check(scope, pair, { type: 'ReserveApplicationPair', data: { candidateId, jobId, applicationId: 0 } });
  const applicationId = await deps.allocateId('application');
  // the pair stream is created once: attaching the same pair twice is a 409 even under concurrency
  await applicationPairs.execute(
    scope,
    pair,
    { type: 'ReserveApplicationPair', data: { candidateId, jobId, applicationId } },
    { retries: 0 },
  );
  const outcome = await applications.execute(scope, applicationId, {
    type: 'CreateApplication',
    data: { applicationId, candidateId, jobId, ...exists },
  });
  return { id: applicationId, position: outcome.position };
}

export interface StageChange {
  stage: ApplicationStage;
  /** the stage the user saw; a different current stage is a 409 naming who moved the card */
  fromStage?: ApplicationStage | undefined;
  /** the agreed salary (thousands) when moving to placed */
  salary?: number | undefined;
}

export async function changeApplicationStage(
  deps: Deps,
  call: Call,
  applicationId: number,
  { stage, fromStage, salary }: StageChange,
): Promise<Result & { stage: ApplicationStage }> {
  // a placement records the fee, so a move to placed needs the job's salary range and fee percentage
  let terms: PlacementTerms | null = null;
  if (stage === 'placed') {
    const application = await applications.state(deps.eventStore, applicationId);
    if (application.status === 'active') {
      const job = await jobs.state(deps.eventStore, application.jobId);
      if (job.status === 'active')
        terms = { salaryMin: job.fields.salaryMin, salaryMax: job.fields.salaryMax, feePercentage: job.fields.feePercentage };
    }
  }
  const scope = scopeOf(deps, call);
  // the stage the move starts from is the one of the state it was decided on (the state the
  // event was appended at), so any other move needs no read of its own before the command
  let decidedOn: ApplicationState = applicationDecider.initialState();
  const command: ChangeApplicationStage = {
    type: 'ChangeApplicationStage',
    data: { applicationId, stage, fromStage, salary, terms },
    metadata: scope.metadata,
  };
  const outcome = await applications.handle(scope, applicationId, (state) => {
    decidedOn = state;
    return applicationDecider.decide(command, state);
  });
  const before = decidedOn.status === 'active' ? decidedOn.stage : null;
  const followed =
    outcome.appended > 0 && outcome.state.status === 'active'
      ? await followPlacement(scope, deps.documents, { applicationId, candidateId: outcome.state.candidateId }, before, outcome.state.stage)
      : 0;
  return { id: applicationId, position: Math.max(outcome.position, followed), stage };
}

/** Detaches the candidate from the job and frees the pair so it can be attached again. */
export async function detachApplication(deps: Deps, call: Call, applicationId: number): Promise<Result> {
  const scope = scopeOf(deps, call);
  const application = await applications.state(deps.eventStore, applicationId);
  const outcome = await applications.execute(scope, applicationId, { type: 'DetachApplication', data: { applicationId } });
  if (outcome.state.status !== 'detached') return { id: applicationId, position: outcome.position };
  const { candidateId, jobId } = outcome.state;
  const released = await applicationPairs.execute(
    scope,
    { candidateId, jobId },
    { type: 'ReleaseApplicationPair', data: { candidateId, jobId, applicationId } },
  );
  const before = application.status === 'active' ? application.stage : null;
  const followed = await followPlacement(scope, deps.documents, { applicationId, candidateId }, before, null);
  return { id: applicationId, position: Math.max(outcome.position, released.position, followed) };
}

/**
 * Undo of a detach: the same application is attached again at the stage it had. The pair is
 * reserved for it again first, so a pair attached anew in the meantime is a 409.
 */
export async function restoreApplication(deps: Deps, call: Call, applicationId: number): Promise<Result> {
  const scope = scopeOf(deps, call);
  const application = await applications.state(deps.eventStore, applicationId);
  if (application.status !== 'detached') {
    // the decider words the refusal: unknown (404) or still attached (409)
    const outcome = await applications.execute(scope, applicationId, {
      type: 'RestoreApplication',
      data: { applicationId, candidateExists: true, jobExists: true },
    });
    return { id: applicationId, position: outcome.position };
  }
  const { candidateId, jobId } = application;
  const [candidate, job] = await Promise.all([candidates.state(deps.eventStore, candidateId), jobs.state(deps.eventStore, jobId)]);
  const exists = { candidateExists: isLiveCandidate(candidate), jobExists: isLiveJob(job) };
  await applications.check(scope, applicationId, { type: 'RestoreApplication', data: { applicationId, ...exists } });
  const pair = { candidateId, jobId };
  await applicationPairs.execute(
    scope,
    pair,
    { type: 'ReserveApplicationPair', data: { candidateId, jobId, applicationId } },
    { retries: 0 },
  );
  const outcome = await applications.execute(scope, applicationId, { type: 'RestoreApplication', data: { applicationId, ...exists } });
  return { id: applicationId, position: outcome.position };
}

/** Sets where one application came from (null: it follows its candidate's source). */
export async function setApplicationSource(deps: Deps, call: Call, applicationId: number, source: CandidateSource | null): Promise<Result> {
  const outcome = await applications.execute(scopeOf(deps, call), applicationId, {
    type: 'SetApplicationSource',
    data: { applicationId, source },
  });
  return { id: applicationId, position: outcome.position };
}
