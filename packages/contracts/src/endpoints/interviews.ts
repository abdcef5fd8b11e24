import { z } from 'zod';
import { InterviewOutcomeSchema, InterviewStatusSchema, InterviewTypeSchema, INTERVIEW_STATUSES } from '@ats/events';
import { messages, limits } from '../messages';
import { ALL_ROLES, WRITER_ROLES, defineContract } from '../contract';
import {
  BaseRevisionSchema,
  EntityIdBodySchema,
  IdParamSchema,
  InterviewTimeSchema,
  TimeZoneSchema,
  clearableText,
  clearableWebUrl,
  optionalText,
  optionalWebUrl,
  whenMissing,
  tooLongMessage,
} from '../fields';
import { CommandResultSchema, InterviewSchema } from '../models';

/** One interviewer as a form sends it: a team member (userId) or a free-text name. */
export const InterviewerBodySchema = z.object({
  userId: z.string().trim().min(1).max(100).nullable().optional(),
  name: z
    .string({ error: whenMissing(messages.interviewerNameRequired) })
    .trim()
    .min(1, messages.interviewerNameRequired)
    .max(200, tooLongMessage(200)),
});
const InterviewersBodySchema = z.array(InterviewerBodySchema).max(20);

const InterviewDurationSchema = z
  .number()
  .int()
  .min(5)
  .max(24 * 60);

/** Schedule an interview: defaults from SPEC §4/§9 (status scheduled, 60 minutes, type phone). */
export const ScheduleInterviewBodySchema = z.object({
  candidateId: EntityIdBodySchema,
  jobId: z.number().int().positive().nullable().optional(),
  /** the single free-text interviewer of older clients; `interviewers` wins when both are given */
  interviewerName: optionalText(200),
  interviewers: InterviewersBodySchema.optional(),
  scheduledAt: InterviewTimeSchema,
  duration: InterviewDurationSchema.default(limits.interviewDefaultMinutes),
  location: optionalText(500),
  videoLink: optionalWebUrl(1000),
  type: InterviewTypeSchema.default('phone'),
  status: InterviewStatusSchema.default('scheduled'),
  notes: optionalText(10_000),
  /** the scheduler's IANA time zone, kept so the time can be shown as they chose it */
  timeZone: TimeZoneSchema.optional(),
});
export type ScheduleInterviewBody = z.input<typeof ScheduleInterviewBodySchema>;

export const RescheduleInterviewBodySchema = z.object({
  scheduledAt: InterviewTimeSchema,
  /** absent = keeps its length */
  duration: InterviewDurationSchema.optional(),
  reason: optionalText(1000),
  baseRevision: BaseRevisionSchema,
});
export type RescheduleInterviewBody = z.input<typeof RescheduleInterviewBodySchema>;

export const CancelInterviewBodySchema = z.object({
  reason: z
    .string({ error: whenMissing(messages.cancelReasonRequired) })
    .trim()
    .min(1, messages.cancelReasonRequired)
    .max(1000, tooLongMessage(1000)),
});
export type CancelInterviewBody = z.input<typeof CancelInterviewBodySchema>;

export const CompleteInterviewBodySchema = z.object({
  feedback: z
    .string({ error: whenMissing(messages.feedbackRequired) })
    .trim()
    .min(1, messages.feedbackRequired)
    .max(10_000, tooLongMessage(10_000)),
  rating: z
    .number({ error: messages.ratingRequired })
    .int(messages.ratingRequired)
    .min(1, messages.ratingRequired)
    .max(5, messages.ratingRequired),
  outcome: InterviewOutcomeSchema.nullable().optional(),
});
export type CompleteInterviewBody = z.input<typeof CompleteInterviewBodySchema>;

/** Edit an interview's details; absent = unchanged, null or blank text = cleared. */
export const UpdateInterviewBodySchema = z.object({
  type: InterviewTypeSchema.optional(),
  interviewers: InterviewersBodySchema.optional(),
  location: clearableText(500),
  videoLink: clearableWebUrl(1000),
  notes: clearableText(10_000),
  baseRevision: BaseRevisionSchema,
});
export type UpdateInterviewBody = z.input<typeof UpdateInterviewBodySchema>;

/** An interview with the names a screen shows, joined at read time. */
export const InterviewDetailSchema = InterviewSchema.extend({
  candidate: z.object({ id: z.number(), firstName: z.string(), lastName: z.string(), email: z.string().nullable() }),
  job: z.object({ id: z.number(), title: z.string() }).nullable(),
  client: z.object({ id: z.number(), companyName: z.string() }).nullable(),
});
export type InterviewDetail = z.infer<typeof InterviewDetailSchema>;

const idFilter = z.coerce.number().int().positive();
const csv = (max: number) =>
  z
    .string()
    .max(2000)
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .slice(0, max),
    );

/** A range of interviews (the calendar, a candidate's or a job's list); every filter is optional. */
export const InterviewListQuerySchema = z.object({
  /** ISO instant: interviews that end after it */
  from: z.iso.datetime({ offset: true }).optional(),
  /** ISO instant: interviews that start before it */
  to: z.iso.datetime({ offset: true }).optional(),
  candidate: idFilter.optional(),
  job: idFilter.optional(),
  client: idFilter.optional(),
  /** a user id: interviews where they are an interviewer */
  interviewer: z.string().max(100).optional(),
  createdBy: z.string().max(100).optional(),
  /** one status or several, comma-separated */
  status: csv(INTERVIEW_STATUSES.length).pipe(z.array(InterviewStatusSchema)).optional(),
  limit: z.coerce.number().int().min(1).max(5000).optional(),
});
export type InterviewListQuery = z.input<typeof InterviewListQuerySchema>;

export const InterviewListSchema = z.object({
  items: z.array(InterviewDetailSchema),
  /** true when more interviews matched than `limit` */
  truncated: z.boolean(),
});
export type InterviewList = z.infer<typeof InterviewListSchema>;

export const InterviewConflictsQuerySchema = z.object({
  scheduledAt: InterviewTimeSchema,
  duration: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(limits.interviewDefaultMinutes),
  candidateId: idFilter.optional(),
  /** user ids, comma-separated */
  interviewerIds: csv(20).optional(),
  /** free-text interviewer names, comma-separated (matched case-insensitively) */
  interviewerNames: csv(20).optional(),
  /** the interview being rescheduled: it does not conflict with itself */
  excludeId: idFilter.optional(),
});
export type InterviewConflictsQuery = z.input<typeof InterviewConflictsQuerySchema>;

/** Someone already booked in the asked time: who, and the interview that books them. */
export const InterviewConflictSchema = z.object({
  person: z.object({ kind: z.enum(['candidate', 'interviewer']), userId: z.string().nullable(), name: z.string() }),
  interview: z.object({
    id: z.number(),
    scheduledAt: z.string(),
    endsAt: z.string(),
    duration: z.number(),
    candidateName: z.string(),
    jobTitle: z.string().nullable(),
  }),
});
export type InterviewConflict = z.infer<typeof InterviewConflictSchema>;
export const InterviewConflictsSchema = z.object({ conflicts: z.array(InterviewConflictSchema) });
export type InterviewConflicts = z.infer<typeof InterviewConflictsSchema>;

/** A team member who can be named as an interviewer (everyone may read this, unlike the admin's user list). */
export const InterviewerOptionSchema = z.object({ id: z.string(), name: z.string() });
export type InterviewerOption = z.infer<typeof InterviewerOptionSchema>;

export const interviewContracts = {
  scheduleInterview: defineContract({
    name: 'scheduleInterview',
    method: 'POST',
    path: '/api/interviews',
    body: ScheduleInterviewBodySchema,
    response: CommandResultSchema,
    status: 201,
    roles: WRITER_ROLES,
    summary: 'Schedule an interview of a candidate (optionally for a job)',
  }),
  rescheduleInterview: defineContract({
    name: 'rescheduleInterview',
    method: 'POST',
    path: '/api/interviews/:id/reschedule',
    params: IdParamSchema,
    body: RescheduleInterviewBodySchema,
    response: CommandResultSchema,
    status: 200,
    roles: WRITER_ROLES,
    summary: 'Move an interview to another time (409 when cancelled or completed, or moved by someone else since baseRevision)',
  }),
  cancelInterview: defineContract({
    name: 'cancelInterview',
    method: 'POST',
    path: '/api/interviews/:id/cancel',
    params: IdParamSchema,
    body: CancelInterviewBodySchema,
    response: CommandResultSchema,
    status: 200,
    roles: WRITER_ROLES,
    summary: 'Cancel an interview with a reason (409 when already cancelled or completed)',
  }),
  reinstateInterview: defineContract({
    name: 'reinstateInterview',
    method: 'POST',
    path: '/api/interviews/:id/reinstate',
    params: IdParamSchema,
    response: CommandResultSchema,
    status: 200,
    roles: WRITER_ROLES,
    summary: 'Undo a cancel: the interview is scheduled again (409 when it is not cancelled)',
  }),
  completeInterview: defineContract({
    name: 'completeInterview',
    method: 'POST',
    path: '/api/interviews/:id/complete',
    params: IdParamSchema,
    body: CompleteInterviewBodySchema,
    response: CommandResultSchema,
    status: 200,
    roles: WRITER_ROLES,
    summary: 'Record that an interview took place: feedback, a 1-5 rating, an outcome (409 when cancelled or already completed)',
  }),
  updateInterview: defineContract({
    name: 'updateInterview',
    method: 'PATCH',
    path: '/api/interviews/:id',
    params: IdParamSchema,
    body: UpdateInterviewBodySchema,
    response: CommandResultSchema,
    status: 200,
    roles: WRITER_ROLES,
    summary: 'Edit type, interviewers, location, video link or notes (409 when cancelled; edit_conflict since baseRevision)',
  }),
  listInterviews: defineContract({
    name: 'listInterviews',
    method: 'GET',
    path: '/api/interviews',
    query: InterviewListQuerySchema,
    response: InterviewListSchema,
    status: 200,
    roles: ALL_ROLES,
    summary: 'Interviews overlapping [from, to), earliest first, filtered by candidate, job, client, interviewer, creator, status',
  }),
  interviewConflicts: defineContract({
    name: 'interviewConflicts',
    method: 'GET',
    path: '/api/interviews/conflicts',
    query: InterviewConflictsQuerySchema,
    response: InterviewConflictsSchema,
    status: 200,
    roles: ALL_ROLES,
    summary: 'Who (the candidate, an interviewer) already has a scheduled interview overlapping the given time: a warning, not a refusal',
  }),
  interviewerOptions: defineContract({
    name: 'interviewerOptions',
    method: 'GET',
    path: '/api/interviews/interviewer-options',
    response: z.array(InterviewerOptionSchema),
    status: 200,
    roles: ALL_ROLES,
    summary: 'The active team members (id and name) to pick interviewers from, by name',
  }),
  getInterview: defineContract({
    name: 'getInterview',
    method: 'GET',
    path: '/api/interviews/:id',
    params: IdParamSchema,
    response: InterviewDetailSchema,
    status: 200,
    roles: ALL_ROLES,
    summary: 'One interview with its candidate, job and client names',
  }),
};
