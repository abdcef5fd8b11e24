import type { CandidateSource } from '@ats/contracts';
import { defineProjection, type ProjectedEventOf, type Refs } from '../../projection';

/**
 * The status history of a candidate (what Active Candidates counts), so the count can be stated
 * as of any past moment: every status with the time it was set, and the intervals it was deleted.
 * Also what source effectiveness reads of a candidate (issue 15): their source, who added them,
 * and the interviews not cancelled per job (interviews name the candidate and job, not the
 * application, so they are kept here, by job, rather than on `analytics_applications`).
 */
export type AnalyticsCandidateDoc = {
  id: number;
  createdAt: string;
  statuses: Array<{ status: string; at: string }>;
  deletions: Array<{ from: string; to: string | null }>;
  /** the candidate's own source (null: not given); always set by this projection (optional for rows built elsewhere) */
  source?: CandidateSource | null;
  /** the user who added them */
  createdBy?: string;
  /** job id → interviews for the pair that are not cancelled (absent: none ever) */
  interviews?: Record<string, number[]>;
};

const HANDLES = [
  'CandidateRegistered',
  'CandidateUpdated',
  'CandidateStatusFollowedPlacement',
  'CandidateDeleted',
  'CandidateRestored',
  'InterviewScheduled',
  'InterviewCancelled',
  'InterviewReinstated',
] as const;
type Handled = ProjectedEventOf<(typeof HANDLES)[number]>;

const withStatus = (doc: AnalyticsCandidateDoc, status: string, at: string): AnalyticsCandidateDoc =>
  doc.statuses.at(-1)?.status === status ? doc : { ...doc, statuses: [...doc.statuses, { status, at }] };

/** the candidate's interviews on `jobId` replaced by `ids` (the same document when nothing changes) */
function withInterviews(doc: AnalyticsCandidateDoc, jobId: number, change: (ids: number[]) => number[]): AnalyticsCandidateDoc {
  const key = String(jobId);
  const current = doc.interviews?.[key] ?? [];
  const next = change(current);
  if (next === current) return doc;
  const interviews = { ...doc.interviews };
  if (next.length > 0) interviews[key] = next;
  else delete interviews[key];
  return { ...doc, interviews };
}

function evolve(doc: AnalyticsCandidateDoc | null, event: Handled): AnalyticsCandidateDoc | null {
  const at = event.metadata.occurredAt;
  switch (event.type) {
    case 'CandidateRegistered':
      return {
        id: event.data.candidateId,
        createdAt: at,
        statuses: [{ status: event.data.status, at }],
        deletions: [],
        source: event.data.source ?? null,
        createdBy: event.metadata.actor.id,
        // interviews recorded before the registration (none in practice) are kept
        ...(doc?.interviews ? { interviews: doc.interviews } : {}),
      };
    case 'CandidateUpdated': {
      if (!doc) return doc;
      const { status, source } = event.data.changes;
      const next = status !== undefined ? withStatus(doc, status, at) : doc;
      return source !== undefined && source !== (next.source ?? null) ? { ...next, source } : next;
    }
    case 'CandidateStatusFollowedPlacement':
      return doc ? withStatus(doc, event.data.status, at) : doc;
    case 'CandidateDeleted':
      return doc ? { ...doc, deletions: [...doc.deletions, { from: at, to: null }] } : doc;
    case 'CandidateRestored':
      return doc ? { ...doc, deletions: doc.deletions.map((d) => (d.to === null ? { ...d, to: at } : d)) } : doc;
    case 'InterviewScheduled':
    case 'InterviewReinstated': {
      const { jobId, interviewId } = event.data;
      if (!doc || jobId == null) return doc;
      return withInterviews(doc, jobId, (ids) => (ids.includes(interviewId) ? ids : [...ids, interviewId]));
    }
    case 'InterviewCancelled': {
      const { jobId, interviewId } = event.data;
      if (!doc || jobId == null) return doc;
      return withInterviews(doc, jobId, (ids) => (ids.includes(interviewId) ? ids.filter((id) => id !== interviewId) : ids));
    }
  }
}

export const analyticsCandidatesProjection = defineProjection<AnalyticsCandidateDoc, (typeof HANDLES)[number]>({
  name: 'analytics_candidates',
  collection: { name: 'analytics_candidates', indexes: [] },
  // 2: source, createdBy and interviews (source effectiveness, formerly in analytics_sources)
  version: 2,
  handles: HANDLES,
  documentId: (event) => event.data.candidateId ?? null,
  evolve,
  // the dashboard's change label and source effectiveness read it
  refs: ({ data }): Refs => (data.candidateId === undefined ? {} : { candidateId: [data.candidateId] }),
});
