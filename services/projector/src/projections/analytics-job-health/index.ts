import { defineProjection, type ProjectedEventOf, type Refs } from '../../projection';

/**
 * Job health (issue 15): per job, what it is and its last move. Days open, days since the last
 * move and the stale flags depend on the clock, so they are computed at read time
 * (services/query-api/src/read-models/analytics-more.ts) with the shared rules; the stages of its
 * applications and when each last moved are read from `analytics_applications` (its stays), which
 * holds them already. (Versions 1 and 2 kept every attached application here too: a job’s
 * document grew with its applications and a rebuild wrote each job's once per flush, a tenth of
 * the analytics projections' share of B3 for a copy of what `analytics_applications` has.)
 */
export type AnalyticsJobHealthDoc = {
  id: number;
  title: string;
  clientId: number | null;
  status: string;
  openedAt: string;
  createdBy: string;
  deleted: boolean;
  /** the last stage move or attach on the job */
  lastMoveAt: string | null;
  /**
   * the application events (attached, moved, detached, restored) applied: the document changes
   * with each, so its change notice still tells the screens that the job's health may have moved
   */
  applicationEvents: number;
};

export const ANALYTICS_JOB_HEALTH = 'analytics_job_health';

const HANDLES = [
  'JobCreated',
  'JobUpdated',
  'JobDeleted',
  'JobRestored',
  'ApplicationCreated',
  'ApplicationStageChanged',
  'ApplicationDetached',
  'ApplicationRestored',
] as const;
type Handled = ProjectedEventOf<(typeof HANDLES)[number]>;

const later = (a: string | null, b: string) => (a !== null && a > b ? a : b);

function evolveJobHealth(doc: AnalyticsJobHealthDoc | null, event: Handled): AnalyticsJobHealthDoc | null {
  switch (event.type) {
    case 'JobCreated': {
      const d = event.data;
      return {
        id: d.jobId,
        title: d.title,
        clientId: d.clientId,
        status: d.status,
        openedAt: event.metadata.occurredAt,
        createdBy: event.metadata.actor.id,
        deleted: false,
        lastMoveAt: null,
        applicationEvents: 0,
      };
    }
    case 'JobUpdated': {
      if (!doc) return doc;
      const { title, clientId, status } = event.data.changes;
      return {
        ...doc,
        ...(title !== undefined ? { title } : {}),
        ...(clientId !== undefined ? { clientId } : {}),
        ...(status !== undefined ? { status } : {}),
      };
    }
    case 'JobDeleted':
      return doc ? { ...doc, deleted: true } : doc;
    case 'JobRestored':
      return doc ? { ...doc, deleted: false } : doc;
    case 'ApplicationCreated':
      return doc ? { ...doc, lastMoveAt: later(doc.lastMoveAt, event.data.appliedAt), applicationEvents: doc.applicationEvents + 1 } : doc;
    case 'ApplicationStageChanged':
      return doc ? { ...doc, lastMoveAt: later(doc.lastMoveAt, event.data.changedAt), applicationEvents: doc.applicationEvents + 1 } : doc;
    case 'ApplicationDetached':
    case 'ApplicationRestored':
      return doc ? { ...doc, applicationEvents: doc.applicationEvents + 1 } : doc;
  }
}

export const analyticsJobHealthProjection = defineProjection<AnalyticsJobHealthDoc, (typeof HANDLES)[number]>({
  name: ANALYTICS_JOB_HEALTH,
  collection: { name: ANALYTICS_JOB_HEALTH, indexes: ['status', 'deleted', 'clientId'] },
  // 2: `movedAt` by stage in epoch ms instead of `applications` (a third of the bytes);
  // 3: no applications (read from `analytics_applications`), `applicationEvents`
  version: 3,
  handles: HANDLES,
  documentId: (event) => event.data.jobId,
  evolve: evolveJobHealth,
  refs: (event): Refs => ({ jobId: [event.data.jobId] }),
});
