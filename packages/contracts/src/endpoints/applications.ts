import { z } from 'zod';
import { ApplicationStageSchema } from '@ats/events';
import { ALL_ROLES, WRITER_ROLES, defineContract } from '../contract';
import { IdParamSchema } from '../fields';
import { AsOfSchema } from './history';
import { ActivitySchema, ApplicationSchema, CommandResultSchema } from '../models';

export const CreateApplicationBodySchema = z.object({
  candidateId: z.number().int().positive(),
  jobId: z.number().int().positive(),
});

/** `fromStage`, when given, must still hold, or the move is refused with a 409 naming who moved it. */
export const ChangeStageBodySchema = z.object({
  stage: ApplicationStageSchema,
  fromStage: ApplicationStageSchema.optional(),
  /** on a move to `placed`: the agreed salary in thousands (default the job's salary midpoint) */
  salary: z.number().nonnegative().max(100_000).optional(),
});
export type ChangeStageBody = z.infer<typeof ChangeStageBodySchema>;

export const ApplicationFilterSchema = z.object({
  search: z.string().max(200).optional(),
  job: z
    .string()
    .regex(/^(\d{1,15}|all)?$/, 'Invalid input')
    .optional(),
  /** the board as it was at this time or event position (read-only; see endpoints/history.ts) */
  asOf: AsOfSchema.optional(),
});
export type ApplicationFilter = z.infer<typeof ApplicationFilterSchema>;

/** The board's cards: filter, optionally one stage, and a page (default 500, at most 1000), newest first. */
export const ApplicationListQuerySchema = ApplicationFilterSchema.extend({
  stage: ApplicationStageSchema.optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type ApplicationListQuery = z.input<typeof ApplicationListQuerySchema>;

export const PipelineSummarySchema = z.object({
  total: z.number().int().nonnegative(),
  stages: z.record(ApplicationStageSchema, z.number().int().nonnegative()),
});
export type PipelineSummary = z.infer<typeof PipelineSummarySchema>;

export const applicationContracts = {
  listApplications: defineContract({
    name: 'listApplications',
    method: 'GET',
    path: '/api/applications',
    query: ApplicationListQuerySchema,
    response: z.array(ApplicationSchema),
    status: 200,
    roles: ALL_ROLES,
    summary: 'A page of applications (limit, offset) with candidate and job, newest first, filtered by candidate search, job id and stage',
  }),
  pipelineSummary: defineContract({
    name: 'pipelineSummary',
    method: 'GET',
    path: '/api/applications/summary',
    query: ApplicationFilterSchema,
    response: PipelineSummarySchema,
    status: 200,
    roles: ALL_ROLES,
    summary: "The pipeline summary bar: the total and a count per stage for the board's search and job filter",
  }),
  createApplication: defineContract({
    name: 'createApplication',
    method: 'POST',
    path: '/api/applications',
    body: CreateApplicationBodySchema,
    response: CommandResultSchema,
    status: 201,
    roles: WRITER_ROLES,
    summary: 'Attach a candidate to a job at stage applied; the same pair twice is a 409',
  }),
  changeApplicationStage: defineContract({
    name: 'changeApplicationStage',
    method: 'PATCH',
    path: '/api/applications/:id/stage',
    params: IdParamSchema,
    body: ChangeStageBodySchema,
    response: CommandResultSchema.extend({ stage: ApplicationStageSchema }),
    status: 200,
    roles: WRITER_ROLES,
    summary: 'Move an application to a stage',
  }),
  detachApplication: defineContract({
    name: 'detachApplication',
    method: 'DELETE',
    path: '/api/applications/:id',
    params: IdParamSchema,
    response: CommandResultSchema,
    status: 200,
    roles: WRITER_ROLES,
    summary: 'Detach a candidate from a job (the pair may be attached again later)',
  }),
  restoreApplication: defineContract({
    name: 'restoreApplication',
    method: 'POST',
    path: '/api/applications/:id/restore',
    params: IdParamSchema,
    response: CommandResultSchema,
    status: 200,
    roles: WRITER_ROLES,
    summary: 'Undo of a detach: the same application attached again at the stage it had (409 if the pair was attached anew)',
  }),
  listJobActivities: defineContract({
    name: 'listJobActivities',
    method: 'GET',
    path: '/api/jobs/:id/activities',
    params: IdParamSchema,
    query: z.object({ limit: z.coerce.number().int().min(1).max(100).optional() }),
    response: z.array(ActivitySchema),
    status: 200,
    roles: ALL_ROLES,
    summary: "A job's activity, newest first: the job's own entries and those of the applications attached to it",
  }),
};
