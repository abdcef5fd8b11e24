import type { Interview } from '@ats/contracts';
import { defineProjection, type Refs } from '../../projection';

/** Interviews; the dashboard joins candidate, job and client names at read time. */
export type InterviewDoc = Interview;

export const interviewsProjection = defineProjection<InterviewDoc>({
  name: 'interviews',
  collection: { name: 'interviews', indexes: ['scheduledAt', 'candidateId', 'jobId', 'status'] },
  handles: ['InterviewScheduled'],
  documentId: (event) => (event.type === 'InterviewScheduled' ? event.data.interviewId : null),
  evolve(doc, event) {
    if (event.type !== 'InterviewScheduled') return doc;
    const d = event.data;
    return {
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
      createdBy: event.metadata.actor.id,
      createdAt: event.metadata.occurredAt,
    };
  },
  refs: (event): Refs =>
    event.type === 'InterviewScheduled'
      ? { candidateId: [event.data.candidateId], ...(event.data.jobId === null ? {} : { jobId: [event.data.jobId] }) }
      : {},
});
