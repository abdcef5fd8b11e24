import { z } from 'zod';
import { EntityIdSchema, InterviewStatusSchema, InterviewTypeSchema } from '../shared';

/** Who interviews: a team member (`userId`) or a free-text name (`userId: null`). */
export const InterviewerSchema = z.object({
  userId: z.string().nullable(),
  name: z.string(),
});
export type Interviewer = z.infer<typeof InterviewerSchema>;

/** What the interviewer recommends after the interview. */
export const INTERVIEW_OUTCOMES = ['advance', 'hold', 'reject'] as const;
export const InterviewOutcomeSchema = z.enum(INTERVIEW_OUTCOMES);
export type InterviewOutcome = z.infer<typeof InterviewOutcomeSchema>;

/**
 * An interview was scheduled (stream `interview-<id>`). Duration in minutes. `interviewerName`
 * stays for old readers (the names joined); `interviewers`, `videoLink` and `timeZone` are absent
 * in events recorded before they existed (then: one free-text interviewer from `interviewerName`).
 */
export const InterviewScheduledSchema = z.object({
  interviewId: EntityIdSchema,
  candidateId: EntityIdSchema,
  jobId: EntityIdSchema.nullable(),
  interviewerName: z.string().nullable(),
  scheduledAt: z.string(),
  duration: z.number().int().positive(),
  location: z.string().nullable(),
  type: InterviewTypeSchema,
  status: InterviewStatusSchema,
  notes: z.string().nullable(),
  interviewers: z.array(InterviewerSchema).optional(),
  videoLink: z.string().nullable().optional(),
  /** the scheduler's IANA zone, for showing the time as they chose it */
  timeZone: z.string().nullable().optional(),
});
export type InterviewScheduled = z.infer<typeof InterviewScheduledSchema>;

/** The interviewers named by a scheduled interview, old events included. */
export function interviewersOf(data: Pick<InterviewScheduled, 'interviewers' | 'interviewerName'>): Interviewer[] {
  if (data.interviewers) return data.interviewers;
  return data.interviewerName ? [{ userId: null, name: data.interviewerName }] : [];
}

/**
 * Who an interview concerns, carried on every later event so the feed and the bell can name them
 * without reading the interview (always set by the decider; optional for the schema's readers).
 */
const InterviewSubjects = {
  candidateId: EntityIdSchema.optional(),
  jobId: EntityIdSchema.nullable().optional(),
};

/** An interview moved to another time (and maybe length). */
export const InterviewRescheduledSchema = z.object({
  interviewId: EntityIdSchema,
  ...InterviewSubjects,
  fromAt: z.string(),
  scheduledAt: z.string(),
  duration: z.number().int().positive(),
  reason: z.string().nullable().optional(),
});
export type InterviewRescheduled = z.infer<typeof InterviewRescheduledSchema>;

export const InterviewCancelledSchema = z.object({ interviewId: EntityIdSchema, ...InterviewSubjects, reason: z.string() });
export type InterviewCancelled = z.infer<typeof InterviewCancelledSchema>;

/** A cancelled interview was put back as scheduled (the Undo of a cancel). */
export const InterviewReinstatedSchema = z.object({ interviewId: EntityIdSchema, ...InterviewSubjects });
export type InterviewReinstated = z.infer<typeof InterviewReinstatedSchema>;

/** The interview took place: feedback, a rating from 1 to 5 and maybe a recommendation. */
export const InterviewCompletedSchema = z.object({
  interviewId: EntityIdSchema,
  ...InterviewSubjects,
  feedback: z.string(),
  rating: z.number().int().min(1).max(5),
  outcome: InterviewOutcomeSchema.nullable().optional(),
});
export type InterviewCompleted = z.infer<typeof InterviewCompletedSchema>;

export const InterviewDetailsSchema = z.object({
  type: InterviewTypeSchema,
  interviewers: z.array(InterviewerSchema),
  location: z.string().nullable(),
  videoLink: z.string().nullable(),
  notes: z.string().nullable(),
});
export type InterviewDetails = z.infer<typeof InterviewDetailsSchema>;
export const InterviewDetailsChangesSchema = InterviewDetailsSchema.partial();
export type InterviewDetailsChanges = z.infer<typeof InterviewDetailsChangesSchema>;
/** Type, interviewers, location, video link or notes were edited; only the changed fields are carried. */
export const InterviewDetailsChangedSchema = z.object({
  interviewId: EntityIdSchema,
  ...InterviewSubjects,
  changes: InterviewDetailsChangesSchema,
});
export type InterviewDetailsChanged = z.infer<typeof InterviewDetailsChangedSchema>;
