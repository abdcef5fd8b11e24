import type { Activity } from '@ats/contracts';
import type { EventType } from '@ats/events';
import { defineProjection, type ProjectedEvent, type Refs } from '../../projection';
import { DELETED_RECORDS, deletedRecordId } from '../deleted-records';
import { describeActivity } from './describe';
import { TASK_FEED_EVENTS, isTaskFeedEvent, taskFeedReads } from './describe-tasks';
import { ACTIVITY_LOOKUP, lookupKey } from './lookup';

export { activityLookupProjection, ACTIVITY_LOOKUP, type ActivityLookupDoc } from './lookup';
export { describeActivity } from './describe';

/** One feed entry per meaningful event (contracts' ActivitySchema); id = the event id. */
export type ActivityDoc = Activity;
export type ActivityType = 'candidate' | 'job' | 'placement' | 'interview' | 'client' | 'note';

const FEED_EVENTS = [
  'CandidateRegistered',
  'CandidateDeleted',
  'NoteAdded',
  'ClientCreated',
  'ClientContactAdded',
  'JobCreated',
  'ApplicationCreated',
  'ApplicationStageChanged',
  'CandidateUpdated',
  'ClientDeleted',
  'JobUpdated',
  'JobDeleted',
  'ApplicationDetached',
  'ApplicationRestored',
  'InterviewScheduled',
  'InterviewRescheduled',
  'InterviewCancelled',
  'InterviewReinstated',
  'InterviewCompleted',
  'InterviewDetailsChanged',
  'LinkedinJobPosted',
  'CandidateResumeUploaded',
  'CommunicationRecorded',
  'CandidateRestored',
  'ClientRestored',
  'JobRestored',
  'ClientContactRestored',
  'CandidateStatusFollowedPlacement',
  ...TASK_FEED_EVENTS,
] as const satisfies readonly EventType[];

function reads(event: ProjectedEvent) {
  if (isTaskFeedEvent(event)) return taskFeedReads(event);
  const at = (id: string) => ({ collection: ACTIVITY_LOOKUP, id });
  switch (event.type) {
    case 'CandidateDeleted':
    case 'NoteAdded':
    case 'CandidateUpdated':
    case 'CandidateResumeUploaded':
    case 'CandidateRestored':
    case 'CandidateStatusFollowedPlacement':
      return [at(lookupKey.candidate(event.data.candidateId))];
    case 'ClientRestored':
      return [
        at(lookupKey.client(event.data.clientId)),
        { collection: DELETED_RECORDS, id: deletedRecordId('client', event.data.clientId) },
      ];
    case 'ClientContactRestored':
      return [
        at(lookupKey.client(event.data.clientId)),
        { collection: DELETED_RECORDS, id: deletedRecordId('contact', event.data.contactId) },
      ];
    case 'JobRestored':
      return [at(lookupKey.job(event.data.jobId))];
    case 'CommunicationRecorded':
      return event.data.recipientType === 'candidate' && event.data.recipientId !== null
        ? [at(lookupKey.candidate(event.data.recipientId))]
        : [];
    case 'ClientDeleted':
      return [at(lookupKey.client(event.data.clientId))];
    case 'JobUpdated':
    case 'JobDeleted':
    case 'LinkedinJobPosted':
      return [at(lookupKey.job(event.data.jobId))];
    case 'ApplicationDetached':
    case 'ApplicationRestored':
      return [at(lookupKey.candidate(event.data.candidateId)), at(lookupKey.job(event.data.jobId))];
    case 'InterviewScheduled':
      return [at(lookupKey.candidate(event.data.candidateId)), ...(event.data.jobId === null ? [] : [at(lookupKey.job(event.data.jobId))])];
    case 'InterviewRescheduled':
    case 'InterviewCancelled':
    case 'InterviewReinstated':
    case 'InterviewCompleted':
    case 'InterviewDetailsChanged':
      return event.data.candidateId === undefined ? [] : [at(lookupKey.candidate(event.data.candidateId))];
    case 'ClientContactAdded':
      return [at(lookupKey.client(event.data.clientId))];
    case 'JobCreated':
      return event.data.clientId === null ? [] : [at(lookupKey.client(event.data.clientId))];
    case 'ApplicationCreated':
    case 'ApplicationStageChanged':
      return [at(lookupKey.candidate(event.data.candidateId)), at(lookupKey.job(event.data.jobId))];
    default:
      return [];
  }
}

function refs(event: ProjectedEvent): Refs {
  switch (event.type) {
    case 'CandidateRegistered':
    case 'CandidateDeleted':
      return { candidateId: [event.data.candidateId] };
    case 'NoteAdded':
      return { candidateId: [event.data.candidateId] };
    case 'ClientCreated':
    case 'ClientContactAdded':
      return { clientId: [event.data.clientId] };
    case 'JobCreated':
      return event.data.clientId === null ? { jobId: [event.data.jobId] } : { jobId: [event.data.jobId], clientId: [event.data.clientId] };
    case 'ApplicationCreated':
    case 'ApplicationStageChanged':
    case 'ApplicationDetached':
    case 'ApplicationRestored':
      return { applicationId: [event.data.applicationId], candidateId: [event.data.candidateId], jobId: [event.data.jobId] };
    case 'CandidateUpdated':
    case 'CandidateResumeUploaded':
    case 'CandidateRestored':
    case 'CandidateStatusFollowedPlacement':
      return { candidateId: [event.data.candidateId] };
    case 'ClientRestored':
    case 'ClientContactRestored':
      return { clientId: [event.data.clientId] };
    case 'JobRestored':
      return { jobId: [event.data.jobId] };
    case 'CommunicationRecorded':
      return event.data.recipientType === 'candidate' && event.data.recipientId !== null ? { candidateId: [event.data.recipientId] } : {};
    case 'ClientDeleted':
      return { clientId: [event.data.clientId] };
    case 'JobUpdated':
    case 'JobDeleted':
    case 'LinkedinJobPosted':
      return { jobId: [event.data.jobId] };
    case 'InterviewScheduled':
      return { candidateId: [event.data.candidateId], ...(event.data.jobId === null ? {} : { jobId: [event.data.jobId] }) };
    case 'InterviewRescheduled':
    case 'InterviewCancelled':
    case 'InterviewReinstated':
    case 'InterviewCompleted':
    case 'InterviewDetailsChanged': {
      const { candidateId, jobId } = event.data;
      return {
        interviewId: [event.data.interviewId],
        ...(candidateId === undefined ? {} : { candidateId: [candidateId] }),
        ...(jobId === undefined || jobId === null ? {} : { jobId: [jobId] }),
      };
    }
    default:
      return {};
  }
}

export const activitiesProjection = defineProjection<ActivityDoc, (typeof FEED_EVENTS)[number]>({
  name: 'activities',
  // read newest first only (the feed has no search): one index, so 200k feed lines cost little to write and rebuild
  collection: { name: 'activities', sortIndexes: [{ sort: [['position', 'desc']] }] },
  handles: FEED_EVENTS,
  // 2: resume uploads and e-mails have feed lines; 3: additions, attachments and placements name who did them
  version: 3,
  documentId: (event) => event.id,
  documentPerEvent: true,
  reads,
  evolve(doc, event, ctx) {
    // The runner applies each event once; a feed line, once written, never changes.
    if (doc) return doc;
    const entry = describeActivity(event, ctx);
    if (!entry) return null;
    return {
      id: event.id,
      ...entry,
      createdBy: event.metadata.actor.id,
      createdAt: event.metadata.occurredAt,
      position: event.position,
    };
  },
  refs,
});
