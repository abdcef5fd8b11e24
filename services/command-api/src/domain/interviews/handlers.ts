import type { ParsedBodyOf, contracts } from '@ats/contracts';
import { decodeEvent, type Interviewer } from '@ats/events';
import { executeEdit, loadEditBase, scopeOf } from '../../command-handler';
import { candidates, interviews, isLiveCandidate, isLiveJob, jobs } from '../aggregates';
import type { Call, Deps, Result } from '../context';
import type { EditBase, RecordedEdit } from '../shared/edit-conflicts';
import { interviewDecider, type ScheduleInterview } from './decider';

type InterviewerInput = { userId?: string | null | undefined; name: string };
const toInterviewers = (list: InterviewerInput[]): Interviewer[] => list.map((i) => ({ userId: i.userId ?? null, name: i.name }));

/**
 * The team interviewers' accounts: which are active members (the decider holds the rule), and the
 * list with each team member under their account's name, whatever name the request gave (a
 * client could otherwise put a colleague on a panel, in the invitation and the feeds, as anyone).
 * Free-text interviewers keep the name typed.
 */
async function teamInterviewers<L extends readonly Interviewer[] | undefined>(
  deps: Deps,
  list: L,
): Promise<{ interviewers: L; activeMemberIds: string[] }> {
  const ids = [...new Set((list ?? []).flatMap((i) => (i.userId ? [i.userId] : [])))];
  const accounts = await Promise.all(ids.map((id) => deps.accounts.get(id)));
  const names = new Map(
    ids.flatMap((id, index) => {
      const account = accounts[index];
      const name = account ? `${account.firstName} ${account.lastName}`.trim() : '';
      return name ? [[id, name] as const] : [];
    }),
  );
  const named = list?.map((i) => (i.userId && names.has(i.userId) ? { ...i, name: names.get(i.userId)! } : i));
  return { interviewers: named as L, activeMemberIds: ids.filter((_, index) => accounts[index]?.active === true) };
}

export async function scheduleInterview(deps: Deps, call: Call, input: ParsedBodyOf<typeof contracts.scheduleInterview>): Promise<Result> {
  const scope = scopeOf(deps, call);
  const jobId = input.jobId ?? null;
  const [candidate, job] = await Promise.all([
    candidates.state(deps.eventStore, input.candidateId),
    jobId === null ? null : jobs.state(deps.eventStore, jobId),
  ]);
  // the list wins; an older client's single name is one free-text interviewer
  const { interviewers, activeMemberIds } = await teamInterviewers(
    deps,
    input.interviewers ? toInterviewers(input.interviewers) : input.interviewerName ? [{ userId: null, name: input.interviewerName }] : [],
  );
  const data = (interviewId: number): ScheduleInterview['data'] => ({
    interviewId,
    candidateId: input.candidateId,
    jobId,
    interviewerName: interviewers.length === 0 ? null : interviewers.map((i) => i.name).join(', '),
    scheduledAt: new Date(input.scheduledAt).toISOString(),
    duration: input.duration,
    location: input.location ?? null,
    type: input.type,
    status: input.status,
    notes: input.notes ?? null,
    interviewers,
    videoLink: input.videoLink ?? null,
    timeZone: input.timeZone ?? null,
    candidateExists: isLiveCandidate(candidate),
    // an interview without a job refers to none
    jobExists: job === null || isLiveJob(job),
    activeMemberIds,
  });
  // check before allocating so a bad reference does not burn an interview id
  await interviews.check(scope, null, { type: 'ScheduleInterview', data: data(0) });
  const interviewId = await deps.allocateId('interview');
  const outcome = await interviews.execute(scope, interviewId, { type: 'ScheduleInterview', data: data(interviewId) });
  return { id: interviewId, position: outcome.position };
}

/**
 * What a reschedule started from: the time at `baseRevision` and the reschedules recorded after
 * it (a reschedule carries no `changes`, so `loadEditBase` does not see it as an edit).
 */
async function loadRescheduleBase(deps: Deps, interviewId: number, baseRevision: number): Promise<EditBase> {
  const recorded = await deps.eventStore.readStream(interviews.streamId(interviewId));
  let fields: Record<string, unknown> = {};
  const edits: RecordedEdit[] = [];
  for (const r of recorded) {
    const event = decodeEvent(r);
    const time =
      event.type === 'InterviewScheduled' || event.type === 'InterviewRescheduled'
        ? { scheduledAt: event.data.scheduledAt, duration: event.data.duration }
        : null;
    if (!time) continue;
    if (r.revision <= baseRevision) fields = time;
    else
      edits.push({
        revision: r.revision,
        changes: time,
        by: { id: r.metadata.actor.id, name: r.metadata.actor.name },
        at: r.metadata.occurredAt,
      });
  }
  const last = recorded[recorded.length - 1];
  return { revision: baseRevision, currentRevision: last ? last.revision : -1, fields, edits };
}

export async function rescheduleInterview(
  deps: Deps,
  call: Call,
  interviewId: number,
  input: ParsedBodyOf<typeof contracts.rescheduleInterview>,
): Promise<Result> {
  const { baseRevision } = input;
  const outcome = await executeEdit(
    baseRevision,
    () => loadRescheduleBase(deps, interviewId, baseRevision ?? -1),
    (base, expectedRevision) =>
      interviews.execute(
        scopeOf(deps, call),
        interviewId,
        {
          type: 'RescheduleInterview',
          data: {
            interviewId,
            scheduledAt: new Date(input.scheduledAt).toISOString(),
            duration: input.duration,
            reason: input.reason,
            base,
          },
        },
        expectedRevision === undefined ? {} : { expectedRevision },
      ),
  );
  return { id: interviewId, position: outcome.position };
}

export async function cancelInterview(deps: Deps, call: Call, interviewId: number, reason: string): Promise<Result> {
  const outcome = await interviews.execute(scopeOf(deps, call), interviewId, { type: 'CancelInterview', data: { interviewId, reason } });
  return { id: interviewId, position: outcome.position };
}

/** Undo of a cancel. */
export async function reinstateInterview(deps: Deps, call: Call, interviewId: number): Promise<Result> {
  const outcome = await interviews.execute(scopeOf(deps, call), interviewId, { type: 'ReinstateInterview', data: { interviewId } });
  return { id: interviewId, position: outcome.position };
}

export async function completeInterview(
  deps: Deps,
  call: Call,
  interviewId: number,
  input: ParsedBodyOf<typeof contracts.completeInterview>,
): Promise<Result> {
  const outcome = await interviews.execute(scopeOf(deps, call), interviewId, {
    type: 'CompleteInterview',
    data: { interviewId, feedback: input.feedback, rating: input.rating, outcome: input.outcome },
  });
  return { id: interviewId, position: outcome.position };
}

export async function updateInterview(
  deps: Deps,
  call: Call,
  interviewId: number,
  input: ParsedBodyOf<typeof contracts.updateInterview>,
): Promise<Result> {
  const { baseRevision, interviewers, ...rest } = input;
  const team = await teamInterviewers(deps, interviewers ? toInterviewers(interviewers) : undefined);
  const changes = {
    ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)),
    ...(team.interviewers ? { interviewers: team.interviewers } : {}),
  };
  const activeMemberIds = team.activeMemberIds;
  const outcome = await executeEdit(
    baseRevision,
    () =>
      loadEditBase(
        deps.eventStore,
        interviews.streamId(interviewId),
        interviewDecider,
        baseRevision ?? -1,
        'InterviewDetailsChanged',
        (state) => (state.status === 'empty' ? null : state.details),
      ),
    (base, expectedRevision) =>
      interviews.execute(
        scopeOf(deps, call),
        interviewId,
        { type: 'ChangeInterviewDetails', data: { interviewId, changes, base, activeMemberIds } },
        expectedRevision === undefined ? {} : { expectedRevision },
      ),
  );
  return { id: interviewId, position: outcome.position };
}
