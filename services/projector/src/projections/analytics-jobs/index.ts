import { defineProjection, type ProjectedEventOf } from '../../projection';

/**
 * The analytics view of a job order: its client, its owner (the user who created it), when it
 * was opened, its status history and when it was deleted. A deleted job stays here (marked), so
 * the work done on it still counts and can be attributed.
 */
export type AnalyticsJobDoc = {
  id: number;
  title: string;
  clientId: number | null;
  owner: { id: string; name: string };
  openedAt: string;
  statuses: Array<{ status: string; at: string }>;
  deletedAt: string | null;
};

const HANDLES = ['JobCreated', 'JobUpdated', 'JobDeleted', 'JobRestored'] as const;
type Handled = ProjectedEventOf<(typeof HANDLES)[number]>;

function evolve(doc: AnalyticsJobDoc | null, event: Handled): AnalyticsJobDoc | null {
  const at = event.metadata.occurredAt;
  switch (event.type) {
    case 'JobCreated': {
      const d = event.data;
      const { id, name } = event.metadata.actor;
      return {
        id: d.jobId,
        title: d.title,
        clientId: d.clientId,
        owner: { id, name },
        openedAt: at,
        statuses: [{ status: d.status, at }],
        deletedAt: null,
      };
    }
    case 'JobUpdated': {
      if (!doc) return doc;
      const c = event.data.changes;
      const last = doc.statuses[doc.statuses.length - 1];
      const statuses = c.status !== undefined && c.status !== last?.status ? [...doc.statuses, { status: c.status, at }] : doc.statuses;
      return {
        ...doc,
        ...(c.title !== undefined ? { title: c.title } : {}),
        ...(c.clientId !== undefined ? { clientId: c.clientId } : {}),
        statuses,
      };
    }
    case 'JobDeleted':
      return doc ? { ...doc, deletedAt: at } : doc;
    case 'JobRestored':
      return doc ? { ...doc, deletedAt: null } : doc;
  }
}

export const analyticsJobsProjection = defineProjection<AnalyticsJobDoc, (typeof HANDLES)[number]>({
  name: 'analytics_jobs',
  collection: { name: 'analytics_jobs', indexes: ['clientId'] },
  handles: HANDLES,
  documentId: (event) => event.data.jobId,
  evolve,
  refs: ({ data: d }) => ({ jobId: [d.jobId] }),
});
