import { FUNNEL_STAGES, type Funnel, type PlacementsReport, type TimeInStage, type TimeToFill } from '@ats/contracts';
import type { AnalyticsApplicationDoc, AnalyticsJobDoc } from '@ats/projector';
import { days, detachedAt, durationStats, percent, placementAt, staysAt } from './history';

/**
 * The analytics figures, pure: rows of the analytics read models in, figures out. `from` and
 * `end` bound the range (end exclusive); `end` is also the moment the figures are stated at (the
 * end of the range, or asOf when earlier), so a past range computed today equals the same range
 * computed when it ended.
 */
export type Window = { from: string; end: string };
type Names = { clientName: (clientId: number | null) => string };

const RANK = new Map<string, number>(FUNNEL_STAGES.map((s, i) => [s, i]));
/** the stages whose stays are timed (Placed and Rejected are ends, not stays) */
export const TIMED_STAGES = ['applied', 'phone_screen', 'interview', 'final_interview', 'offer'] as const;

/** applications that exist and are attached at `end` */
const live = (apps: AnalyticsApplicationDoc[], end: string) => apps.filter((a) => a.createdAt < end && !detachedAt(a, end));

export function funnel(apps: AnalyticsApplicationDoc[], w: Window): Omit<Funnel, 'asOf'> {
  const cohort = live(apps, w.end).filter((a) => a.createdAt >= w.from);
  const keys: Record<string, number> = {};
  for (const app of cohort) {
    const stays = staysAt(app, w.end);
    // the furthest stage it entered: a card moved back still reached where it had been
    const furthest = Math.max(0, ...stays.map((s) => RANK.get(s.stage) ?? -1));
    const key = `${furthest}${stays.at(-1)?.stage === 'rejected' ? 'r' : ''}`;
    keys[key] = (keys[key] ?? 0) + 1;
  }
  return funnelOfKeys(keys);
}

/**
 * The funnel from the count of cohort applications per funnel key ('<furthest stage index>'
 * followed by 'r' when at Rejected): the rows' figures above, or a count the store grouped.
 */
export function funnelOfKeys(keys: Record<string, number>): Omit<Funnel, 'asOf'> {
  const reached = FUNNEL_STAGES.map(() => 0);
  const rejectedHere = FUNNEL_STAGES.map(() => 0);
  let cohort = 0;
  for (const [key, count] of Object.entries(keys)) {
    const furthest = Number.parseInt(key, 10);
    cohort += count;
    for (let i = 0; i <= furthest; i++) reached[i]! += count;
    if (key.endsWith('r')) rejectedHere[furthest]! += count;
  }
  return {
    cohort,
    stages: FUNNEL_STAGES.map((stage, i) => ({
      stage,
      reached: reached[i]!,
      passThrough: i === 0 ? null : percent(reached[i]!, reached[i - 1]!),
      rejectedHere: rejectedHere[i]!,
    })),
    rejected: rejectedHere.reduce((a, b) => a + b, 0),
  };
}

export function timeInStage(apps: AnalyticsApplicationDoc[], w: Window): Omit<TimeInStage, 'asOf'> {
  const completed = new Map<string, number[]>(TIMED_STAGES.map((s) => [s, []]));
  const current = new Map<string, number[]>(TIMED_STAGES.map((s) => [s, []]));
  for (const app of live(apps, w.end)) {
    for (const stay of staysAt(app, w.end)) {
      if (stay.leftAt === null) current.get(stay.stage)?.push(days(stay.enteredAt, w.end));
      else if (stay.leftAt >= w.from) completed.get(stay.stage)?.push(days(stay.enteredAt, stay.leftAt));
    }
  }
  return {
    stages: TIMED_STAGES.map((stage) => ({
      stage,
      completed: durationStats(completed.get(stage)!),
      current: durationStats(current.get(stage)!),
    })),
  };
}

/** standing placements at `end` whose placement time is in [from, end) */
function placementsIn(apps: AnalyticsApplicationDoc[], from: string, end: string, standingAt: string) {
  return apps.flatMap((app) => {
    const p = placementAt(app, standingAt);
    return p && p.placedAt >= from && p.placedAt < end ? [{ app, ...p }] : [];
  });
}

export const BUCKETS: Array<[label: string, maxDays: number]> = [
  ['0–30 days', 30],
  ['31–60 days', 60],
  ['61–90 days', 90],
  ['91–180 days', 180],
  ['over 180 days', Infinity],
];
export const bucketOf = (d: number) => BUCKETS.findIndex(([, max]) => d <= max);

export function timeToFill(
  apps: AnalyticsApplicationDoc[],
  jobs: Map<number, AnalyticsJobDoc>,
  w: Window,
  names: Names,
): Omit<TimeToFill, 'asOf'> {
  // every standing placement up to the end: a job's first placement may precede the range
  const all = placementsIn(apps, '', w.end, w.end);
  const firstByJob = new Map<number, string>();
  for (const p of all) {
    const prev = firstByJob.get(p.app.jobId);
    if (prev === undefined || p.placedAt < prev) firstByJob.set(p.app.jobId, p.placedAt);
  }
  const fills: Array<{ clientId: number | null; d: number }> = [];
  for (const [jobId, placedAt] of firstByJob) {
    const job = jobs.get(jobId);
    if (!job || placedAt < w.from) continue;
    fills.push({ clientId: job.clientId, d: days(job.openedAt, placedAt) });
  }
  const places = all
    .filter((p) => p.placedAt >= w.from)
    .map((p) => ({ clientId: jobs.get(p.app.jobId)?.clientId ?? null, d: days(p.app.createdAt, p.placedAt) }));
  return timeToFillOf(fills, places, names.clientName);
}

/** A fill: job opened → its first placement; a place: application created → placed (in days, with the job's client). */
export type Duration = { clientId: number | null; d: number };

/** The time-to-fill reply from its fills and places (the row path; the numeric copy selects the same figures in `applications-index`). */
export function timeToFillOf(
  fills: readonly Duration[],
  places: readonly Duration[],
  clientName: (clientId: number | null) => string,
): Omit<TimeToFill, 'asOf'> {
  const distribution = BUCKETS.map(([bucket]) => ({ bucket, fills: 0, placements: 0 }));
  for (const f of fills) distribution[bucketOf(f.d)]!.fills += 1;
  for (const p of places) distribution[bucketOf(p.d)]!.placements += 1;
  // per client, in one pass (clients in order of first appearance, durations in list order)
  const perClient = new Map<number | null, { f: number[]; p: number[] }>();
  const slot = (clientId: number | null) => {
    let g = perClient.get(clientId);
    if (!g) perClient.set(clientId, (g = { f: [], p: [] }));
    return g;
  };
  for (const x of fills) slot(x.clientId).f.push(x.d);
  for (const x of places) slot(x.clientId).p.push(x.d);
  const byClient = [...perClient.entries()]
    .map(([clientId, { f, p }]) => ({
      clientId,
      clientName: clientName(clientId),
      fills: f.length,
      medianFillDays: durationStats(f).medianDays,
      placements: p.length,
      medianPlaceDays: durationStats(p).medianDays,
    }))
    .sort((a, b) => b.placements - a.placements || a.clientName.localeCompare(b.clientName));
  return {
    timeToFill: durationStats(fills.map((f) => f.d)),
    timeToPlace: durationStats(places.map((p) => p.d)),
    distribution,
    byClient,
  };
}

export const minusYear = (iso: string) => {
  const d = new Date(iso);
  d.setUTCFullYear(d.getUTCFullYear() - 1);
  return d.toISOString();
};

/** the months (yyyy-mm, UTC) a range covers */
export function monthsOf(from: string, end: string): string[] {
  const out: string[] = [];
  const d = new Date(`${from.slice(0, 7)}-01T00:00:00.000Z`);
  while (d.toISOString() < end) {
    out.push(d.toISOString().slice(0, 7));
    d.setUTCMonth(d.getUTCMonth() + 1);
  }
  return out;
}

/** fees are recorded in thousands of dollars; figures are in dollars */
export const dollars = (thousands: number) => Math.round(thousands * 1000);

export function placements(
  apps: AnalyticsApplicationDoc[],
  jobs: Map<number, AnalyticsJobDoc>,
  w: Window,
  names: Names,
): Omit<PlacementsReport, 'asOf'> {
  const now = placementsIn(apps, w.from, w.end, w.end);
  const lastYear = placementsIn(apps, minusYear(w.from), minusYear(w.end), w.end);
  const months = monthsOf(w.from, w.end).map((month) => {
    const lastYearMonth = `${Number(month.slice(0, 4)) - 1}${month.slice(4)}`;
    const here = now.filter((p) => p.placedAt.startsWith(month));
    const before = lastYear.filter((p) => p.placedAt.startsWith(lastYearMonth));
    return {
      month,
      placements: here.length,
      fees: dollars(here.reduce((s, p) => s + p.fee, 0)),
      lastYearPlacements: before.length,
      lastYearFees: dollars(before.reduce((s, p) => s + p.fee, 0)),
    };
  });
  const group = <K>(key: (p: (typeof now)[number]) => K) => {
    const m = new Map<K, { placements: number; fee: number; sample: (typeof now)[number] }>();
    for (const p of now) {
      const k = key(p);
      const g = m.get(k) ?? { placements: 0, fee: 0, sample: p };
      g.placements += 1;
      g.fee += p.fee;
      m.set(k, g);
    }
    return [...m.entries()];
  };
  const byClient = group((p) => jobs.get(p.app.jobId)?.clientId ?? null)
    .map(([clientId, g]) => ({ clientId, clientName: names.clientName(clientId), placements: g.placements, fees: dollars(g.fee) }))
    .sort((a, b) => b.fees - a.fees || a.clientName.localeCompare(b.clientName));
  const byRecruiter = group((p) => p.placedBy?.id ?? null)
    .map(([userId, g]) => ({ userId, name: g.sample.placedBy?.name ?? 'Unknown', placements: g.placements, fees: dollars(g.fee) }))
    .sort((a, b) => b.fees - a.fees || a.name.localeCompare(b.name));
  const fee = now.reduce((s, p) => s + p.fee, 0);
  return { totals: { placements: now.length, fees: dollars(fee) }, months, byClient, byRecruiter };
}
