import { APPLICATION_STAGES, type ApplicationStage } from '@ats/contracts';
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
  /**
   * The attached applications by the stage they stand at: application id → when it last moved
   * (or was attached), in epoch milliseconds. Stages without applications are left out. (Version
   * 1 kept `applications: { id: { stage, movedAt } }`: three times the bytes, and a rebuild
   * writes every job's document once per flush.)
   */
  movedAt: JobHealthMoves;
  /** the last stage move or attach on the job */
  lastMoveAt: string | null;
};
export type JobHealthMoves = Partial<Record<ApplicationStage, Record<string, number>>>;

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

/** one attached application: its stage and when it last moved (epoch ms) */
type JobApplication = { stage: ApplicationStage; at: number };

/**
 * A job's applications also in memory, kept beside the evolved document (non-enumerable, so never
 * stored): a shared base Map and a small Map of changes since (null: detached). An event copies
 * only the changes (at most about √n of them) and folds them into a new base once they grow past
 * that, so a job of n applications costs O(√n) per event instead of copying all n (a Map copy of
 * every application per event was the most expensive analytics code in a rebuild's profile, and
 * spreading the object costs far more). The stored `movedAt` object is made when first read
 * (serialising, a reader), so documents stay plain, pure values: its stages in the order of
 * APPLICATION_STAGES and its keys integer-like, so JSON lists them in the same order whatever
 * order they were set in.
 */
const APPLICATIONS = Symbol('applications');

type Held = { base: ReadonlyMap<string, JobApplication>; changes: ReadonlyMap<string, JobApplication | null> };
type Changes = { set(id: string, application: JobApplication): void; delete(id: string): void };

function applicationsOf(doc: AnalyticsJobHealthDoc): Held {
  const held = (doc as { [APPLICATIONS]?: Held })[APPLICATIONS];
  if (held) return held;
  // a stored document (read back from the store)
  const base = new Map<string, JobApplication>();
  for (const [stage, ids] of Object.entries(doc.movedAt) as Array<[ApplicationStage, Record<string, number>]>) {
    for (const [id, at] of Object.entries(ids)) base.set(id, { stage, at });
  }
  return { base, changes: new Map() };
}

/** `doc` with `applications` changed by `change` (never mutates `doc` nor what it holds) */
function withApplications(
  doc: AnalyticsJobHealthDoc,
  change: (applications: Changes) => void,
  fields: Partial<Omit<AnalyticsJobHealthDoc, 'movedAt'>> = {},
): AnalyticsJobHealthDoc {
  const held = applicationsOf(doc);
  let base = held.base;
  let changes = new Map(held.changes);
  change({ set: (id, application) => changes.set(id, application), delete: (id) => changes.set(id, null) });
  if (changes.size > Math.max(16, Math.sqrt(base.size))) {
    base = merge(base, changes);
    changes = new Map();
  }
  const nextHeld: Held = { base, changes };
  // field by field: reading `doc.movedAt` (a spread would) would build the old object for nothing
  const { id, title, clientId, status, openedAt, createdBy, deleted, lastMoveAt } = doc;
  const next = { id, title, clientId, status, openedAt, createdBy, deleted, lastMoveAt, ...fields } as AnalyticsJobHealthDoc;
  let plain: JobHealthMoves | undefined;
  Object.defineProperty(next, 'movedAt', {
    enumerable: true,
    configurable: true,
    get: () => (plain ??= materialize(nextHeld)),
  });
  Object.defineProperty(next, APPLICATIONS, { value: nextHeld, enumerable: false });
  return next;
}

/** a new Map: `base` with `changes` applied */
function merge(base: Held['base'], changes: Held['changes']): Map<string, JobApplication> {
  const merged = new Map(base);
  for (const [id, application] of changes) {
    if (application === null) merged.delete(id);
    else merged.set(id, application);
  }
  return merged;
}

function materialize({ base, changes }: Held): JobHealthMoves {
  const byStage = new Map<ApplicationStage, Record<string, number>>();
  for (const [id, { stage, at }] of changes.size === 0 ? base : merge(base, changes)) {
    let ids = byStage.get(stage);
    if (!ids) byStage.set(stage, (ids = {}));
    ids[id] = at;
  }
  const moves: JobHealthMoves = {};
  for (const stage of APPLICATION_STAGES) {
    const ids = byStage.get(stage);
    if (ids) moves[stage] = ids;
  }
  // a stage the list does not name (none today) is kept, after them
  for (const [stage, ids] of byStage) moves[stage] ??= ids;
  return moves;
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
        movedAt: {},
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
      return withApplications(doc, (apps) => apps.set(String(d.applicationId), { stage: d.stage, at: Date.parse(d.appliedAt) }), {
        lastMoveAt: later(doc.lastMoveAt, d.appliedAt),
      });
    }
    case 'ApplicationStageChanged': {
      if (!doc) return doc;
      const d = event.data;
      return withApplications(doc, (apps) => apps.set(String(d.applicationId), { stage: d.toStage, at: Date.parse(d.changedAt) }), {
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
        apps.set(String(d.applicationId), { stage: d.stage, at: Date.parse(d.stageChangedAt ?? d.appliedAt) }),
      );
    }
  }
}

export const analyticsJobHealthProjection = defineProjection<AnalyticsJobHealthDoc, (typeof HANDLES)[number]>({
  name: ANALYTICS_JOB_HEALTH,
  collection: { name: ANALYTICS_JOB_HEALTH, indexes: ['status', 'deleted', 'clientId'] },
  // 2: `movedAt` by stage in epoch ms instead of `applications` (a third of the bytes)
  version: 2,
  handles: HANDLES,
  documentId: (event) => event.data.jobId,
  evolve: evolveJobHealth,
  refs: (event): Refs => ({ jobId: [event.data.jobId] }),
});
