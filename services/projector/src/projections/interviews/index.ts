import type { Interview } from '@ats/contracts';
import { interviewersOf, type Interviewer } from '@ats/events';
import { defineProjection, type Refs } from '../../projection';

/** Interviews; the screens join candidate, job and client names at read time. */
export type InterviewDoc = Interview;

const HANDLES = [
  'InterviewScheduled',
  'InterviewRescheduled',
  'InterviewCancelled',
  'InterviewReinstated',
  'InterviewCompleted',
  'InterviewDetailsChanged',
] as const;

export const endsAt = (scheduledAt: string, duration: number) =>
  new Date(new Date(scheduledAt).getTime() + duration * 60_000).toISOString();
const namesOf = (interviewers: Interviewer[]) => (interviewers.length === 0 ? null : interviewers.map((i) => i.name).join(', '));
const idsOf = (interviewers: Interviewer[]) => [...new Set(interviewers.flatMap((i) => (i.userId ? [i.userId] : [])))];

export const interviewsProjection = defineProjection<InterviewDoc, (typeof HANDLES)[number]>({
  name: 'interviews',
  collection: { name: 'interviews', indexes: ['scheduledAt', 'endsAt', 'candidateId', 'jobId', 'status', 'createdBy'] },
  handles: HANDLES,
  // 2: the lifecycle (reschedule, cancel, complete, details), interviewers, endsAt, revision, sequence
  version: 2,
  documentId: (event) => event.data.interviewId,
  evolve(doc, event) {
    const touched = {
      revision: event.revision,
      updatedAt: event.metadata.occurredAt,
      updatedBy: { id: event.metadata.actor.id, name: event.metadata.actor.name },
    };
    if (event.type === 'InterviewScheduled') {
      const d = event.data;
      const interviewers = interviewersOf(d);
      return {
        id: d.interviewId,
        candidateId: d.candidateId,
        jobId: d.jobId,
        interviewerName: namesOf(interviewers),
        interviewers,
        interviewerIds: idsOf(interviewers),
        scheduledAt: d.scheduledAt,
        endsAt: endsAt(d.scheduledAt, d.duration),
        duration: d.duration,
        location: d.location,
        videoLink: d.videoLink ?? null,
        type: d.type,
        status: d.status,
        notes: d.notes,
        timeZone: d.timeZone ?? null,
        feedback: null,
        rating: null,
        outcome: null,
        completedAt: d.status === 'completed' ? event.metadata.occurredAt : null,
        cancelReason: null,
        cancelledAt: d.status === 'cancelled' ? event.metadata.occurredAt : null,
        sequence: 0,
        createdBy: event.metadata.actor.id,
        createdAt: event.metadata.occurredAt,
        ...touched,
      };
    }
    if (!doc) return doc;
    switch (event.type) {
      case 'InterviewRescheduled': {
        const { scheduledAt, duration } = event.data;
        return { ...doc, scheduledAt, duration, endsAt: endsAt(scheduledAt, duration), sequence: doc.sequence + 1, ...touched };
      }
      case 'InterviewCancelled':
        return {
          ...doc,
          status: 'cancelled',
          cancelReason: event.data.reason,
          cancelledAt: event.metadata.occurredAt,
          sequence: doc.sequence + 1,
          ...touched,
        };
      case 'InterviewReinstated':
        return { ...doc, status: 'scheduled', cancelReason: null, cancelledAt: null, sequence: doc.sequence + 1, ...touched };
      case 'InterviewCompleted':
        return {
          ...doc,
          status: 'completed',
          feedback: event.data.feedback,
          rating: event.data.rating,
          outcome: event.data.outcome ?? null,
          completedAt: event.metadata.occurredAt,
          ...touched,
        };
      case 'InterviewDetailsChanged': {
        const c = event.data.changes;
        const interviewers = c.interviewers ?? doc.interviewers;
        return {
          ...doc,
          ...(c.type !== undefined ? { type: c.type } : {}),
          ...(c.location !== undefined ? { location: c.location } : {}),
          ...(c.videoLink !== undefined ? { videoLink: c.videoLink } : {}),
          ...(c.notes !== undefined ? { notes: c.notes } : {}),
          interviewers,
          interviewerName: namesOf(interviewers),
          interviewerIds: idsOf(interviewers),
          sequence: doc.sequence + 1,
          ...touched,
        };
      }
    }
  },
  refs(event, doc): Refs {
    const candidateId = event.type === 'InterviewScheduled' ? event.data.candidateId : doc?.candidateId;
    const jobId = event.type === 'InterviewScheduled' ? event.data.jobId : (doc?.jobId ?? null);
    return {
      interviewId: [event.data.interviewId],
      ...(candidateId === undefined ? {} : { candidateId: [candidateId] }),
      ...(jobId === null ? {} : { jobId: [jobId] }),
    };
  },
});
