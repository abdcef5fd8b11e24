import { defineProjection, type DocId, type ProjectedEventOf } from '../../projection';

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
  /** for candidates: the name parts, so a rename of one part keeps the other */
  firstName?: string;
  lastName?: string;
};

export const ACTIVITY_LOOKUP = 'activity_lookup';
export const lookupKey = {
  candidate: (id: number) => `candidate-${id}`,
  job: (id: number) => `job-${id}`,
  client: (id: number) => `client-${id}`,
};

const HANDLES = ['CandidateRegistered', 'CandidateUpdated', 'JobCreated', 'JobUpdated', 'ClientCreated', 'ClientUpdated'] as const;
type Handled = ProjectedEventOf<(typeof HANDLES)[number]>;

const key = (event: Handled): DocId | null => {
  switch (event.type) {
    case 'CandidateRegistered':
      return lookupKey.candidate(event.data.candidateId);
    case 'CandidateUpdated':
      return event.data.changes.firstName !== undefined || event.data.changes.lastName !== undefined
        ? lookupKey.candidate(event.data.candidateId)
        : null;
    case 'JobCreated':
      return lookupKey.job(event.data.jobId);
    case 'JobUpdated':
      return event.data.changes.title !== undefined || event.data.changes.clientId !== undefined ? lookupKey.job(event.data.jobId) : null;
    case 'ClientCreated':
      return lookupKey.client(event.data.clientId);
    case 'ClientUpdated':
      return event.data.changes.companyName !== undefined ? lookupKey.client(event.data.clientId) : null;
  }
};

export const activityLookupProjection = defineProjection<ActivityLookupDoc, (typeof HANDLES)[number]>({
  name: ACTIVITY_LOOKUP,
  collection: { name: ACTIVITY_LOOKUP },
  handles: HANDLES,
  notify: false,
  documentId: key,
  reads: (event) => {
    const clientId =
      event.type === 'JobCreated' ? event.data.clientId : event.type === 'JobUpdated' ? (event.data.changes.clientId ?? null) : null;
    return clientId !== null ? [{ collection: ACTIVITY_LOOKUP, id: lookupKey.client(clientId) }] : [];
  },
  evolve(doc, event, { lookup }) {
    switch (event.type) {
      case 'CandidateRegistered': {
        const d = event.data;
        return {
          id: lookupKey.candidate(d.candidateId),
          kind: 'candidate',
          label: `${d.firstName} ${d.lastName}`.trim(),
          companyName: null,
          firstName: d.firstName,
          lastName: d.lastName,
        };
      }
      case 'JobCreated': {
        const d = event.data;
        const client = d.clientId === null ? null : lookup<ActivityLookupDoc>(ACTIVITY_LOOKUP, lookupKey.client(d.clientId));
        return { id: lookupKey.job(d.jobId), kind: 'job', label: d.title, companyName: client?.label ?? null };
      }
      case 'ClientCreated':
        return { id: lookupKey.client(event.data.clientId), kind: 'client', label: event.data.companyName, companyName: null };
      case 'CandidateUpdated': {
        if (!doc) return doc;
        const c = event.data.changes;
        const firstName = c.firstName ?? doc.firstName ?? '';
        const lastName = c.lastName ?? doc.lastName ?? '';
        return { ...doc, firstName, lastName, label: `${firstName} ${lastName}`.trim() };
      }
      case 'JobUpdated': {
        if (!doc) return doc;
        const c = event.data.changes;
        const client =
          c.clientId === undefined
            ? undefined
            : c.clientId === null
              ? null
              : lookup<ActivityLookupDoc>(ACTIVITY_LOOKUP, lookupKey.client(c.clientId));
        return { ...doc, label: c.title ?? doc.label, companyName: client === undefined ? doc.companyName : (client?.label ?? null) };
      }
      case 'ClientUpdated':
        return doc && event.data.changes.companyName !== undefined ? { ...doc, label: event.data.changes.companyName } : doc;
    }
  },
});
