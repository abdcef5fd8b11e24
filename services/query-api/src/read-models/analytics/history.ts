import type { ApplicationStage } from '@ats/contracts';
import type { AnalyticsApplicationDoc, AnalyticsCandidateDoc, AnalyticsJobDoc, AnalyticsPlacement, AnalyticsStay } from '@ats/projector';

/** Restating one application's history as it stood at a time `t` (ISO strings compare in time order). */

export const DAY_MS = 86_400_000;

/** true when the application was detached at `t` */
export const detachedAt = (app: AnalyticsApplicationDoc, t: string) =>
  app.detachments.some((d) => d.from <= t && (d.to === null || d.to > t));

/** the stays entered before `t`, a stay left at or after `t` shown as still open */
export function staysAt(app: AnalyticsApplicationDoc, t: string): AnalyticsStay[] {
  const out: AnalyticsStay[] = [];
  for (const s of app.stays) {
    if (s.enteredAt >= t) break;
    out.push(s.leftAt !== null && s.leftAt >= t ? { ...s, leftAt: null } : s);
  }
  return out;
}

export const stageAt = (app: AnalyticsApplicationDoc, t: string): AnalyticsStay | undefined => staysAt(app, t).at(-1);

/**
 * The placement that stands at `t`: the application is at Placed then and attached, and this is
 * the latest placement recorded before `t`.
 */
export function placementAt(app: AnalyticsApplicationDoc, t: string): (AnalyticsPlacement & { placedBy: AnalyticsStay['movedBy'] }) | null {
  // the stay it was in at `t` (stageAt without copying the stays: every read of the placement figures asks this of every placed row)
  let stay: AnalyticsStay | undefined;
  for (const s of app.stays) {
    if (s.enteredAt >= t) break;
    stay = s;
  }
  if (stay?.stage !== 'placed' || detachedAt(app, t)) return null;
  for (let i = app.placements.length - 1; i >= 0; i--) {
    const record = app.placements[i]!;
    if (record.placedAt < t) return { ...record, placedBy: stay.movedBy };
  }
  return null;
}

const OPEN_STATUSES = new Set(['open', 'sourcing', 'interviewing', 'offer_extended']);

/** a job counted in Open Positions at `t`: created before, not deleted then, its status then an open one */
export function jobOpenAt(job: AnalyticsJobDoc, t: string): boolean {
  if (job.openedAt >= t || (job.deletedAt !== null && job.deletedAt < t)) return false;
  const status = job.statuses.filter((s) => s.at < t).at(-1)?.status;
  return status !== undefined && OPEN_STATUSES.has(status);
}

/** a candidate counted in Active Candidates at `t`: registered before, not deleted then, its status then `active` */
export function candidateActiveAt(c: AnalyticsCandidateDoc, t: string): boolean {
  if (c.createdAt >= t || c.deletions.some((d) => d.from < t && (d.to === null || d.to >= t))) return false;
  return c.statuses.filter((s) => s.at < t).at(-1)?.status === 'active';
}

export const days = (fromIso: string, toIso: string) => (Date.parse(toIso) - Date.parse(fromIso)) / DAY_MS;

/** median and p75 (linear interpolation between the nearest ranks), in days with one decimal */
export function durationStats(values: number[]): { count: number; medianDays: number | null; p75Days: number | null } {
  if (values.length === 0) return { count: 0, medianDays: null, p75Days: null };
  // a typed array sorts numerically without a comparator call per pair: the same order, far faster
  const sorted = Float64Array.from(values).sort();
  return { count: sorted.length, medianDays: round1(quantile(sorted, 0.5)), p75Days: round1(quantile(sorted, 0.75)) };
}

export function quantile(sorted: ArrayLike<number>, q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

export const round1 = (n: number) => Math.round(n * 10) / 10;

export const percent = (part: number, whole: number) => (whole === 0 ? null : round1((part / whole) * 100));

export type StageOf = ApplicationStage;
