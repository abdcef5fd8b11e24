import { CANDIDATE_SOURCES, FUNNEL_STAGES, type ActivityCounts, type CandidateSource, type SourceRow } from '@ats/contracts';
import { ANALYTICS_ACTIVITY, type AnalyticsActivityDoc, type AnalyticsApplicationDoc, type AnalyticsCandidateDoc } from '@ats/projector';
import type { Doc, DocumentStore } from '@ats/storage';
import { READ_MODELS } from '../names';
import { createLiveCopy, type LiveIndexOptions } from './live-index';

/**
 * In-memory copies for source effectiveness (the few fields it reads of `analytics_candidates` and
 * `analytics_applications`) and of `analytics_activity` (kept current by `createLiveCopy`), so
 * those figures are a loop over the copies instead of a store query that hands over and parses
 * every document of the range. The figures are the store path's (`analytics-more.ts`), exactly:
 * the same conditions, tested side by side.
 */

/** the fields of `analytics_candidates` source effectiveness reads */
export const SOURCE_CANDIDATE_FIELDS = ['createdAt', 'createdBy', 'source', 'deletions', 'interviews'] as const;
/** the fields of `analytics_applications` source effectiveness reads */
export const SOURCE_APPLICATION_FIELDS = [
  'candidateId',
  'jobId',
  'source',
  'createdAt',
  'createdBy',
  'funnelKey',
  'stage',
  'detached',
] as const;
export type SourceCandidateFields = Pick<AnalyticsCandidateDoc, 'id' | (typeof SOURCE_CANDIDATE_FIELDS)[number]> & Doc;
export type SourceApplicationFields = Pick<AnalyticsApplicationDoc, 'id' | (typeof SOURCE_APPLICATION_FIELDS)[number]> & Doc;

/** the rank of Interview in the funnel: an application whose furthest stage is this or later moved past screening */
const INTERVIEW_RANK = FUNNEL_STAGES.indexOf('interview');
/**
 * Moved past screening: ever entered Interview or a later funnel stage (Final Interview, Offer,
 * Placed; a card moved back still counts), from the furthest stage `funnelKey` keeps.
 */
export const pastScreening = (funnelKey: string) => Number.parseInt(funnelKey, 10) >= INTERVIEW_RANK;
/** deleted now: a deletion not undone */
export const deletedNow = (doc: Pick<AnalyticsCandidateDoc, 'deletions'>) => doc.deletions.some((d) => d.to === null);
/** an interview for the candidate and job exists and is not cancelled */
export const interviewedFor = (candidate: Pick<AnalyticsCandidateDoc, 'interviews'> | undefined, jobId: number) =>
  (candidate?.interviews?.[String(jobId)]?.length ?? 0) > 0;

type SourceCandidate = {
  source: CandidateSource | null;
  createdAt: number;
  createdBy: string | undefined;
  deleted: boolean;
  interviews: AnalyticsCandidateDoc['interviews'];
};
type SourceApplication = {
  candidateId: number;
  jobId: number;
  source: CandidateSource | null;
  appliedAt: number;
  createdBy: string | undefined;
  pastScreening: boolean;
  placed: boolean;
  detached: boolean;
};

/** a range of instants: from (inclusive) to end (exclusive), epoch ms */
export type Instants = { from: number; end: number };

/** what source effectiveness keeps of each candidate */
export class SourceCandidatesCopy {
  readonly rows = new Map<number, SourceCandidate>();

  put(doc: SourceCandidateFields): void {
    this.rows.set(Number(doc.id), {
      source: doc.source ?? null,
      createdAt: Date.parse(doc.createdAt),
      createdBy: doc.createdBy,
      deleted: deletedNow(doc),
      interviews: doc.interviews,
    });
  }

  remove(id: number): void {
    this.rows.delete(Number(id));
  }
}

/** what source effectiveness keeps of each application */
export class SourceApplicationsCopy {
  readonly rows = new Map<number, SourceApplication>();

  put(doc: SourceApplicationFields): void {
    this.rows.set(Number(doc.id), {
      candidateId: doc.candidateId,
      jobId: doc.jobId,
      source: doc.source ?? null,
      appliedAt: Date.parse(doc.createdAt),
      createdBy: doc.createdBy,
      pastScreening: pastScreening(doc.funnelKey),
      placed: doc.stage === 'placed',
      detached: doc.detached,
    });
  }

  remove(id: number): void {
    this.rows.delete(Number(id));
  }
}

/**
 * Per source: candidates added in the range (with a job scope, those attached to its jobs),
 * applications created in it by their own source, else their candidate's (`analytics-more.ts`).
 */
export function sourceEffectiveness(
  candidateCopy: SourceCandidatesCopy,
  applicationCopy: SourceApplicationsCopy,
  range: Instants,
  scope: ReadonlySet<number> | null,
  recruiter: string | undefined,
): SourceRow[] {
  const candidates = candidateCopy.rows;
  const applications = applicationCopy.rows;
  const rows = new Map<SourceRow['source'], SourceRow>(
    [...CANDIDATE_SOURCES, 'unknown' as const].map((source) => [
      source,
      { source, candidates: 0, applications: 0, pastScreening: 0, interviewed: 0, placed: 0 },
    ]),
  );
  // with a job or client filter, the candidates counted are those attached to its jobs
  let attached: Set<number> | null = null;
  if (scope) {
    attached = new Set();
    for (const a of applications.values()) if (!a.detached && scope.has(a.jobId)) attached.add(a.candidateId);
  }
  for (const [candidateId, c] of candidates) {
    if (c.deleted || c.createdAt < range.from || c.createdAt >= range.end) continue;
    if (recruiter && c.createdBy !== recruiter) continue;
    if (attached && !attached.has(candidateId)) continue;
    rows.get(c.source ?? 'unknown')!.candidates += 1;
  }
  for (const a of applications.values()) {
    if (a.detached || a.appliedAt < range.from || a.appliedAt >= range.end) continue;
    if ((scope && !scope.has(a.jobId)) || (recruiter && a.createdBy !== recruiter)) continue;
    const candidate = candidates.get(a.candidateId);
    const row = rows.get(a.source ?? candidate?.source ?? 'unknown')!;
    row.applications += 1;
    if (a.pastScreening) row.pastScreening += 1;
    if (interviewedFor(candidate, a.jobId)) row.interviewed += 1;
    if (a.placed) row.placed += 1;
  }
  return [...rows.values()];
}

type ActivityRow = ActivityCounts & { id: string; userId: string; name: string; week: string; jobId: number | null };

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** the documents of one user and week (every job): their counts summed, the name of the first in id order */
type WeekGroup = { key: string; docs: Map<string, ActivityRow>; total: ActivityRow | null };

/**
 * The copy of `analytics_activity` (one document per user, week and job). A read without a job
 * scope sums per user and week, so the copy keeps those sums (a few hundred rows for years of
 * activity) and hands them over in place of the documents: the same figures, as `analytics-more`
 * sums by user and week and names each user and week after its first document in id order. A
 * read with a job scope takes the documents of those jobs only.
 */
export class ActivityCopy {
  private readonly docs = new Map<string, ActivityRow>();
  private readonly groups = new Map<string, WeekGroup>();
  private readonly byJob = new Map<number | null, Map<string, ActivityRow>>();
  /** the groups in id order, rebuilt after a group was added or removed */
  private orderedGroups: WeekGroup[] | null = null;

  put(doc: AnalyticsActivityDoc): void {
    const row: ActivityRow = {
      id: String(doc.id),
      userId: doc.userId,
      name: doc.name,
      week: doc.week,
      jobId: doc.jobId,
      candidatesAdded: doc.candidatesAdded,
      notes: doc.notes,
      emails: doc.emails,
      stageMoves: doc.stageMoves,
      interviews: doc.interviews,
      placements: doc.placements,
    };
    this.remove(row.id);
    this.docs.set(row.id, row);
    const key = `${row.userId}|${row.week}`;
    let group = this.groups.get(key);
    if (!group) {
      this.groups.set(key, (group = { key, docs: new Map(), total: null }));
      this.orderedGroups = null;
    }
    group.docs.set(row.id, row);
    group.total = null;
    let job = this.byJob.get(row.jobId);
    if (!job) this.byJob.set(row.jobId, (job = new Map()));
    job.set(row.id, row);
  }

  remove(id: string): void {
    const row = this.docs.get(String(id));
    if (!row) return;
    this.docs.delete(row.id);
    this.byJob.get(row.jobId)?.delete(row.id);
    const key = `${row.userId}|${row.week}`;
    const group = this.groups.get(key)!;
    group.docs.delete(row.id);
    group.total = null;
    if (group.docs.size === 0) {
      this.groups.delete(key);
      this.orderedGroups = null;
    }
  }

  /**
   * What `analytics-more` sums for the weeks `fromWeek`..`toWeek` (Mondays, yyyy-mm-dd), the user
   * and jobs asked for, in id order: the documents with a job scope, else one row per user and week.
   */
  rows(fromWeek: string, toWeek: string, scope: ReadonlySet<number> | null, recruiter: string | undefined): ActivityRow[] {
    const out: ActivityRow[] = [];
    if (scope) {
      for (const jobId of scope) {
        for (const d of this.byJob.get(jobId)?.values() ?? []) {
          if (d.week < fromWeek || d.week > toWeek || (recruiter && d.userId !== recruiter)) continue;
          out.push(d);
        }
      }
      return out.sort(byId);
    }
    // group keys are the ids' prefixes (user|week|job): their order is the documents' order
    this.orderedGroups ??= [...this.groups.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    for (const g of this.orderedGroups) {
      const total = (g.total ??= sum(g));
      if (total.week < fromWeek || total.week > toWeek || (recruiter && total.userId !== recruiter)) continue;
      out.push(total);
    }
    return out;
  }
}

function sum(g: WeekGroup): ActivityRow {
  const docs = [...g.docs.values()].sort(byId);
  const first = docs[0]!;
  const total: ActivityRow = { ...first, id: g.key, jobId: null };
  for (const d of docs.slice(1)) {
    total.candidatesAdded += d.candidatesAdded;
    total.notes += d.notes;
    total.emails += d.emails;
    total.stageMoves += d.stageMoves;
    total.interviews += d.interviews;
    total.placements += d.placements;
  }
  return total;
}

/**
 * The live copies read by `analytics-more.ts`: source effectiveness's fields of
 * `analytics_candidates` and `analytics_applications`, and `analytics_activity` (`createLiveCopy`).
 */
export function createLiveMoreCopies(documents: DocumentStore, options: LiveIndexOptions = {}) {
  const sourceCandidates = createLiveCopy<SourceCandidateFields, SourceCandidatesCopy>(
    documents,
    READ_MODELS.analyticsCandidates,
    () => new SourceCandidatesCopy(),
    Number,
    { ...options, fields: SOURCE_CANDIDATE_FIELDS },
  );
  const sourceApplications = createLiveCopy<SourceApplicationFields, SourceApplicationsCopy>(
    documents,
    READ_MODELS.analyticsApplications,
    () => new SourceApplicationsCopy(),
    Number,
    { ...options, fields: SOURCE_APPLICATION_FIELDS },
  );
  const sources = {
    loaded: () => sourceCandidates.loaded() && sourceApplications.loaded(),
    /** both copies, current as of (at least) the checkpoint when called */
    async current(): Promise<{ candidates: SourceCandidatesCopy; applications: SourceApplicationsCopy }> {
      const [candidates, applications] = await Promise.all([sourceCandidates.current(), sourceApplications.current()]);
      return { candidates, applications };
    },
    async stop(): Promise<void> {
      await Promise.all([sourceCandidates.stop(), sourceApplications.stop()]);
    },
  };
  const activity = createLiveCopy<AnalyticsActivityDoc & Doc, ActivityCopy>(
    documents,
    ANALYTICS_ACTIVITY,
    () => new ActivityCopy(),
    String,
    options,
  );
  return {
    sources,
    activity,
    async stop(): Promise<void> {
      await Promise.all([sources.stop(), activity.stop()]);
    },
  };
}
export type LiveMoreCopies = ReturnType<typeof createLiveMoreCopies>;
