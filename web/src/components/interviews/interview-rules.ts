import { z } from 'zod';
import { inPlausibleYears, messages } from '@ats/contracts';
import { fromLocalInput } from '../../lib/interview-time';
import type { Interviewer } from './pickers';

export const DurationSchema = z
  .string()
  .trim()
  .regex(/^\d{1,4}$/, 'Duration is in whole minutes')
  .transform(Number)
  .pipe(
    z
      .number()
      .min(5, 'At least 5 minutes')
      .max(24 * 60, 'At most 24 hours'),
  );
/**
 * The form's time: required, a time, and in the years the server takes, each with its own message
 * (a year typed with five digits was "Interview time is required": sweep four).
 */
export const WhenSchema = z.string().superRefine((v, ctx) => {
  const time = fromLocalInput(v);
  const message =
    v.trim() === ''
      ? messages.scheduledAtRequired
      : /^\d{5,}-/.test(v) || (time !== null && !inPlausibleYears(v))
        ? messages.yearOutOfRange
        : time === null
          ? messages.scheduledAtInvalid
          : null;
  if (message) ctx.addIssue({ code: 'custom', message });
});

/** The live conflict check's parameters, from what the form holds now; null while the time is not a time. */
export function conflictParams(values: {
  when: string;
  duration: string;
  candidateId?: number | undefined;
  interviewers: Interviewer[];
  excludeId?: number | undefined;
}) {
  const scheduledAt = fromLocalInput(values.when);
  const duration = DurationSchema.safeParse(values.duration);
  if (!scheduledAt || !duration.success) return null;
  const ids = values.interviewers.flatMap((i) => (i.userId ? [i.userId] : []));
  const names = values.interviewers.flatMap((i) => (i.userId ? [] : [i.name]));
  return {
    scheduledAt,
    duration: duration.data,
    ...(values.candidateId !== undefined ? { candidateId: values.candidateId } : {}),
    ...(ids.length > 0 ? { interviewerIds: ids } : {}),
    ...(names.length > 0 ? { interviewerNames: names } : {}),
    ...(values.excludeId !== undefined ? { excludeId: values.excludeId } : {}),
  };
}

// the zod-free rules live apart, so a screen listing interviews does not load zod (B8)
export { interviewActions, orderInterviews, type InterviewAction } from './interview-actions';
