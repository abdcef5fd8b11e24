import type { ApplicationStage } from '@ats/contracts';
import { defineProjection, type ProjectedEventOf, type Refs } from '../../projection';

/**
 * Job health (issue 15): per job, its applications' stages and last moves. Days open, days since
 * the last move and the stale flags depend on the clock, so they are computed at read time from
 * these facts (services/query-api/src/read-models/analytics-more.ts) with the shared rules.
 */
export type AnalyticsJobHealthDoc = {
  id: number;
  title: string;
  clientId: number | null;
  status: string;
  openedAt: string;
  createdBy: string;
  deleted: boolean;
  /** attached applications by id: stage and when it last moved (or was created) */
  applications: Record<string, { stage: ApplicationStage; movedAt: string }>;
  /** the last stage move or attach on the job */
  lastMoveAt: string | null;
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
        applications: {},
        lastMoveAt: null,
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
    case 'ApplicationCreated': {
      if (!doc) return doc;
      const d = event.data;
      return {
        ...doc,
        applications: { ...doc.applications, [d.applicationId]: { stage: d.stage, movedAt: d.appliedAt } },
        lastMoveAt: later(doc.lastMoveAt, d.appliedAt),
      };
    }
    case 'ApplicationStageChanged': {
      if (!doc) return doc;
      const d = event.data;
      return {
        ...doc,
        applications: { ...doc.applications, [d.applicationId]: { stage: d.toStage, movedAt: d.changedAt } },
        lastMoveAt: later(doc.lastMoveAt, d.changedAt),
      };
    }
    case 'ApplicationDetached': {
      if (!doc) return doc;
      const { [String(event.data.applicationId)]: _gone, ...rest } = doc.applications;
      return { ...doc, applications: rest };
    }
    case 'ApplicationRestored': {
      if (!doc) return doc;
      const d = event.data;
      return {
        ...doc,
        applications: { ...doc.applications, [d.applicationId]: { stage: d.stage, movedAt: d.stageChangedAt ?? d.appliedAt } },
      };
    }
  }
}

export const analyticsJobHealthProjection = defineProjection<AnalyticsJobHealthDoc, (typeof HANDLES)[number]>({
  name: ANALYTICS_JOB_HEALTH,
  collection: { name: ANALYTICS_JOB_HEALTH, indexes: ['status', 'deleted', 'clientId'] },
  handles: HANDLES,
  documentId: (event) => event.data.jobId,
  evolve: evolveJobHealth,
  refs: (event): Refs => ({ jobId: [event.data.jobId] }),
});
