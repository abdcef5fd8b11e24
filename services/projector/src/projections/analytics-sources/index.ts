import type { CandidateSource } from '@ats/contracts';
import { defineProjection, type ProjectedEventOf, type Refs } from '../../projection';

/**
 * Source effectiveness (issue 15): one document per candidate, `c<candidateId>`, with the
 * candidate's source, when and by whom they were added, and their applications by job id (each
 * with its own source, how far it got, its open interviews). Keyed by candidate and job because
 * interviews name the candidate and job, not the application. The effective source of an
 * application (its own, else its candidate's) is joined at read time, so editing a candidate's
 * source restates their applications at once. (Version 1 kept one document per candidate and
 * one per application: three times the documents a rebuild writes.)
 */
export type SourcePair = {
  applicationId: number;
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
  /** not attached now (also an interview's placeholder for a pair not attached yet) */
  detached: boolean;
};
export type AnalyticsSourceDoc = {
  id: string;
  candidateId: number;
  /** false while only applications or interviews of the candidate were seen: not counted as a candidate */
  registered: boolean;
  source: CandidateSource | null;
  createdAt: string;
  createdBy: string;
  /** deleted candidates are kept (a restore brings them back) but not counted */
  deleted?: boolean;
  /** the candidate's applications by job id */
  applications: Record<string, SourcePair>;
};

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

function documentId(event: Handled): string | null {
  switch (event.type) {
    case 'CandidateRegistered':
    case 'CandidateDeleted':
    case 'CandidateRestored':
    case 'ApplicationCreated':
    case 'ApplicationStageChanged':
    case 'ApplicationDetached':
    case 'ApplicationRestored':
    case 'ApplicationSourceChanged':
      return candidateKey(event.data.candidateId);
    case 'CandidateUpdated':
      return event.data.changes.source !== undefined ? candidateKey(event.data.candidateId) : null;
    case 'InterviewScheduled':
      return event.data.jobId === null ? null : candidateKey(event.data.candidateId);
    case 'InterviewCancelled':
    case 'InterviewReinstated':
      return event.data.candidateId === undefined || event.data.jobId == null ? null : candidateKey(event.data.candidateId);
  }
}

/** a candidate not registered (yet): holds what their applications and interviews brought */
function unregistered(candidateId: number, event: Handled): AnalyticsSourceDoc {
  return {
    id: candidateKey(candidateId),
    candidateId,
    registered: false,
    source: null,
    createdAt: event.metadata.occurredAt,
    createdBy: event.metadata.actor.id,
    applications: {},
  };
}

function evolveCandidate(doc: AnalyticsSourceDoc | null, event: Handled): AnalyticsSourceDoc | null {
  switch (event.type) {
    case 'CandidateRegistered':
      return {
        id: candidateKey(event.data.candidateId),
        candidateId: event.data.candidateId,
        registered: true,
        source: event.data.source ?? null,
        createdAt: event.metadata.occurredAt,
        createdBy: event.metadata.actor.id,
        applications: doc?.applications ?? {},
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

/** the pair of the event's candidate and job as this event leaves it (the same object: unchanged) */
function evolvePair(pair: SourcePair | null, event: Handled): SourcePair | null {
  switch (event.type) {
    case 'ApplicationCreated': {
      const d = event.data;
      return {
        applicationId: d.applicationId,
        jobId: d.jobId,
        source: d.source ?? null,
        appliedAt: d.appliedAt,
        createdBy: event.metadata.actor.id,
        pastScreening: PAST_SCREENING.has(d.stage),
        placed: d.stage === 'placed',
        // interviews scheduled before the pair was attached (again) still count
        interviewIds: pair?.interviewIds ?? [],
        detached: false,
      };
    }
    case 'ApplicationStageChanged': {
      if (!pair) return pair;
      const pastScreening = pair.pastScreening || PAST_SCREENING.has(event.data.toStage);
      const placed = event.data.toStage === 'placed';
      // most moves change neither: the same document, so nothing is written again
      if (pastScreening === pair.pastScreening && placed === pair.placed) return pair;
      return { ...pair, pastScreening, placed };
    }
    case 'ApplicationDetached':
      return pair ? { ...pair, detached: true } : pair;
    case 'ApplicationRestored':
      return pair ? { ...pair, detached: false, placed: event.data.stage === 'placed' } : pair;
    case 'ApplicationSourceChanged':
      return pair ? { ...pair, source: event.data.source } : pair;
    case 'InterviewScheduled':
    case 'InterviewReinstated': {
      const current = pair ?? pendingPair(event);
      if (!current || current.interviewIds.includes(event.data.interviewId)) return current;
      return { ...current, interviewIds: [...current.interviewIds, event.data.interviewId] };
    }
    case 'InterviewCancelled':
      if (!pair || !pair.interviewIds.includes(event.data.interviewId)) return pair;
      return { ...pair, interviewIds: pair.interviewIds.filter((id) => id !== event.data.interviewId) };
    default:
      return pair;
  }
}

/** An interview for a pair not (yet) attached: kept as a detached placeholder so a later attach counts it. */
function pendingPair(event: ProjectedEventOf<'InterviewScheduled' | 'InterviewReinstated'>): SourcePair | null {
  const { jobId } = event.data;
  if (jobId == null) return null;
  return {
    applicationId: 0,
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

function evolve(doc: AnalyticsSourceDoc | null, event: Handled): AnalyticsSourceDoc | null {
  if (event.type.startsWith('Candidate')) return evolveCandidate(doc, event);
  const { candidateId, jobId } = event.data as { candidateId: number; jobId: number };
  const key = String(jobId);
  const pair = doc?.applications[key] ?? null;
  const next = evolvePair(pair, event);
  if (next === pair || next === null) return doc;
  const base = doc ?? unregistered(candidateId, event);
  return { ...base, applications: { ...base.applications, [key]: next } };
}

export const analyticsSourcesProjection = defineProjection<AnalyticsSourceDoc, (typeof HANDLES)[number]>({
  name: ANALYTICS_SOURCES,
  // The figures read the query side's in-memory copy (paged by id); the store is asked by id and,
  // for an erasure, by candidate. The reference computation over the store (tests, benches) scans.
  collection: { name: ANALYTICS_SOURCES, indexes: ['candidateId'] },
  // 2: one document per candidate, with their applications (version 1: one per application too)
  version: 2,
  handles: HANDLES,
  documentId,
  evolve,
  refs: (event): Refs => {
    const d = event.data as { candidateId?: number; jobId?: number | null };
    return { ...(d.candidateId ? { candidateId: [d.candidateId] } : {}), ...(d.jobId ? { jobId: [d.jobId] } : {}) };
  },
});
