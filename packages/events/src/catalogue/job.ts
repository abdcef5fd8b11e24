import { z } from 'zod';
import { EntityIdSchema, JobPrioritySchema, JobStatusSchema, JobTypeSchema } from '../shared';

/** Salaries are in thousands of dollars; feePercentage is the agency fee on placement. */
export const JobCreatedSchema = z.object({
  jobId: EntityIdSchema,
  title: z.string(),
  department: z.string().nullable(),
  description: z.string().nullable(),
  requirements: z.string().nullable(),
  salaryMin: z.number().nullable(),
  salaryMax: z.number().nullable(),
  hourlyRateMin: z.number().nullable(),
  hourlyRateMax: z.number().nullable(),
  location: z.string().nullable(),
  type: JobTypeSchema,
  priority: JobPrioritySchema,
  status: JobStatusSchema,
  clientId: EntityIdSchema.nullable(),
  feePercentage: z.number(),
  /** how many people the client wants placed; absent in older events = 1 */
  openings: z.number().int().min(1).optional(),
});
export type JobCreated = z.infer<typeof JobCreatedSchema>;

export const JobChangesSchema = JobCreatedSchema.omit({ jobId: true }).partial();
export type JobChanges = z.infer<typeof JobChangesSchema>;
/** A job order's fields (status included) were edited; only the changed fields are carried. */
export const JobUpdatedSchema = z.object({ jobId: EntityIdSchema, changes: JobChangesSchema });
export type JobUpdated = z.infer<typeof JobUpdatedSchema>;

export const JobDeletedSchema = z.object({ jobId: EntityIdSchema });
export type JobDeleted = z.infer<typeof JobDeletedSchema>;

/** A deleted job order was brought back (an Undo), with its attached candidates. */
export const JobRestoredSchema = z.object({ jobId: EntityIdSchema });
export type JobRestored = z.infer<typeof JobRestoredSchema>;
