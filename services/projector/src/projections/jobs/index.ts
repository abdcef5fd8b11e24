import { ENDED_JOB_STATUSES, type Job } from '@ats/contracts';
import { toJobStreamId } from '@ats/events';
import { defineProjection, type ProjectedEventOf, type ProjectionContext, type Refs } from '../../projection';
import { DELETED_RECORDS, deletedRecordId, type DeletedRecordDoc } from '../deleted-records';

/**
 * Job orders: contracts' JobSchema minus `client` and `candidateCount`, which the query-api joins
 * at read time (from `clients` by `clientId`, and by counting `applications` by `jobId`).
 */
export type JobDoc = Omit<Job, 'client' | 'candidateCount' | 'placedCount'> & { updatedAt?: string };

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const text = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);

const HANDLES = ['JobCreated', 'JobUpdated', 'JobDeleted', 'AiAnalysisRecorded', 'JobRestored'] as const;
type Handled = ProjectedEventOf<(typeof HANDLES)[number]>;

const jobId = (event: Handled): number | null => {
  switch (event.type) {
    case 'JobCreated':
    case 'JobUpdated':
    case 'JobDeleted':
    case 'JobRestored':
      return event.data.jobId;
    case 'AiAnalysisRecorded':
      return event.data.entityType === 'job' && event.data.analysisType === 'job_analysis' ? event.data.entityId : null;
  }
};

export const jobsProjection = defineProjection<JobDoc, (typeof HANDLES)[number]>({
  name: 'jobs',
  collection: {
    name: 'jobs',
    searchFields: ['title', 'department', 'location', 'description'],
    indexes: ['status', 'priority', 'clientId', 'createdAt'],
  },
  handles: HANDLES,
  // 2: documents carry `openings` and the stream's `revision` (edit conflicts); 3: `endedAt`
  version: 3,
  documentId: jobId,
  // a restore reads back the document the delete snapshotted
  reads: (event) => (event.type === 'JobRestored' ? [{ collection: DELETED_RECORDS, id: deletedRecordId('job', event.data.jobId) }] : []),
  evolve(doc, event, context) {
    const next = evolveJob(doc, event, context);
    // the revision an edit starts from: the job stream's last event
    return next && event.stream === toJobStreamId(next.id)
      ? { ...next, revision: event.revision, updatedBy: { id: event.metadata.actor.id, name: event.metadata.actor.name } }
      : next;
  },
  refs(event): Refs {
    if (event.type === 'JobCreated') {
      const { jobId, clientId } = event.data;
      return clientId === null ? { jobId: [jobId] } : { jobId: [jobId], clientId: [clientId] };
    }
    const id = jobId(event);
    return id === null ? {} : { jobId: [id] };
  },
});

function evolveJob(doc: JobDoc | null, event: Handled, { lookup }: ProjectionContext): JobDoc | null {
  if (event.type === 'JobRestored') {
    if (doc) return doc;
    const entry = lookup<DeletedRecordDoc>(DELETED_RECORDS, deletedRecordId('job', event.data.jobId));
    return (entry?.snapshot as JobDoc | null | undefined) ?? null;
  }
  if (event.type === 'JobUpdated') {
    if (!doc) return doc;
    const next = { ...doc, ...event.data.changes, updatedAt: event.metadata.occurredAt };
    // filled or closed: its days open stop at that moment (the first one, until it is reopened)
    const ended = ENDED_JOB_STATUSES.has(next.status);
    next.endedAt = !ended ? null : ENDED_JOB_STATUSES.has(doc.status) && doc.endedAt ? doc.endedAt : event.metadata.occurredAt;
    return next;
  }
  if (event.type === 'JobDeleted') return null;
  if (event.type === 'AiAnalysisRecorded') {
    if (!doc) return doc;
    const r = event.data.results;
    return {
      ...doc,
      aiLastAnalyzed: event.metadata.occurredAt,
      aiRequiredSkills: strings(r.requiredSkills),
      aiPreferredExperience: text(r.preferredExperience),
      aiPersonalityFit: strings(r.personalityFit),
      aiGeneratedQuestions: strings(r.generatedQuestions),
    };
  }
  const d = event.data;
  return {
    id: d.jobId,
    title: d.title,
    department: d.department,
    description: d.description,
    requirements: d.requirements,
    location: d.location,
    type: d.type,
    status: d.status,
    priority: d.priority,
    salaryMin: d.salaryMin,
    salaryMax: d.salaryMax,
    hourlyRateMin: d.hourlyRateMin,
    hourlyRateMax: d.hourlyRateMax,
    feePercentage: d.feePercentage,
    openings: d.openings ?? 1,
    clientId: d.clientId,
    aiLastAnalyzed: null,
    aiRequiredSkills: [],
    aiPreferredExperience: null,
    aiPersonalityFit: [],
    aiGeneratedQuestions: [],
    createdAt: event.metadata.occurredAt,
    updatedAt: event.metadata.occurredAt,
    endedAt: ENDED_JOB_STATUSES.has(d.status) ? event.metadata.occurredAt : null,
  };
}
