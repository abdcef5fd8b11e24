import { CANDIDATE_SOURCES, type ActivityCounts, type CandidateSource, type SourceRow } from '@ats/contracts';
import { ANALYTICS_ACTIVITY, ANALYTICS_SOURCES, type AnalyticsActivityDoc, type AnalyticsSourceDoc } from '@ats/projector';
import type { Doc, DocumentStore } from '@ats/storage';
import { createLiveCopy, type LiveIndexOptions } from './live-index';

/**
 * In-memory copies of `analytics_sources` and `analytics_activity` (kept current by
 * `createLiveCopy`), so source effectiveness and recruiter activity are a loop over the copy
 * instead of a store query that hands over and parses every document of the range. The figures
 * are the store path's (`analytics-more.ts`), exactly: the same conditions, tested side by side.
 */

type SourceCandidate = { candidateId: number; source: CandidateSource | null; createdAt: number; createdBy: string; deleted: boolean };
type SourceApplication = {
  candidateId: number;
  jobId: number;
  source: CandidateSource | null;
  appliedAt: number;
  createdBy: string;
  pastScreening: boolean;
  placed: boolean;
  interviewed: boolean;
  detached: boolean;
};

/** a range of instants: from (inclusive) to end (exclusive), epoch ms */
export type Instants = { from: number; end: number };

export class SourcesCopy {
  private readonly candidates = new Map<string, SourceCandidate>();
  private readonly applications = new Map<string, SourceApplication>();

  put(doc: AnalyticsSourceDoc): void {
    const id = String(doc.id);
    if (doc.kind === 'candidate') {
      this.applications.delete(id);
      this.candidates.set(id, {
        candidateId: doc.candidateId,
        source: doc.source ?? null,
        createdAt: Date.parse(doc.createdAt),
        createdBy: doc.createdBy,
        deleted: doc.deleted === true,
      });
    } else {
      this.candidates.delete(id);
      this.applications.set(id, {
        candidateId: doc.candidateId,
        jobId: doc.jobId,
        source: doc.source ?? null,
        appliedAt: Date.parse(doc.appliedAt),
        createdBy: doc.createdBy,
        pastScreening: doc.pastScreening,
        placed: doc.placed,
        interviewed: doc.interviewIds.length > 0,
        detached: doc.detached,
      });
    }
  }

  remove(id: string): void {
    this.candidates.delete(String(id));
    this.applications.delete(String(id));
  }

  /**
   * Per source: candidates added in the range (with a job scope, those attached to its jobs),
   * applications created in it by their own source, else their candidate's (`analytics-more.ts`).
   */
  effectiveness(range: Instants, scope: ReadonlySet<number> | null, recruiter: string | undefined): SourceRow[] {
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
      for (const a of this.applications.values()) if (!a.detached && scope.has(a.jobId)) attached.add(a.candidateId);
    }
    for (const c of this.candidates.values()) {
      if (c.deleted || c.createdAt < range.from || c.createdAt >= range.end) continue;
      if (recruiter && c.createdBy !== recruiter) continue;
      if (attached && !attached.has(c.candidateId)) continue;
      rows.get(c.source ?? 'unknown')!.candidates += 1;
    }
    for (const a of this.applications.values()) {
      if (a.detached || a.appliedAt < range.from || a.appliedAt >= range.end) continue;
      if ((scope && !scope.has(a.jobId)) || (recruiter && a.createdBy !== recruiter)) continue;
      const row = rows.get(a.source ?? this.candidates.get(`c${a.candidateId}`)?.source ?? 'unknown')!;
      row.applications += 1;
      if (a.pastScreening) row.pastScreening += 1;
      if (a.interviewed) row.interviewed += 1;
      if (a.placed) row.placed += 1;
    }
    return [...rows.values()];
  }
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

/** the live copies of `analytics_sources` and `analytics_activity` (`createLiveCopy`), read by `analytics-more.ts` */
export function createLiveMoreCopies(documents: DocumentStore, options: LiveIndexOptions = {}) {
  const sources = createLiveCopy<AnalyticsSourceDoc & Doc, SourcesCopy>(
    documents,
    ANALYTICS_SOURCES,
    () => new SourcesCopy(),
    String,
    options,
  );
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
