import { FUNNEL_STAGES, type ApplicationStage, type CandidateSource } from '@ats/contracts';
import { defineProjection, type ProjectedEventOf, type Refs } from '../../projection';

/** One stay of an application in a stage: when it entered, when it left (null while it is there), who moved it in. */
export type AnalyticsStay = {
  stage: ApplicationStage;
  enteredAt: string;
  leftAt: string | null;
  /** the user who moved the card into this stage; null for the stage it was created at */
  movedBy: { id: string; name: string } | null;
};

/** A recorded placement: when and the fee (thousands of dollars). */
export type AnalyticsPlacement = { placedAt: string; fee: number; salary: number };

/**
 * The analytics history of one application: every stage stay with exact times, its placement
 * records and the intervals it was detached. Nothing is ever dropped, so any figure can be
 * restated as of a past time from these rows alone. (Until version 3 it also kept `lastMovedAt`
 * and `lastEventAt`, which no reader used: a sixth of its bytes, written at every move.)
 */
export type AnalyticsApplicationDoc = {
  id: number;
  candidateId: number;
  jobId: number;
  createdAt: string;
  /** the stage it is at now */
  stage: ApplicationStage;
  /** the earliest placement ever recorded (null: never placed), so placement figures read only placed applications */
  firstPlacedAt: string | null;
  stays: AnalyticsStay[];
  placements: AnalyticsPlacement[];
  detachments: Array<{ from: string; to: string | null }>;
  /**
   * Current-state summary for store-side aggregation (the funnel counts by it in the database
   * instead of loading rows): the furthest funnel stage entered (its index in FUNNEL_STAGES, 0 when
   * none) followed by `r` when the card is at Rejected now, e.g. '2' or '3r'.
   */
  funnelKey: string;
  /** detached now */
  detached: boolean;
  /** the placement standing now (at Placed, attached, its latest record) with who moved it there; null when none */
  standing: (AnalyticsPlacement & { by: AnalyticsStay['movedBy'] }) | null;
  /** `standing.placedAt`, indexed: placement figures read only the standing placements */
  standingPlacedAt: string | null;
  /**
   * Source effectiveness (issue 15, formerly `analytics_sources`): the application's own source
   * (null: its candidate's, read from `analytics_candidates`) and the user who attached it
   * (always set by this projection; optional for rows built elsewhere, e.g. test fixtures).
   */
  source?: CandidateSource | null;
  createdBy?: string;
};

/**
 * What is stored of an `AnalyticsApplicationDoc` (version 5): the same document without what is
 * empty or follows from the rest, a third of its bytes (issue 15's B3 share: a rebuild writes most
 * of these documents twice, created and then moved, and reads many back). Left out: a
 * stay's `leftAt` (always the next stay's `enteredAt`, null for the last), a null `movedBy`, a
 * null `firstPlacedAt`, `standing` and `standingPlacedAt`, empty `placements` and `detachments`.
 * Readers take it through `expandAnalyticsApplication`, which also accepts a whole document (rows
 * written by version 4 or by hand).
 */
export type StoredAnalyticsStay = Pick<AnalyticsStay, 'stage' | 'enteredAt'> & Partial<Pick<AnalyticsStay, 'leftAt' | 'movedBy'>>;
export type StoredAnalyticsApplicationDoc = Omit<
  AnalyticsApplicationDoc,
  'stays' | 'firstPlacedAt' | 'placements' | 'detachments' | 'standing' | 'standingPlacedAt'
> &
  Partial<Pick<AnalyticsApplicationDoc, 'firstPlacedAt' | 'placements' | 'detachments' | 'standing' | 'standingPlacedAt'>> & {
    stays: StoredAnalyticsStay[];
  };

/** the whole document from its stored form (a whole document is returned as it is) */
export function expandAnalyticsApplication(doc: StoredAnalyticsApplicationDoc | AnalyticsApplicationDoc): AnalyticsApplicationDoc {
  const stored = doc.stays;
  if (
    doc.placements &&
    doc.detachments &&
    doc.firstPlacedAt !== undefined &&
    doc.standing !== undefined &&
    doc.standingPlacedAt !== undefined &&
    stored.every((s) => s.leftAt !== undefined && s.movedBy !== undefined)
  ) {
    return doc as AnalyticsApplicationDoc;
  }
  const stays = stored.map((s, i): AnalyticsStay => ({
    stage: s.stage,
    enteredAt: s.enteredAt,
    leftAt: s.leftAt !== undefined ? s.leftAt : (stored[i + 1]?.enteredAt ?? null),
    movedBy: s.movedBy ?? null,
  }));
  return {
    ...doc,
    firstPlacedAt: doc.firstPlacedAt ?? null,
    stays,
    placements: doc.placements ?? [],
    detachments: doc.detachments ?? [],
    standing: doc.standing ?? null,
    standingPlacedAt: doc.standingPlacedAt ?? null,
  };
}

/** the stored form of a whole document (see `StoredAnalyticsApplicationDoc`) */
export function storedAnalyticsApplication(doc: AnalyticsApplicationDoc): StoredAnalyticsApplicationDoc {
  const { stays, firstPlacedAt, placements, detachments, standing, standingPlacedAt, ...rest } = doc;
  return {
    ...rest,
    // leftAt is the next stay's enteredAt: a move closes the open stay when it opens the next
    stays: stays.map(({ stage, enteredAt, movedBy }) => (movedBy ? { stage, enteredAt, movedBy } : { stage, enteredAt })),
    ...(firstPlacedAt !== null ? { firstPlacedAt } : {}),
    ...(placements.length > 0 ? { placements } : {}),
    ...(detachments.length > 0 ? { detachments } : {}),
    ...(standing !== null ? { standing, standingPlacedAt } : {}),
  };
}

const HANDLES = [
  'ApplicationCreated',
  'ApplicationStageChanged',
  'ApplicationDetached',
  'ApplicationRestored',
  'PlacementRecorded',
  'ApplicationSourceChanged',
] as const;
type Handled = ProjectedEventOf<(typeof HANDLES)[number]>;

const RANK = new Map<string, number>(FUNNEL_STAGES.map((s, i) => [s, i]));

/** the current-state summary fields, from the stays and detachments */
function summarize(doc: AnalyticsApplicationDoc): AnalyticsApplicationDoc {
  const furthest = Math.max(0, ...doc.stays.map((s) => RANK.get(s.stage) ?? -1));
  const detached = doc.detachments.some((d) => d.to === null);
  const record = doc.stage === 'placed' && !detached ? doc.placements.at(-1) : undefined;
  const standing = record ? { ...record, by: doc.stays.at(-1)?.movedBy ?? null } : null;
  return {
    ...doc,
    funnelKey: `${furthest}${doc.stage === 'rejected' ? 'r' : ''}`,
    detached,
    standing,
    standingPlacedAt: standing?.placedAt ?? null,
  };
}

function evolve(stored: StoredAnalyticsApplicationDoc | null, event: Handled): StoredAnalyticsApplicationDoc | null {
  const doc = stored && expandAnalyticsApplication(stored);
  const next = apply(doc, event);
  if (next === doc) return stored;
  if (next === null) return null;
  // a source edit changes no stay, placement or detachment
  return storedAnalyticsApplication(event.type === 'ApplicationSourceChanged' ? next : summarize(next));
}

function apply(doc: AnalyticsApplicationDoc | null, event: Handled): AnalyticsApplicationDoc | null {
  switch (event.type) {
    case 'ApplicationCreated': {
      const d = event.data;
      return {
        id: d.applicationId,
        candidateId: d.candidateId,
        jobId: d.jobId,
        createdAt: d.appliedAt,
        stage: d.stage,
        firstPlacedAt: null,
        stays: [{ stage: d.stage, enteredAt: d.appliedAt, leftAt: null, movedBy: null }],
        placements: [],
        detachments: [],
        funnelKey: '0',
        detached: false,
        standing: null,
        standingPlacedAt: null,
        source: d.source ?? null,
        createdBy: event.metadata.actor.id,
      };
    }
    case 'ApplicationStageChanged': {
      if (!doc) return doc;
      const d = event.data;
      const stays = doc.stays.map((s) => (s.leftAt === null ? { ...s, leftAt: d.changedAt } : s));
      stays.push({ stage: d.toStage, enteredAt: d.changedAt, leftAt: null, movedBy: { id: d.changedBy.id, name: d.changedBy.name } });
      return { ...doc, stays, stage: d.toStage };
    }
    case 'PlacementRecorded': {
      if (!doc) return doc;
      const d = event.data;
      const firstPlacedAt = doc.firstPlacedAt !== null && doc.firstPlacedAt < d.placedAt ? doc.firstPlacedAt : d.placedAt;
      return { ...doc, firstPlacedAt, placements: [...doc.placements, { placedAt: d.placedAt, fee: d.fee, salary: d.salary }] };
    }
    case 'ApplicationDetached': {
      if (!doc) return doc;
      return { ...doc, detachments: [...doc.detachments, { from: event.metadata.occurredAt, to: null }] };
    }
    case 'ApplicationRestored': {
      if (!doc) return doc;
      const at = event.metadata.occurredAt;
      return { ...doc, detachments: doc.detachments.map((x) => (x.to === null ? { ...x, to: at } : x)) };
    }
    case 'ApplicationSourceChanged':
      return doc && doc.source !== event.data.source ? { ...doc, source: event.data.source } : doc;
  }
}

export const analyticsApplicationsProjection = defineProjection<StoredAnalyticsApplicationDoc, (typeof HANDLES)[number]>({
  name: 'analytics_applications',
  collection: {
    name: 'analytics_applications',
    // The figures read the query side's in-memory copy (paged by id); the store is asked only for
    // the standing placements (the dashboard's labels before that copy is loaded) and by id
    // (erasure). Six more indexes cost a fifth of a rebuild's index phase and every move's write.
    indexes: ['standingPlacedAt'],
  },
  // 2: funnelKey, detached, standing and lastEventAt added; 3: source and createdBy (source effectiveness);
  // 4: lastMovedAt and lastEventAt dropped (no reader); 5: stored without its empty and derived parts
  version: 5,
  handles: HANDLES,
  documentId: (event) => event.data.applicationId,
  evolve,
  refs: ({ data: d }): Refs => ({ applicationId: [d.applicationId], jobId: [d.jobId] }),
});
