import { z } from 'zod';
import { EntityIdSchema, LinkedinPostStatusSchema } from '../shared';

/** A job was posted to the professional network (stream `linkedin-post-<id>`). */
export const LinkedinJobPostedSchema = z.object({
  postId: EntityIdSchema,
  jobId: EntityIdSchema,
  linkedinJobId: z.string(),
  postUrl: z.string().nullable(),
  status: LinkedinPostStatusSchema,
  applicationsCount: z.number().int().nonnegative(),
  viewsCount: z.number().int().nonnegative(),
  postedAt: z.string(),
});
export type LinkedinJobPosted = z.infer<typeof LinkedinJobPostedSchema>;

/** Write-side uniqueness of linkedinJobId: stream `linkedin-job-id-<id>`. */
export const LinkedinJobIdReservedSchema = z.object({ linkedinJobId: z.string(), postId: EntityIdSchema });
export type LinkedinJobIdReserved = z.infer<typeof LinkedinJobIdReservedSchema>;
