import type { ParsedBodyOf, contracts } from '@ats/contracts';
import { executeEdit, loadEditBase, scopeOf } from '../../command-handler';
import { clients, isLiveClient, jobs } from '../aggregates';
import type { Call, Deps, Result } from '../context';
import { jobDecider, type CreateJob } from './decider';

/** Whether `clientId` names a live client; no client (null or not given) is nothing to check. */
async function clientExists(deps: Deps, clientId: number | null | undefined): Promise<boolean> {
  return clientId === null || clientId === undefined || isLiveClient(await clients.state(deps.eventStore, clientId));
}

export async function createJob(deps: Deps, call: Call, input: ParsedBodyOf<typeof contracts.createJob>): Promise<Result> {
  const scope = scopeOf(deps, call);
  const clientId = input.clientId ?? null;
  const exists = await clientExists(deps, clientId);
  const data = (jobId: number): CreateJob['data'] => ({
    jobId,
    title: input.title,
    department: input.department ?? null,
    description: input.description ?? null,
    requirements: input.requirements ?? null,
    salaryMin: input.salaryMin ?? null,
    salaryMax: input.salaryMax ?? null,
    hourlyRateMin: input.hourlyRateMin ?? null,
    hourlyRateMax: input.hourlyRateMax ?? null,
    location: input.location ?? null,
    type: input.type,
    priority: input.priority,
    status: input.status,
    clientId,
    feePercentage: input.feePercentage,
    openings: input.openings ?? 1,
    clientExists: exists,
  });
  // check before allocating so a bad client id does not burn a job id
  await jobs.check(scope, null, { type: 'CreateJob', data: data(0) });
  const jobId = await deps.allocateId('job');
  const outcome = await jobs.execute(scope, jobId, { type: 'CreateJob', data: data(jobId) });
  return { id: jobId, position: outcome.position };
}

export async function updateJob(deps: Deps, call: Call, jobId: number, input: ParsedBodyOf<typeof contracts.updateJob>): Promise<Result> {
  const { baseRevision, ...fields } = input;
  const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  const exists = await clientExists(deps, input.clientId);
  const outcome = await executeEdit(
    baseRevision,
    () =>
      loadEditBase(deps.eventStore, jobs.streamId(jobId), jobDecider, baseRevision ?? -1, 'JobUpdated', (state) =>
        state.status === 'active' ? state.fields : null,
      ),
    (base, expectedRevision) =>
      jobs.execute(
        scopeOf(deps, call),
        jobId,
        { type: 'UpdateJob', data: { jobId, changes, clientExists: exists, base } },
        expectedRevision === undefined ? {} : { expectedRevision },
      ),
  );
  return { id: jobId, position: outcome.position };
}

export async function deleteJob(deps: Deps, call: Call, jobId: number): Promise<Result> {
  const outcome = await jobs.execute(scopeOf(deps, call), jobId, { type: 'DeleteJob', data: { jobId } });
  return { id: jobId, position: outcome.position };
}

/** Undo of a delete: the job comes back, and with it its attached candidates on the board. */
export async function restoreJob(deps: Deps, call: Call, jobId: number): Promise<Result> {
  const outcome = await jobs.execute(scopeOf(deps, call), jobId, { type: 'RestoreJob', data: { jobId } });
  return { id: jobId, position: outcome.position };
}
