import type { LinkedinJobPost } from '@ats/contracts';
import { defineProjection, type Refs } from '../../projection';

/** Professional-network job posts, listed on their job. */
export type LinkedinPostDoc = LinkedinJobPost;

export const linkedinPostsProjection = defineProjection<LinkedinPostDoc>({
  name: 'linkedin_job_posts',
  collection: { name: 'linkedin_job_posts', indexes: ['jobId', 'linkedinJobId'] },
  handles: ['LinkedinJobPosted'],
  documentId: (event) => (event.type === 'LinkedinJobPosted' ? event.data.postId : null),
  evolve(doc, event) {
    if (event.type !== 'LinkedinJobPosted') return doc;
    const d = event.data;
    return {
      id: d.postId,
      jobId: d.jobId,
      linkedinJobId: d.linkedinJobId,
      postUrl: d.postUrl,
      status: d.status,
      applicationsCount: d.applicationsCount,
      viewsCount: d.viewsCount,
      postedAt: d.postedAt,
      lastSyncAt: null,
      createdBy: event.metadata.actor.id,
    };
  },
  refs: (event): Refs => (event.type === 'LinkedinJobPosted' ? { jobId: [event.data.jobId] } : {}),
});
