import { z } from 'zod';
import { EntityIdSchema, InterviewStatusSchema, InterviewTypeSchema } from '../shared';

/** An interview was scheduled (stream `interview-<id>`). Duration in minutes. */
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
});
export type InterviewScheduled = z.infer<typeof InterviewScheduledSchema>;
