import { defineProjection, type DocId, type ProjectedEvent } from '../../projection';

/**
 * A tiny name lookup owned by the activity feed. Events like ApplicationStageChanged carry only
 * ids, yet the feed should read "Maria Chen moved Ada Lovelace to Interview". Projections are
 * pure, so the feed cannot query the candidates read model; instead this projection keeps the
 * few labels the feed needs (candidate names, job titles with their company, company names), and
 * the feed declares them in `reads(event)` so the runner hands them to `evolve`. It is rebuilt
 * with the feed and never notifies anyone.
 */
export type ActivityLookupDoc = {
  id: string;
  kind: 'candidate' | 'job' | 'client';
  /** candidate full name, job title, or company name */
  label: string;
  /** for jobs: the client's company name when known */
  companyName: string | null;
};

export const ACTIVITY_LOOKUP = 'activity_lookup';
export const lookupKey = {
  candidate: (id: number) => `candidate-${id}`,
  job: (id: number) => `job-${id}`,
  client: (id: number) => `client-${id}`,
};

const key = (event: ProjectedEvent): DocId | null => {
  switch (event.type) {
    case 'CandidateRegistered':
      return lookupKey.candidate(event.data.candidateId);
    case 'JobCreated':
      return lookupKey.job(event.data.jobId);
    case 'ClientCreated':
      return lookupKey.client(event.data.clientId);
    default:
      return null;
  }
};

export const activityLookupProjection = defineProjection<ActivityLookupDoc>({
  name: ACTIVITY_LOOKUP,
  collection: { name: ACTIVITY_LOOKUP },
  handles: ['CandidateRegistered', 'JobCreated', 'ClientCreated'],
  notify: false,
  documentId: key,
  reads: (event) =>
    event.type === 'JobCreated' && event.data.clientId !== null
      ? [{ collection: ACTIVITY_LOOKUP, id: lookupKey.client(event.data.clientId) }]
      : [],
  evolve(doc, event, { lookup }) {
    switch (event.type) {
      case 'CandidateRegistered': {
        const d = event.data;
        return { id: lookupKey.candidate(d.candidateId), kind: 'candidate', label: `${d.firstName} ${d.lastName}`.trim(), companyName: null };
      }
      case 'JobCreated': {
        const d = event.data;
        const client = d.clientId === null ? null : lookup<ActivityLookupDoc>(ACTIVITY_LOOKUP, lookupKey.client(d.clientId));
        return { id: lookupKey.job(d.jobId), kind: 'job', label: d.title, companyName: client?.label ?? null };
      }
      case 'ClientCreated':
        return { id: lookupKey.client(event.data.clientId), kind: 'client', label: event.data.companyName, companyName: null };
      default:
        return doc;
    }
  },
});
