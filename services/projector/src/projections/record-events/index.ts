import type { EventType } from '@ats/events';
import { EVENT_TYPES, toCandidateStreamId } from '@ats/events';
import { defineProjection, type ProjectedEvent } from '../../projection';
import type { EventMetadata } from '../../ports';

/** The records an event is about, by kind (null = not about one of that kind). */
export interface RelatedRecords {
  candidateId: number | null;
  clientId: number | null;
  jobId: number | null;
  applicationId: number | null;
}

/**
 * One event of the log, kept by the records it concerns (its own stream's record and the records
 * it references: a note's candidate, an application's candidate and job, a job's client...). A
 * record's History and its state as of any moment are one indexed read of this collection
 * (`where: {candidateId}, sort: position`), never a scan of the log; the event is kept decoded and
 * upcast, exactly as projections receive it, so an as-of read folds it with their own `evolve`.
 */
export type RecordEventDoc = RelatedRecords &
  Record<string, unknown> & {
    id: number;
    position: number;
    eventId: string;
    type: EventType;
    stream: string;
    revision: number;
    data: Record<string, unknown>;
    metadata: EventMetadata;
    occurredAt: string;
  };

export const RECORD_EVENTS = 'record_events';

const none: RelatedRecords = { candidateId: null, clientId: null, jobId: null, applicationId: null };

/** Which records an event concerns; events about none of them (users, tasks, ids) are not kept. */
export function relatedRecords(event: ProjectedEvent): RelatedRecords | null {
  const r = (fields: Partial<RelatedRecords>): RelatedRecords => ({ ...none, ...fields });
  switch (event.type) {
    case 'CandidateRegistered':
    case 'CandidateUpdated':
    case 'CandidateDeleted':
    case 'CandidateRestored':
    case 'CandidateResumeUploaded':
    case 'NoteAdded':
      return r({ candidateId: event.data.candidateId });
    case 'CandidateStatusFollowedPlacement':
      return r({ candidateId: event.data.candidateId, applicationId: event.data.applicationId });
    case 'CandidateConsentRecorded':
    case 'CandidateRetentionExtended':
    case 'CandidateAnonymised':
      return r({ candidateId: event.data.candidateId });
    case 'CandidatesMerged':
    case 'CandidatesUnmerged':
      // one copy on each record's stream: each is kept under the record whose stream it is on
      return r({
        candidateId: event.stream === toCandidateStreamId(event.data.absorbedId) ? event.data.absorbedId : event.data.survivorId,
      });
    case 'ClientCreated':
    case 'ClientUpdated':
    case 'ClientDeleted':
    case 'ClientRestored':
    case 'ClientContactAdded':
    case 'ClientContactDeleted':
    case 'ClientContactRestored':
      return r({ clientId: event.data.clientId });
    case 'JobCreated':
      return r({ jobId: event.data.jobId, clientId: event.data.clientId });
    case 'JobUpdated':
      return r({ jobId: event.data.jobId, clientId: event.data.changes.clientId ?? null });
    case 'JobDeleted':
    case 'JobRestored':
      return r({ jobId: event.data.jobId });
    case 'LinkedinJobPosted':
      return r({ jobId: event.data.jobId });
    case 'ApplicationCreated':
    case 'ApplicationStageChanged':
    case 'ApplicationDetached':
    case 'ApplicationRestored':
    case 'PlacementRecorded':
      return r({ applicationId: event.data.applicationId, candidateId: event.data.candidateId, jobId: event.data.jobId });
    case 'InterviewScheduled':
      return r({ candidateId: event.data.candidateId, jobId: event.data.jobId });
    case 'InterviewRescheduled':
    case 'InterviewCancelled':
    case 'InterviewReinstated':
    case 'InterviewCompleted':
    case 'InterviewDetailsChanged':
      // interviews recorded before their later events named the candidate concern no record here
      return event.data.candidateId === undefined ? null : r({ candidateId: event.data.candidateId, jobId: event.data.jobId ?? null });
    case 'InterviewInvitationSent':
      return r({ candidateId: event.data.candidateId });
    case 'TaskCreated': {
      const related = event.data.relatedTo;
      if (!related) return null;
      return r({ [`${related.kind}Id`]: related.id });
    }
    case 'CommunicationRecorded':
      if (event.data.recipientId === null) return null;
      if (event.data.recipientType === 'candidate') return r({ candidateId: event.data.recipientId });
      if (event.data.recipientType === 'client') return r({ clientId: event.data.recipientId });
      return null;
    case 'AiAnalysisRecorded': {
      const id = event.data.entityId;
      if (id === null) return null;
      if (event.data.entityType === 'candidate') return r({ candidateId: id });
      if (event.data.entityType === 'job') return r({ jobId: id });
      // an application's analysis is kept under its candidate too, so their erasure finds it (sweep ten)
      if (event.data.entityType === 'application') return r({ applicationId: id, candidateId: event.data.candidateId ?? null });
      return null;
    }
    case 'RecordsAccessed': {
      const id = event.data.entityId;
      if (id === null) return null;
      switch (event.data.entityType) {
        case 'candidate':
          return r({ candidateId: id });
        case 'client':
          return r({ clientId: id });
        case 'job':
          return r({ jobId: id });
        case 'application':
          return r({ applicationId: id });
        case 'log':
          return null;
      }
      return null;
    }
    default:
      return null;
  }
}

const byRecord = (field: keyof RelatedRecords) => ({ equal: [field], sort: [['position', 'desc']] as const });

export const recordEventsProjection = defineProjection<RecordEventDoc, EventType>({
  name: 'record_events',
  collection: {
    name: RECORD_EVENTS,
    indexes: ['type'],
    sortIndexes: [byRecord('candidateId'), byRecord('clientId'), byRecord('jobId'), byRecord('applicationId')],
  },
  handles: EVENT_TYPES,
  documentPerEvent: true,
  // 2: interviews' later events, invitations and tasks created about a record
  version: 2,
  // every History view refreshes live on any event about its record (notes, e-mails, accesses…)
  refs: (event) => {
    const related = relatedRecords(event);
    if (!related) return {};
    const refs: Record<string, number[]> = {};
    for (const [key, id] of Object.entries(related)) if (id !== null) refs[key] = [id];
    return refs;
  },
  documentId: (event) => (relatedRecords(event) ? event.position : null),
  evolve(_doc, event) {
    const related = relatedRecords(event);
    if (!related) return null;
    return {
      id: event.position,
      position: event.position,
      eventId: event.id,
      type: event.type,
      stream: event.stream,
      revision: event.revision,
      data: event.data as Record<string, unknown>,
      metadata: event.metadata,
      occurredAt: event.metadata.occurredAt,
      ...related,
    };
  },
});
