import type { Interview } from '@ats/contracts';
import { defineRecordProjection } from '../../projection';

/** Interviews; the dashboard joins candidate, job and client names at read time. */
export type InterviewDoc = Interview;

export const interviewsProjection = defineRecordProjection<InterviewDoc, 'InterviewScheduled'>({
  name: 'interviews',
  collection: { name: 'interviews', indexes: ['scheduledAt', 'candidateId', 'jobId', 'status'] },
  event: 'InterviewScheduled',
  id: (event) => event.data.interviewId,
  toDoc: ({ data: d, metadata }) => ({
    id: d.interviewId,
    candidateId: d.candidateId,
    jobId: d.jobId,
    interviewerName: d.interviewerName,
    scheduledAt: d.scheduledAt,
    duration: d.duration,
    location: d.location,
    type: d.type,
    status: d.status,
    notes: d.notes,
    createdBy: metadata.actor.id,
    createdAt: metadata.occurredAt,
  }),
  refs: ({ data }) => ({ candidateId: [data.candidateId], ...(data.jobId === null ? {} : { jobId: [data.jobId] }) }),
});
