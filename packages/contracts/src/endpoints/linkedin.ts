import { z } from 'zod';
import { LinkedinPostStatusSchema } from '@ats/events';
import { messages } from '../messages';
import { WRITER_ROLES, defineContract } from '../contract';
import { EntityIdBodySchema, optionalWebUrl, whenMissing, tooLongMessage } from '../fields';
import { CommandResultSchema } from '../models';

/** SPEC §3.2 professional-network job post payload; linkedinJobId is unique. */
export const CreateLinkedinJobPostBodySchema = z.object({
  jobId: EntityIdBodySchema,
  linkedinJobId: z
    .string({ error: whenMissing(messages.required) })
    .trim()
    .min(1, messages.required)
    .max(200, tooLongMessage(200)),
  postUrl: optionalWebUrl(2000),
  status: LinkedinPostStatusSchema.default('posted'),
  applicationsCount: z.number().int().nonnegative().default(0),
  viewsCount: z.number().int().nonnegative().default(0),
});
export type CreateLinkedinJobPostBody = z.input<typeof CreateLinkedinJobPostBodySchema>;

export const linkedinContracts = {
  createLinkedinJobPost: defineContract({
    name: 'createLinkedinJobPost',
    method: 'POST',
    path: '/api/linkedin/job-posts',
    body: CreateLinkedinJobPostBodySchema,
    response: CommandResultSchema,
    status: 201,
    roles: WRITER_ROLES,
    summary: 'Record a job posted to the professional network; the same linkedinJobId twice is a 409',
  }),
};
