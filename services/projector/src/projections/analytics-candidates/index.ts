import { defineProjection, type ProjectedEventOf } from '../../projection';

/**
 * The status history of a candidate (what Active Candidates counts), so the count can be stated
 * as of any past moment: every status with the time it was set, and the intervals it was deleted.
 */
export type AnalyticsCandidateDoc = {
  id: number;
  createdAt: string;
  statuses: Array<{ status: string; at: string }>;
  deletions: Array<{ from: string; to: string | null }>;
};

const HANDLES = [
  'CandidateRegistered',
  'CandidateUpdated',
  'CandidateStatusFollowedPlacement',
  'CandidateDeleted',
  'CandidateRestored',
] as const;
type Handled = ProjectedEventOf<(typeof HANDLES)[number]>;

const withStatus = (doc: AnalyticsCandidateDoc, status: string, at: string): AnalyticsCandidateDoc =>
  doc.statuses.at(-1)?.status === status ? doc : { ...doc, statuses: [...doc.statuses, { status, at }] };

function evolve(doc: AnalyticsCandidateDoc | null, event: Handled): AnalyticsCandidateDoc | null {
  const at = event.metadata.occurredAt;
  switch (event.type) {
    case 'CandidateRegistered':
      return { id: event.data.candidateId, createdAt: at, statuses: [{ status: event.data.status, at }], deletions: [] };
    case 'CandidateUpdated':
      return doc && event.data.changes.status !== undefined ? withStatus(doc, event.data.changes.status, at) : doc;
    case 'CandidateStatusFollowedPlacement':
      return doc ? withStatus(doc, event.data.status, at) : doc;
    case 'CandidateDeleted':
      return doc ? { ...doc, deletions: [...doc.deletions, { from: at, to: null }] } : doc;
    case 'CandidateRestored':
      return doc ? { ...doc, deletions: doc.deletions.map((d) => (d.to === null ? { ...d, to: at } : d)) } : doc;
  }
}

export const analyticsCandidatesProjection = defineProjection<AnalyticsCandidateDoc, (typeof HANDLES)[number]>({
  name: 'analytics_candidates',
  collection: { name: 'analytics_candidates', indexes: [] },
  handles: HANDLES,
  documentId: (event) => event.data.candidateId,
  evolve,
  // only the dashboard's change label reads it
  refs: ({ data }) => ({ candidateId: [data.candidateId] }),
});
