import { toClientStreamId, toJobStreamId } from '@ats/events';
import type { ParsedBodyOf, contracts } from '@ats/contracts';
import { handleCommand, streamState } from '../../command-handler';
import { clientDecider } from '../clients/decider';
import type { Call, Deps, Result } from '../context';
import { NotFoundError } from '../shared/errors';
import { jobDecider } from './decider';

export async function createJob(deps: Deps, call: Call, input: ParsedBodyOf<typeof contracts.createJob>): Promise<Result> {
  const clientId = input.clientId ?? null;
  const clientExists =
    clientId === null ? false : (await streamState(deps.eventStore, toClientStreamId(clientId), clientDecider)).status === 'active';
  // check before allocating so a bad client id does not burn a job id
  if (clientId !== null && !clientExists) throw new NotFoundError('Client', clientId);
  const jobId = await deps.allocateId('job');
  const outcome = await handleCommand(
    { eventStore: deps.eventStore, correlationId: call.correlationId },
    toJobStreamId(jobId),
    jobDecider,
    {
      type: 'CreateJob',
      data: {
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
        clientExists,
      },
      metadata: call.metadata,
    },
  );
  return { id: jobId, position: outcome.position };
}

export async function updateJob(deps: Deps, call: Call, jobId: number, input: ParsedBodyOf<typeof contracts.updateJob>): Promise<Result> {
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const clientId = input.clientId;
  const clientExists =
    clientId === undefined || clientId === null
      ? true
      : (await streamState(deps.eventStore, toClientStreamId(clientId), clientDecider)).status === 'active';
  const outcome = await handleCommand(
    { eventStore: deps.eventStore, correlationId: call.correlationId },
    toJobStreamId(jobId),
    jobDecider,
    {
      type: 'UpdateJob',
      data: { jobId, changes, clientExists },
      metadata: call.metadata,
    },
  );
  return { id: jobId, position: outcome.position };
}

export async function deleteJob(deps: Deps, call: Call, jobId: number): Promise<Result> {
  const outcome = await handleCommand(
    { eventStore: deps.eventStore, correlationId: call.correlationId },
    toJobStreamId(jobId),
    jobDecider,
    {
      type: 'DeleteJob',
      data: { jobId },
      metadata: call.metadata,
    },
  );
  return { id: jobId, position: outcome.position };
}
