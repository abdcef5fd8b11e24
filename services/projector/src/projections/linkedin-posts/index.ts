import type { LinkedinJobPost } from '@ats/contracts';
import { defineRecordProjection } from '../../projection';

/** Professional-network job posts, listed on their job. */
export type LinkedinPostDoc = LinkedinJobPost;

export const linkedinPostsProjection = defineRecordProjection<LinkedinPostDoc, 'LinkedinJobPosted'>({
  name: 'linkedin_job_posts',
  collection: { name: 'linkedin_job_posts', indexes: ['jobId', 'linkedinJobId'] },
  event: 'LinkedinJobPosted',
  id: (event) => event.data.postId,
  toDoc: ({ data: d, metadata }) => ({
    id: d.postId,
    jobId: d.jobId,
    linkedinJobId: d.linkedinJobId,
    postUrl: d.postUrl,
    status: d.status,
    applicationsCount: d.applicationsCount,
    viewsCount: d.viewsCount,
    postedAt: d.postedAt,
    lastSyncAt: null,
    createdBy: metadata.actor.id,
  }),
  refs: (event) => ({ jobId: [event.data.jobId] }),
});
