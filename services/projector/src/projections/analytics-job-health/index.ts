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

type Applications = AnalyticsJobHealthDoc['applications'];
type JobApplication = Applications[string];

/**
 * A job's applications also as a Map, kept beside the evolved document (non-enumerable, so never
 * stored): copying a Map of a job's few hundred applications on each event costs a few
 * microseconds, while spreading the object (integer-like keys) costs hundreds, which made this
 * projection a fifth of a rebuild's CPU. The stored `applications` object is made from the Map
 * when first read (serialising, a reader), so documents stay plain, pure values.
 */
const APPLICATIONS = Symbol('applications');

function applicationsOf(doc: AnalyticsJobHealthDoc): Map<string, JobApplication> {
  const held = (doc as { [APPLICATIONS]?: Map<string, JobApplication> })[APPLICATIONS];
  return held ?? new Map(Object.entries(doc.applications));
}

/** `doc` with `applications` replaced by a copy of `current` changed by `change` (never mutates `doc`) */
function withApplications(
  doc: AnalyticsJobHealthDoc,
  change: (applications: Map<string, JobApplication>) => void,
  fields: Partial<Omit<AnalyticsJobHealthDoc, 'applications'>> = {},
): AnalyticsJobHealthDoc {
  const applications = new Map(applicationsOf(doc));
  change(applications);
  // field by field: reading `doc.applications` (a spread would) would build the old object for nothing
  const { id, title, clientId, status, openedAt, createdBy, deleted, lastMoveAt } = doc;
  const next = { id, title, clientId, status, openedAt, createdBy, deleted, lastMoveAt, ...fields } as AnalyticsJobHealthDoc;
  let plain: Applications | undefined;
  Object.defineProperty(next, 'applications', {
    enumerable: true,
    configurable: true,
    get: () => (plain ??= Object.fromEntries(applications)),
  });
  Object.defineProperty(next, APPLICATIONS, { value: applications, enumerable: false });
  return next;
}

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
      return withApplications(doc, (apps) => apps.set(String(d.applicationId), { stage: d.stage, movedAt: d.appliedAt }), {
        lastMoveAt: later(doc.lastMoveAt, d.appliedAt),
      });
    }
    case 'ApplicationStageChanged': {
      if (!doc) return doc;
      const d = event.data;
      return withApplications(doc, (apps) => apps.set(String(d.applicationId), { stage: d.toStage, movedAt: d.changedAt }), {
        lastMoveAt: later(doc.lastMoveAt, d.changedAt),
      });
    }
    case 'ApplicationDetached': {
      if (!doc) return doc;
      return withApplications(doc, (apps) => apps.delete(String(event.data.applicationId)));
    }
    case 'ApplicationRestored': {
      if (!doc) return doc;
      const d = event.data;
      return withApplications(doc, (apps) =>
        apps.set(String(d.applicationId), { stage: d.stage, movedAt: d.stageChangedAt ?? d.appliedAt }),
      );
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
