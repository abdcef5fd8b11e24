import { z } from 'zod';
import { InterviewStatusSchema, InterviewTypeSchema } from '@ats/events';
import { messages, limits } from '../messages';
import { WRITER_ROLES, defineContract } from '../contract';
import { EntityIdBodySchema, optionalText } from '../fields';
import { CommandResultSchema } from '../models';

/** Schedule an interview: defaults from SPEC §4/§9 (status scheduled, 60 minutes, type phone). */
export const ScheduleInterviewBodySchema = z.object({
  candidateId: EntityIdBodySchema,
  jobId: z.number().int().positive().nullable().optional(),
  interviewerName: optionalText(200),
  scheduledAt: z.iso.datetime({ offset: true, error: messages.scheduledAtRequired }),
  duration: z
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(limits.interviewDefaultMinutes),
  location: optionalText(500),
  type: InterviewTypeSchema.default('phone'),
  status: InterviewStatusSchema.default('scheduled'),
  notes: optionalText(10_000),
});
export type ScheduleInterviewBody = z.input<typeof ScheduleInterviewBodySchema>;

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
};
