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

export class ActivityCopy {
  private readonly docs = new Map<string, ActivityRow>();
  /** the documents in id order (the order the store hands them over in), rebuilt after a change */
  private ordered: ActivityRow[] | null = null;

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
    this.docs.set(row.id, row);
    this.ordered = null;
  }

  remove(id: string): void {
    if (this.docs.delete(String(id))) this.ordered = null;
  }

  /** the documents of the weeks `fromWeek`..`toWeek` (Mondays, yyyy-mm-dd), of the user and jobs asked for, in id order */
  rows(fromWeek: string, toWeek: string, scope: ReadonlySet<number> | null, recruiter: string | undefined): ActivityRow[] {
    this.ordered ??= [...this.docs.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const out: ActivityRow[] = [];
    for (const d of this.ordered) {
      if (d.week < fromWeek || d.week > toWeek) continue;
      if (recruiter && d.userId !== recruiter) continue;
      if (scope && (d.jobId === null || !scope.has(d.jobId))) continue;
      out.push(d);
    }
    return out;
  }
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
