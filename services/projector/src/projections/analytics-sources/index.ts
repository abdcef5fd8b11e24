import type { CandidateSource } from '@ats/contracts';
import { defineProjection, type ProjectedEventOf, type Refs } from '../../projection';

/**
 * Source effectiveness (issue 15). Two kinds of documents in one collection:
 * - `c<candidateId>`: the candidate's source, when and by whom they were added;
 * - `a<candidateId>-<jobId>`: the application of that pair (its own source, how far it got, its
 *   open interviews). Keyed by the pair because interviews name the candidate and job, not the
 *   application. The effective source of an application (its own, else its candidate's) is
 *   joined at read time, so editing a candidate's source restates their applications at once.
 */
export type SourceCandidateDoc = {
  id: string;
  kind: 'candidate';
  candidateId: number;
  source: CandidateSource | null;
  createdAt: string;
  createdBy: string;
  /** deleted candidates are kept (a restore brings them back) but not counted */
  deleted?: boolean;
};
export type SourceApplicationDoc = {
  id: string;
  kind: 'application';
  applicationId: number;
  candidateId: number;
  jobId: number;
  source: CandidateSource | null;
  appliedAt: string;
  createdBy: string;
  /** ever reached Interview or a later stage (a card moved back keeps it) */
  pastScreening: boolean;
  /** stands at Placed now */
  placed: boolean;
  /** interviews for the pair that are not cancelled */
  interviewIds: number[];
  detached: boolean;
};
export type AnalyticsSourceDoc = SourceCandidateDoc | SourceApplicationDoc;

export const ANALYTICS_SOURCES = 'analytics_sources';
const PAST_SCREENING = new Set(['interview', 'final_interview', 'offer', 'placed']);

const HANDLES = [
  'CandidateRegistered',
  'CandidateUpdated',
  'CandidateDeleted',
  'CandidateRestored',
  'ApplicationCreated',
  'ApplicationStageChanged',
  'ApplicationDetached',
  'ApplicationRestored',
  'ApplicationSourceChanged',
  'InterviewScheduled',
  'InterviewCancelled',
  'InterviewReinstated',
] as const;
type Handled = ProjectedEventOf<(typeof HANDLES)[number]>;

export const candidateKey = (candidateId: number) => `c${candidateId}`;
export const pairKey = (candidateId: number, jobId: number) => `a${candidateId}-${jobId}`;

function documentId(event: Handled): string | null {
  switch (event.type) {
    case 'CandidateRegistered':
    case 'CandidateDeleted':
    case 'CandidateRestored':
      return candidateKey(event.data.candidateId);
    case 'CandidateUpdated':
      return event.data.changes.source !== undefined ? candidateKey(event.data.candidateId) : null;
    case 'ApplicationCreated':
    case 'ApplicationStageChanged':
    case 'ApplicationDetached':
    case 'ApplicationRestored':
    case 'ApplicationSourceChanged':
      return pairKey(event.data.candidateId, event.data.jobId);
    case 'InterviewScheduled':
      return event.data.jobId === null ? null : pairKey(event.data.candidateId, event.data.jobId);
    case 'InterviewCancelled':
    case 'InterviewReinstated':
      return event.data.candidateId === undefined || event.data.jobId == null ? null : pairKey(event.data.candidateId, event.data.jobId);
  }
}

function evolveCandidate(doc: SourceCandidateDoc | null, event: Handled): SourceCandidateDoc | null {
  switch (event.type) {
    case 'CandidateRegistered':
      return {
        id: candidateKey(event.data.candidateId),
        kind: 'candidate',
        candidateId: event.data.candidateId,
        source: event.data.source ?? null,
        createdAt: event.metadata.occurredAt,
        createdBy: event.metadata.actor.id,
      };
    case 'CandidateUpdated':
      return doc && event.data.changes.source !== undefined && event.data.changes.source !== doc.source
        ? { ...doc, source: event.data.changes.source }
        : doc;
    case 'CandidateDeleted':
      return doc ? { ...doc, deleted: true } : doc;
    case 'CandidateRestored':
      return doc ? { ...doc, deleted: false } : doc;
    default:
      return doc;
  }
}

function evolveApplication(doc: SourceApplicationDoc | null, event: Handled): SourceApplicationDoc | null {
  switch (event.type) {
    case 'ApplicationCreated': {
      const d = event.data;
      return {
        id: pairKey(d.candidateId, d.jobId),
        kind: 'application',
        applicationId: d.applicationId,
        candidateId: d.candidateId,
        jobId: d.jobId,
        source: d.source ?? null,
        appliedAt: d.appliedAt,
        createdBy: event.metadata.actor.id,
        pastScreening: PAST_SCREENING.has(d.stage),
        placed: d.stage === 'placed',
        // interviews scheduled before the pair was attached (again) still count
        interviewIds: doc?.interviewIds ?? [],
        detached: false,
      };
    }
    case 'ApplicationStageChanged': {
      if (!doc || doc.kind !== 'application') return doc;
      const pastScreening = doc.pastScreening || PAST_SCREENING.has(event.data.toStage);
      const placed = event.data.toStage === 'placed';
      // most moves change neither: the same document, so nothing is written again
      if (pastScreening === doc.pastScreening && placed === doc.placed) return doc;
      return { ...doc, pastScreening, placed };
    }
    case 'ApplicationDetached':
      return doc ? { ...doc, detached: true } : doc;
    case 'ApplicationRestored':
      return doc ? { ...doc, detached: false, placed: event.data.stage === 'placed' } : doc;
    case 'ApplicationSourceChanged':
      return doc ? { ...doc, source: event.data.source } : doc;
    case 'InterviewScheduled':
    case 'InterviewReinstated': {
      const current = doc ?? pendingPair(event);
      if (!current || current.interviewIds.includes(event.data.interviewId)) return current;
      return { ...current, interviewIds: [...current.interviewIds, event.data.interviewId] };
    }
    case 'InterviewCancelled':
      if (!doc || !doc.interviewIds.includes(event.data.interviewId)) return doc;
      return { ...doc, interviewIds: doc.interviewIds.filter((id) => id !== event.data.interviewId) };
    default:
      return doc;
  }
}

/** An interview for a pair not (yet) attached: kept as a detached placeholder so a later attach counts it. */
function pendingPair(event: ProjectedEventOf<'InterviewScheduled' | 'InterviewReinstated'>): SourceApplicationDoc | null {
  const { candidateId, jobId } = event.data;
  if (candidateId === undefined || jobId == null) return null;
  return {
    id: pairKey(candidateId, jobId),
    kind: 'application',
    applicationId: 0,
    candidateId,
    jobId,
    source: null,
    appliedAt: event.metadata.occurredAt,
    createdBy: event.metadata.actor.id,
    pastScreening: false,
    placed: false,
    interviewIds: [],
    detached: true,
  };
}

export const analyticsSourcesProjection = defineProjection<AnalyticsSourceDoc, (typeof HANDLES)[number]>({
  name: ANALYTICS_SOURCES,
  // The figures read the query side's in-memory copy (paged by id); the store is asked by id and,
  // for an erasure, by candidate. The reference computation over the store (tests, benches) scans.
  collection: { name: ANALYTICS_SOURCES, indexes: ['candidateId'] },
  handles: HANDLES,
  documentId,
  evolve(doc, event) {
    if (event.type.startsWith('Candidate')) return evolveCandidate(doc?.kind === 'candidate' ? doc : null, event);
    return evolveApplication(doc?.kind === 'application' ? doc : null, event);
  },
  refs: (event): Refs => {
    const d = event.data as { candidateId?: number; jobId?: number | null };
    return { ...(d.candidateId ? { candidateId: [d.candidateId] } : {}), ...(d.jobId ? { jobId: [d.jobId] } : {}) };
  },
});
