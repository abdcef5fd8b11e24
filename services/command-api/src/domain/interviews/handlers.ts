import { toCandidateStreamId, toInterviewStreamId, toJobStreamId } from '@ats/events';
import type { ParsedBodyOf, contracts } from '@ats/contracts';
import { handleCommand, streamState } from '../../command-handler';
import { candidateDecider } from '../candidates/decider';
import type { Call, Deps, Result } from '../context';
import { jobDecider } from '../jobs/decider';
import { NotFoundError } from '../shared/errors';
import { interviewDecider } from './decider';

export async function scheduleInterview(deps: Deps, call: Call, input: ParsedBodyOf<typeof contracts.scheduleInterview>): Promise<Result> {
  const jobId = input.jobId ?? null;
  const [candidate, job] = await Promise.all([
    streamState(deps.eventStore, toCandidateStreamId(input.candidateId), candidateDecider),
    jobId === null ? null : streamState(deps.eventStore, toJobStreamId(jobId), jobDecider),
  ]);
  // check before allocating so a bad reference does not burn an interview id
  if (candidate.status !== 'registered') throw new NotFoundError('Candidate', input.candidateId);
  if (jobId !== null && job?.status !== 'active') throw new NotFoundError('Job', jobId);
  const interviewId = await deps.allocateId('interview');
  const outcome = await handleCommand(
    { eventStore: deps.eventStore, correlationId: call.correlationId },
    toInterviewStreamId(interviewId),
    interviewDecider,
    {
      type: 'ScheduleInterview',
      data: {
        interviewId,
        candidateId: input.candidateId,
        jobId,
        interviewerName: input.interviewerName ?? null,
        scheduledAt: new Date(input.scheduledAt).toISOString(),
        duration: input.duration,
        location: input.location ?? null,
        type: input.type,
        status: input.status,
        notes: input.notes ?? null,
        candidateExists: true,
        jobExists: true,
      },
      metadata: call.metadata,
    },
  );
  return { id: interviewId, position: outcome.position };
}
