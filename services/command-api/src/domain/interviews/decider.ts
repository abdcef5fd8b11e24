import {
  interviewersOf,
  type EventOfType,
  type InterviewDetails,
  type InterviewDetailsChanges,
  type Interviewer,
  type InterviewOutcome,
  type InterviewScheduled,
} from '@ats/events';
import { assertNever, type CommandMetadata, type Decider } from '../shared/decider';
import { changedFields, isEmpty } from '../shared/changes';
import { resolveEdit, type EditBase } from '../shared/edit-conflicts';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors';

export type InterviewEvent =
  | EventOfType<'InterviewScheduled'>
  | EventOfType<'InterviewRescheduled'>
  | EventOfType<'InterviewCancelled'>
  | EventOfType<'InterviewReinstated'>
  | EventOfType<'InterviewCompleted'>
  | EventOfType<'InterviewDetailsChanged'>;

/** What the rules need: where the interview stands, when it is, and its editable details. */
type Booked = {
  id: number;
  candidateId: number;
  jobId: number | null;
  scheduledAt: string;
  duration: number;
  details: InterviewDetails;
};
export type InterviewState =
  { status: 'empty' } | (Booked & { status: 'scheduled' }) | (Booked & { status: 'completed' }) | (Booked & { status: 'cancelled' });

/** The time fields a reschedule sets (what an edit conflict on a reschedule is judged on). */
export type InterviewTime = { scheduledAt: string; duration: number };

export type ScheduleInterview = {
  type: 'ScheduleInterview';
  /**
   * existence of the candidate (and job, when given) and which of the named team interviewers are
   * active members (`activeMemberIds`) are looked up by the handler
   */
  data: InterviewScheduled & { candidateExists: boolean; jobExists: boolean; activeMemberIds: readonly string[] };
  metadata: CommandMetadata;
};
export type RescheduleInterview = {
  type: 'RescheduleInterview';
  /** `base`: what the user saw (the time at their `baseRevision` and the reschedules since) */
  data: {
    interviewId: number;
    scheduledAt: string;
    duration?: number | undefined;
    reason?: string | undefined;
    base?: EditBase | undefined;
  };
  metadata: CommandMetadata;
};
export type CancelInterview = { type: 'CancelInterview'; data: { interviewId: number; reason: string }; metadata: CommandMetadata };
export type ReinstateInterview = { type: 'ReinstateInterview'; data: { interviewId: number }; metadata: CommandMetadata };
export type CompleteInterview = {
  type: 'CompleteInterview';
  data: { interviewId: number; feedback: string; rating: number; outcome?: InterviewOutcome | null | undefined };
  metadata: CommandMetadata;
};
export type ChangeInterviewDetails = {
  type: 'ChangeInterviewDetails';
  /** `activeMemberIds`: which of the team interviewers in `changes` are active members (looked up by the handler) */
  data: { interviewId: number; changes: InterviewDetailsChanges; base?: EditBase | undefined; activeMemberIds?: readonly string[] };
  metadata: CommandMetadata;
};
export type InterviewCommand =
  ScheduleInterview | RescheduleInterview | CancelInterview | ReinstateInterview | CompleteInterview | ChangeInterviewDetails;

export const initialState = (): InterviewState => ({ status: 'empty' });

export function evolve(state: InterviewState, event: InterviewEvent): InterviewState {
  switch (event.type) {
    case 'InterviewScheduled': {
      const d = event.data;
      const booked: Booked = {
        id: d.interviewId,
        candidateId: d.candidateId,
        jobId: d.jobId,
        scheduledAt: d.scheduledAt,
        duration: d.duration,
        details: { type: d.type, interviewers: interviewersOf(d), location: d.location, videoLink: d.videoLink ?? null, notes: d.notes },
      };
      // the old API could record an interview as already completed or cancelled; no_show counts as taken place
      const status = d.status === 'cancelled' ? 'cancelled' : d.status === 'scheduled' ? 'scheduled' : 'completed';
      return { ...booked, status };
    }
    case 'InterviewRescheduled':
      return state.status === 'empty' ? state : { ...state, scheduledAt: event.data.scheduledAt, duration: event.data.duration };
    case 'InterviewCancelled':
      return state.status === 'empty' ? state : { ...state, status: 'cancelled' };
    case 'InterviewReinstated':
      return state.status === 'cancelled' ? { ...state, status: 'scheduled' } : state;
    case 'InterviewCompleted':
      return state.status === 'empty' ? state : { ...state, status: 'completed' };
    case 'InterviewDetailsChanged':
      return state.status === 'empty' ? state : { ...state, details: { ...state.details, ...event.data.changes } };
    default:
      return assertNever(event);
  }
}

/** who an interview concerns, carried on its later events */
const subjects = (state: Booked) => ({ candidateId: state.candidateId, jobId: state.jobId });

const cancelled = (id: number, action: string) =>
  new ConflictError('interview_cancelled', `Interview ${id} is cancelled: it cannot be ${action}`);
const completed = (id: number, action: string) =>
  new ConflictError('interview_completed', `Interview ${id} has taken place: it cannot be ${action}`);

export const NOT_A_TEAM_MEMBER = 'Choose a member of the team';

/**
 * A team interviewer (one with a `userId`) must be an active member of the team; free-text ones
 * carry no user id. `keep`: team interviewers already on the interview, who may stay on it after
 * leaving the team (an edit of its notes must not fail because a colleague was deactivated).
 */
function assertTeamInterviewers(list: readonly Interviewer[], activeMemberIds: readonly string[], keep: readonly Interviewer[] = []) {
  const allowed = new Set([...activeMemberIds, ...keep.flatMap((i) => (i.userId ? [i.userId] : []))]);
  const errors = list.flatMap((interviewer, index) =>
    interviewer.userId && !allowed.has(interviewer.userId) ? [{ path: `interviewers.${index}.userId`, message: NOT_A_TEAM_MEMBER }] : [],
  );
  if (errors.length > 0) throw new ValidationError(errors);
}

function schedule(command: ScheduleInterview, state: InterviewState): InterviewEvent[] {
  const { candidateExists, jobExists, activeMemberIds, ...data } = command.data;
  assertTeamInterviewers(data.interviewers ?? [], activeMemberIds);
  if (!candidateExists) throw new NotFoundError('Candidate', data.candidateId);
  if (data.jobId !== null && !jobExists) throw new NotFoundError('Job', data.jobId);
  if (state.status !== 'empty') throw new ConflictError('interview_exists', `Interview ${data.interviewId} already exists`);
  return [{ type: 'InterviewScheduled', data }];
}

function reschedule(command: RescheduleInterview, state: InterviewState): InterviewEvent[] {
  const { interviewId, reason, base } = command.data;
  if (state.status === 'empty') throw new NotFoundError('Interview', interviewId);
  if (state.status === 'cancelled') throw cancelled(interviewId, 'rescheduled');
  if (state.status === 'completed') throw completed(interviewId, 'rescheduled');
  const current: InterviewTime = { scheduledAt: state.scheduledAt, duration: state.duration };
  const asked: InterviewTime = { scheduledAt: command.data.scheduledAt, duration: command.data.duration ?? state.duration };
  const requested = resolveEdit<InterviewTime>(current, asked, base);
  const next = { ...current, ...requested };
  if (isEmpty(changedFields<InterviewTime>(current, next))) return [];
  return [
    {
      type: 'InterviewRescheduled',
      data: {
        interviewId,
        ...subjects(state),
        fromAt: state.scheduledAt,
        scheduledAt: next.scheduledAt,
        duration: next.duration,
        reason: reason ?? null,
      },
    },
  ];
}

function cancel(command: CancelInterview, state: InterviewState): InterviewEvent[] {
  const { interviewId, reason } = command.data;
  if (state.status === 'empty') throw new NotFoundError('Interview', interviewId);
  if (state.status === 'cancelled') throw new ConflictError('interview_cancelled', `Interview ${interviewId} is already cancelled`);
  if (state.status === 'completed') throw completed(interviewId, 'cancelled');
  return [{ type: 'InterviewCancelled', data: { interviewId, ...subjects(state), reason } }];
}

function reinstate(command: ReinstateInterview, state: InterviewState): InterviewEvent[] {
  const { interviewId } = command.data;
  if (state.status === 'empty') throw new NotFoundError('Interview', interviewId);
  if (state.status !== 'cancelled')
    throw new ConflictError('interview_not_cancelled', `Interview ${interviewId} is not cancelled, so there is nothing to reinstate`);
  return [{ type: 'InterviewReinstated', data: { interviewId, ...subjects(state) } }];
}

function complete(command: CompleteInterview, state: InterviewState): InterviewEvent[] {
  const { interviewId, feedback, rating, outcome } = command.data;
  if (state.status === 'empty') throw new NotFoundError('Interview', interviewId);
  if (state.status === 'cancelled') throw cancelled(interviewId, 'completed');
  if (state.status === 'completed') throw new ConflictError('interview_completed', `Interview ${interviewId} is already completed`);
  return [{ type: 'InterviewCompleted', data: { interviewId, ...subjects(state), feedback, rating, outcome: outcome ?? null } }];
}

function changeDetails(command: ChangeInterviewDetails, state: InterviewState): InterviewEvent[] {
  const { interviewId, base } = command.data;
  if (state.status === 'empty') throw new NotFoundError('Interview', interviewId);
  if (state.status === 'cancelled') throw cancelled(interviewId, 'edited');
  if (command.data.changes.interviewers) {
    assertTeamInterviewers(command.data.changes.interviewers, command.data.activeMemberIds ?? [], state.details.interviewers);
  }
  const requested = resolveEdit<InterviewDetails>(state.details, command.data.changes, base);
  const changes = changedFields<InterviewDetails>(state.details, requested);
  return isEmpty(changes) ? [] : [{ type: 'InterviewDetailsChanged', data: { interviewId, ...subjects(state), changes } }];
}

export function decide(command: InterviewCommand, state: InterviewState): InterviewEvent[] {
  switch (command.type) {
    case 'ScheduleInterview':
      return schedule(command, state);
    case 'RescheduleInterview':
      return reschedule(command, state);
    case 'CancelInterview':
      return cancel(command, state);
    case 'ReinstateInterview':
      return reinstate(command, state);
    case 'CompleteInterview':
      return complete(command, state);
    case 'ChangeInterviewDetails':
      return changeDetails(command, state);
    default:
      return assertNever(command);
  }
}

export const interviewDecider: Decider<InterviewState, InterviewCommand, InterviewEvent> = {
  eventTypes: [
    'InterviewScheduled',
    'InterviewRescheduled',
    'InterviewCancelled',
    'InterviewReinstated',
    'InterviewCompleted',
    'InterviewDetailsChanged',
  ],
  initialState,
  evolve,
  decide,
};
