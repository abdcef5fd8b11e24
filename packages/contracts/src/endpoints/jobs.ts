import { z } from 'zod';
import { JobPrioritySchema, JobStatusSchema, JobTypeSchema } from '@ats/events';
import { messages } from '../messages';
import { AsOfQuerySchema } from './history';
import { ALL_ROLES, WRITER_ROLES, defineContract } from '../contract';
import { BaseRevisionSchema, IdParamSchema, clearableText, closeBidi, optionalText, whenMissing, tooLongMessage } from '../fields';
import { CommandResultSchema, JobDetailSchema, JobSchema } from '../models';

const money = z.number().nonnegative().max(1_000_000).optional().nullable();

/** Add Job Order (SPEC §5): salaries in thousands, converted to numbers by the form. */
export const CreateJobBodySchema = z.object({
  title: z
    .string({ error: whenMissing(messages.jobTitleRequired) })
    .trim()
    .min(1, messages.jobTitleRequired)
    .max(200, tooLongMessage(200))
    .transform(closeBidi),
  department: optionalText(200),
  description: optionalText(10_000),
  requirements: optionalText(10_000),
  salaryMin: money,
  salaryMax: money,
  hourlyRateMin: money,
  hourlyRateMax: money,
  location: optionalText(200),
  type: JobTypeSchema.default('full-time'),
  priority: JobPrioritySchema.default('medium'),
  status: JobStatusSchema.default('open'),
  clientId: z.number().int().positive().optional().nullable(),
  feePercentage: z.number().min(0).max(100).default(20),
  /** how many people the client wants placed (default 1) */
  openings: z.number().int().min(1).max(1000).optional(),
});
export type CreateJobBody = z.input<typeof CreateJobBodySchema>;

/** Update Job Order, status included: absent = unchanged, null/blank = cleared. */
export const UpdateJobBodySchema = z.object({
  title: z.string().trim().min(1, messages.jobTitleRequired).max(200).optional().transform(closeBidi),
  department: clearableText(200),
  description: clearableText(10_000),
  requirements: clearableText(10_000),
  salaryMin: money,
  salaryMax: money,
  hourlyRateMin: money,
  hourlyRateMax: money,
  location: clearableText(200),
  type: JobTypeSchema.optional(),
  priority: JobPrioritySchema.optional(),
  status: JobStatusSchema.optional(),
  clientId: z.number().int().positive().nullable().optional(),
  feePercentage: z.number().min(0).max(100).optional(),
  openings: z.number().int().min(1).max(1000).optional(),
  /** the record's revision the user started editing from: a field changed by someone else since is a 409 edit_conflict */
  baseRevision: BaseRevisionSchema,
});
export type UpdateJobBody = z.input<typeof UpdateJobBodySchema>;

export const jobContracts = {
  listJobs: defineContract({
    name: 'listJobs',
    method: 'GET',
    path: '/api/jobs',
    query: z.object({ search: z.string().max(200).optional() }),
    response: z.array(JobSchema),
    status: 200,
    roles: ALL_ROLES,
    summary: 'Job orders with client and candidate count, newest first',
  }),
  getJob: defineContract({
    name: 'getJob',
    method: 'GET',
    path: '/api/jobs/:id',
    params: IdParamSchema,
    query: AsOfQuerySchema,
    response: JobDetailSchema,
    status: 200,
    roles: ALL_ROLES,
    summary: 'One job order with client, candidate count and its professional-network posts',
  }),
  createJob: defineContract({
    name: 'createJob',
    method: 'POST',
    path: '/api/jobs',
    body: CreateJobBodySchema,
    response: CommandResultSchema,
    status: 201,
    roles: WRITER_ROLES,
    summary: 'Create a job order',
  }),
  updateJob: defineContract({
    name: 'updateJob',
    method: 'PATCH',
    path: '/api/jobs/:id',
    params: IdParamSchema,
    body: UpdateJobBodySchema,
    response: CommandResultSchema,
    status: 200,
    roles: WRITER_ROLES,
    summary: 'Edit a job order, status included',
  }),
  deleteJob: defineContract({
    name: 'deleteJob',
    method: 'DELETE',
    path: '/api/jobs/:id',
    params: IdParamSchema,
    response: CommandResultSchema,
    status: 200,
    roles: WRITER_ROLES,
    summary: 'Delete a job order (history stays in the event log)',
  }),
  restoreJob: defineContract({
    name: 'restoreJob',
    method: 'POST',
    path: '/api/jobs/:id/restore',
    params: IdParamSchema,
    response: CommandResultSchema,
    status: 200,
    roles: WRITER_ROLES,
    summary: 'Undo a job delete: the job order comes back with its attached candidates (409 when it is not deleted)',
  }),
};
