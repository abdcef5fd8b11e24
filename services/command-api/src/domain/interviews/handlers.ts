import type { ParsedBodyOf, contracts } from '@ats/contracts';
import { scopeOf } from '../../command-handler';
import { candidates, interviews, isLiveCandidate, isLiveJob, jobs } from '../aggregates';
import type { Call, Deps, Result } from '../context';
import type { ScheduleInterview } from './decider';

export async function scheduleInterview(deps: Deps, call: Call, input: ParsedBodyOf<typeof contracts.scheduleInterview>): Promise<Result> {
  const scope = scopeOf(deps, call);
  const jobId = input.jobId ?? null;
  const [candidate, job] = await Promise.all([
    candidates.state(deps.eventStore, input.candidateId),
    jobId === null ? null : jobs.state(deps.eventStore, jobId),
  ]);
  const data = (interviewId: number): ScheduleInterview['data'] => ({
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
    candidateExists: isLiveCandidate(candidate),
    // an interview without a job refers to none
    jobExists: job === null || isLiveJob(job),
  });
  // check before allocating so a bad reference does not burn an interview id
  await interviews.check(scope, null, { type: 'ScheduleInterview', data: data(0) });
  const interviewId = await deps.allocateId('interview');
  const outcome = await interviews.execute(scope, interviewId, { type: 'ScheduleInterview', data: data(interviewId) });
  return { id: interviewId, position: outcome.position };
}
