import { APPLICATION_STAGES, FUNNEL_STAGES, type Funnel, type PlacementsReport, type TimeInStage, type TimeToFill } from '@ats/contracts';
import type { AnalyticsApplicationDoc, AnalyticsJobDoc, AnalyticsStay } from '@ats/projector';
import { TIMED_STAGES, dollars, funnelOfKeys, minusYear, monthsOf, timeToFillOf, type Window } from './figures';
import { DAY_MS, durationStats, round1 } from './history';

/**
 * The `analytics_applications` rows the funnel and time in stage read, held in memory in a compact
 * numeric form (times as epoch milliseconds, stages as small codes), so a read is a loop over
 * numbers instead of a store query that hands over and parses every row of the range. The figures
 * are the same, exactly, as `figures.funnel` / `figures.timeInStage` over the full rows (tested
 * side by side): the same restating at the end of the range (stays entered before it, a stay left
 * at or after it shown as still open, detached then = left out).
 *
 * Applications ever placed (a few percent of them) are also kept in numeric form with their
 * placement records (placed time, fee), who moved them into each stay, their job and creation
 * time: time to fill and the placement figures are a pass over those, the same figures, exactly,
 * as `figures.timeToFill` / `figures.placements` over the full rows (tested side by side). They
 * are also kept whole for the dashboard's change labels (`placedBefore`).
 */
type Row = {
  jobId: number;
  created: number;
  /** per stay: stage code, entered, left (NaN while open), in order */
  stays: Float64Array;
  /** per detachment: from, to (NaN while detached); null when never detached */
  detached: Float64Array | null;
};

const CODE = new Map<string, number>(APPLICATION_STAGES.map((s, i) => [s, i]));
const FUNNEL_RANK = APPLICATION_STAGES.map((s) => (FUNNEL_STAGES as readonly string[]).indexOf(s));
const TIMED_INDEX = APPLICATION_STAGES.map((s) => (TIMED_STAGES as readonly string[]).indexOf(s));
const REJECTED = CODE.get('rejected')!;
const PLACED = CODE.get('placed')!;
const ms = (iso: string) => Date.parse(iso);

function rowOf(doc: AnalyticsApplicationDoc): Row {
  const stays = new Float64Array(doc.stays.length * 3);
  doc.stays.forEach((s, i) => {
    stays[i * 3] = CODE.get(s.stage) ?? -1;
    stays[i * 3 + 1] = ms(s.enteredAt);
    stays[i * 3 + 2] = s.leftAt === null ? Number.NaN : ms(s.leftAt);
  });
  let detached: Float64Array | null = null;
  if (doc.detachments.length > 0) {
    detached = new Float64Array(doc.detachments.length * 2);
    doc.detachments.forEach((d, i) => {
      detached![i * 2] = ms(d.from);
      detached![i * 2 + 1] = d.to === null ? Number.NaN : ms(d.to);
    });
  }
  return { jobId: doc.jobId, created: ms(doc.createdAt), stays, detached };
}

/** an application ever placed, for the placement figures: its row plus its placement records */
type PlacedRow = {
  id: number;
  row: Row;
  /** per stay (as in `row.stays`): who moved the card into it */
  by: Array<AnalyticsStay['movedBy']>;
  /** per placement record, in recorded order: placed at (epoch ms), fee (thousands) */
  records: Float64Array;
  /** per placement record: its month as its placed time writes it (yyyy-mm) */
  months: string[];
};

function placedRowOf(id: number, doc: AnalyticsApplicationDoc, row: Row): PlacedRow {
  const records = new Float64Array(doc.placements.length * 2);
  doc.placements.forEach((p, i) => {
    records[i * 2] = ms(p.placedAt);
    records[i * 2 + 1] = p.fee;
  });
  return { id, row, by: doc.stays.map((s) => s.movedBy), records, months: doc.placements.map((p) => p.placedAt.slice(0, 7)) };
}

/** the stay the standing placement at `t` was moved into (set by `standingAt`) */
let standingStay = -1;

/**
 * The placement record standing at `t` (`history.placementAt`): the card is at Placed then and
 * attached, and this is the latest record placed before `t`; -1 when none. Sets `standingStay`.
 */
function standingAt(p: PlacedRow, t: number): number {
  const s = p.row.stays;
  let stay = -1;
  for (let i = 0; i < s.length && s[i + 1]! < t; i += 3) stay = i / 3;
  if (stay < 0 || s[stay * 3] !== PLACED || isDetached(p.row, t)) return -1;
  standingStay = stay;
  for (let i = p.records.length / 2 - 1; i >= 0; i--) if (p.records[i * 2]! < t) return i;
  return -1;
}

function isDetached(row: Row, t: number): boolean {
  const d = row.detached;
  if (d === null) return false;
  for (let i = 0; i < d.length; i += 2) if (d[i]! <= t && (Number.isNaN(d[i + 1]!) || d[i + 1]! > t)) return true;
  return false;
}

/** exists and is attached at `t` (`figures`' `live`) */
function liveAt(row: Row, t: number): boolean {
  if (row.created >= t) return false;
  const d = row.detached;
  if (d === null) return true;
  for (let i = 0; i < d.length; i += 2) if (d[i]! <= t && (Number.isNaN(d[i + 1]!) || d[i + 1]! > t)) return false;
  return true;
}

export class ApplicationsIndex {
  private readonly rows = new Map<number, Row>();
  private readonly placed = new Map<number, AnalyticsApplicationDoc>();
  private readonly placedRows = new Map<number, PlacedRow>();
  /** `placedRows` in id order (the order the row path reads them in), rebuilt after a change */
  private placedOrder: PlacedRow[] | null = null;
  private version = 0;

  /** adds or replaces one application's row */
  put(doc: AnalyticsApplicationDoc): void {
    const id = Number(doc.id);
    const row = rowOf(doc);
    this.rows.set(id, row);
    this.version += 1;
    if (doc.firstPlacedAt !== null) {
      this.placed.set(id, doc);
      this.placedRows.set(id, placedRowOf(id, doc, row));
      this.placedOrder = null;
    } else if (this.placed.delete(id)) {
      this.placedRows.delete(id);
      this.placedOrder = null;
    }
  }

  remove(id: number): void {
    this.rows.delete(id);
    this.version += 1;
    if (this.placed.delete(id)) {
      this.placedRows.delete(id);
      this.placedOrder = null;
    }
  }

  /** changes on every put / remove: a result computed at one version holds until the next */
  get changes(): number {
    return this.version;
  }

  private placedInOrder(): PlacedRow[] {
    this.placedOrder ??= [...this.placedRows.values()].sort((a, b) => a.id - b.id);
    return this.placedOrder;
  }

  /**
   * `figures.timeToFill` over the placed rows of the jobs kept (`only`; null = every job), from
   * the numeric copy. `jobs` holds every job the rows name (the job orders).
   */
  timeToFill(
    w: Window,
    jobs: ReadonlyMap<number, AnalyticsJobDoc>,
    only: ReadonlySet<number> | null,
    names: { clientName: (clientId: number | null) => string },
  ): Omit<TimeToFill, 'asOf'> {
    const from = ms(w.from);
    const end = ms(w.end);
    // every standing placement up to the end: a job's first placement may precede the range
    const firstByJob = new Map<number, number>();
    const places: Array<{ clientId: number | null; d: number }> = [];
    for (const p of this.placedInOrder()) {
      const jobId = p.row.jobId;
      if (only !== null && !only.has(jobId)) continue;
      const r = standingAt(p, end);
      if (r < 0) continue;
      const placedAt = p.records[r * 2]!;
      const prev = firstByJob.get(jobId);
      if (prev === undefined || placedAt < prev) firstByJob.set(jobId, placedAt);
      if (placedAt >= from) places.push({ clientId: jobs.get(jobId)?.clientId ?? null, d: (placedAt - p.row.created) / DAY_MS });
    }
    const fills: Array<{ clientId: number | null; d: number }> = [];
    for (const [jobId, placedAt] of firstByJob) {
      const job = jobs.get(jobId);
      if (!job || placedAt < from) continue;
      fills.push({ clientId: job.clientId, d: (placedAt - ms(job.openedAt)) / DAY_MS });
    }
    return timeToFillOf(fills, places, names.clientName);
  }

  /** `figures.placements` over the placed rows of the jobs kept (`only`; null = every job), from the numeric copy */
  placements(
    w: Window,
    jobs: ReadonlyMap<number, AnalyticsJobDoc>,
    only: ReadonlySet<number> | null,
    names: { clientName: (clientId: number | null) => string },
  ): Omit<PlacementsReport, 'asOf'> {
    const from = ms(w.from);
    const end = ms(w.end);
    const lastFrom = ms(minusYear(w.from));
    const lastEnd = ms(minusYear(w.end));
    // sums in id order, as the row path adds them (the same floating-point totals)
    const thisMonths = new Map<string, { n: number; fee: number }>();
    const lastMonths = new Map<string, { n: number; fee: number }>();
    const byClient = new Map<number | null, { placements: number; fee: number }>();
    const byRecruiter = new Map<string | null, { placements: number; fee: number; name: string }>();
    let total = 0;
    let fee = 0;
    const add = (m: Map<string, { n: number; fee: number }>, month: string, f: number) => {
      const g = m.get(month);
      if (g) {
        g.n += 1;
        g.fee += f;
      } else m.set(month, { n: 1, fee: 0 + f });
    };
    for (const p of this.placedInOrder()) {
      const jobId = p.row.jobId;
      if (only !== null && !only.has(jobId)) continue;
      const r = standingAt(p, end);
      if (r < 0) continue;
      const placedAt = p.records[r * 2]!;
      const f = p.records[r * 2 + 1]!;
      if (placedAt >= lastFrom && placedAt < lastEnd) add(lastMonths, p.months[r]!, f);
      if (placedAt < from || placedAt >= end) continue;
      add(thisMonths, p.months[r]!, f);
      total += 1;
      fee += f;
      const clientId = jobs.get(jobId)?.clientId ?? null;
      const c = byClient.get(clientId);
      if (c) {
        c.placements += 1;
        c.fee += f;
      } else byClient.set(clientId, { placements: 1, fee: 0 + f });
      const by = p.by[standingStay] ?? null;
      const key = by?.id ?? null;
      const u = byRecruiter.get(key);
      if (u) {
        u.placements += 1;
        u.fee += f;
      } else byRecruiter.set(key, { placements: 1, fee: 0 + f, name: by?.name ?? 'Unknown' });
    }
    const months = monthsOf(w.from, w.end).map((month) => {
      const here = thisMonths.get(month);
      const before = lastMonths.get(`${Number(month.slice(0, 4)) - 1}${month.slice(4)}`);
      return {
        month,
        placements: here?.n ?? 0,
        fees: dollars(here?.fee ?? 0),
        lastYearPlacements: before?.n ?? 0,
        lastYearFees: dollars(before?.fee ?? 0),
      };
    });
    return {
      totals: { placements: total, fees: dollars(fee) },
      months,
      byClient: [...byClient.entries()]
        .map(([clientId, g]) => ({ clientId, clientName: names.clientName(clientId), placements: g.placements, fees: dollars(g.fee) }))
        .sort((a, b) => b.fees - a.fees || a.clientName.localeCompare(b.clientName)),
      byRecruiter: [...byRecruiter.entries()]
        .map(([userId, g]) => ({ userId, name: g.name, placements: g.placements, fees: dollars(g.fee) }))
        .sort((a, b) => b.fees - a.fees || a.name.localeCompare(b.name)),
    };
  }

  get size(): number {
    return this.rows.size;
  }

  /** the funnel of the cohort created in the range, stated at its end; `jobs` null = every job */
  funnel(w: Window, jobs: ReadonlySet<number> | null): Omit<Funnel, 'asOf'> {
    const from = ms(w.from);
    const end = ms(w.end);
    // counts per furthest stage index, apart for the cards at Rejected at the end
    const open = new Array<number>(FUNNEL_STAGES.length).fill(0);
    const rejected = new Array<number>(FUNNEL_STAGES.length).fill(0);
    for (const row of this.rows.values()) {
      if (row.created < from || (jobs !== null && !jobs.has(row.jobId)) || !liveAt(row, end)) continue;
      const s = row.stays;
      let furthest = 0;
      let last = -1;
      for (let i = 0; i < s.length && s[i + 1]! < end; i += 3) {
        last = s[i]!;
        const rank = FUNNEL_RANK[last] ?? -1;
        if (rank > furthest) furthest = rank;
      }
      if (last === REJECTED) rejected[furthest]! += 1;
      else open[furthest]! += 1;
    }
    const keys: Record<string, number> = {};
    open.forEach((n, i) => n > 0 && (keys[String(i)] = n));
    rejected.forEach((n, i) => n > 0 && (keys[`${i}r`] = n));
    return funnelOfKeys(keys);
  }

  /** completed stays that ended in the range and stays open at its end, per timed stage */
  timeInStage(w: Window, jobs: ReadonlySet<number> | null): Omit<TimeInStage, 'asOf'> {
    const from = ms(w.from);
    const end = ms(w.end);
    // durations go into typed buffers (no array growth, no boxing); the quantiles select in place
    const completed = TIMED_STAGES.map(() => new Buffer());
    const current = TIMED_STAGES.map(() => new Buffer());
    for (const row of this.rows.values()) {
      if ((jobs !== null && !jobs.has(row.jobId)) || !liveAt(row, end)) continue;
      const s = row.stays;
      for (let i = 0; i < s.length && s[i + 1]! < end; i += 3) {
        const timed = TIMED_INDEX[s[i]!] ?? -1;
        if (timed < 0) continue;
        const entered = s[i + 1]!;
        const left = s[i + 2]!;
        if (Number.isNaN(left) || left >= end) current[timed]!.push((end - entered) / DAY_MS);
        else if (left >= from) completed[timed]!.push((left - entered) / DAY_MS);
      }
    }
    return {
      stages: TIMED_STAGES.map((stage, i) => ({
        stage,
        completed: completed[i]!.stats(),
        current: current[i]!.stats(),
      })),
    };
  }

  /** the whole rows of the applications placed at least once before `end`, for the placement figures */
  placedBefore(end: string, jobs: ReadonlySet<number> | null): AnalyticsApplicationDoc[] {
    const out: AnalyticsApplicationDoc[] = [];
    for (const doc of this.placed.values()) {
      if (doc.firstPlacedAt !== null && doc.firstPlacedAt < end && (jobs === null || jobs.has(doc.jobId))) out.push(doc);
    }
    // in id order, as the store hands rows over: ties in the figures' sorting stay where they were
    return out.sort((a, b) => Number(a.id) - Number(b.id));
  }
}

/** a growing list of durations in a Float64Array */
class Buffer {
  private values = new Float64Array(1024);
  private n = 0;

  push(v: number): void {
    if (this.n === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.n++] = v;
  }

  /** `durationStats` of the values, by selection (linear time) instead of a sort: the same figures */
  stats(): { count: number; medianDays: number | null; p75Days: number | null } {
    if (this.n === 0) return durationStats([]);
    const a = this.values.subarray(0, this.n);
    const median = quantileInPlace(a, 0.5, 0);
    // the median's selection left every larger value to the right of it: p75 selects there only
    const p75 = quantileInPlace(a, 0.75, Math.floor((this.n - 1) * 0.5));
    return { count: this.n, medianDays: round1(median), p75Days: round1(p75) };
  }
}

/**
 * `quantile` of a list as if sorted, by selection: the value at rank floor(pos) and the one
 * after it (the least of those right of it), interpolated as `quantile` does. Reorders `a`;
 * `from` is a rank below which every value is already no greater than those from it on.
 */
export function quantileInPlace(a: Float64Array, q: number, from: number): number {
  const pos = (a.length - 1) * q;
  const lo = Math.floor(pos);
  const low = select(a, lo, from);
  if (lo + 1 >= a.length || pos === lo) return low;
  let next = Infinity;
  for (let i = lo + 1; i < a.length; i++) if (a[i]! < next) next = a[i]!;
  return low + (next - low) * (pos - lo);
}

/** the k-th smallest value of a[from..] (Hoare's selection with a median-of-three pivot); leaves smaller values left of k, larger right */
function select(a: Float64Array, k: number, from: number): number {
  let left = from;
  let right = a.length - 1;
  while (right > left) {
    const mid = (left + right) >>> 1;
    // median of three as the pivot: sorted data (durations often are) stays linear
    if (a[mid]! < a[left]!) swap(a, mid, left);
    if (a[right]! < a[left]!) swap(a, right, left);
    if (a[right]! < a[mid]!) swap(a, right, mid);
    const pivot = a[mid]!;
    let i = left;
    let j = right;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        swap(a, i, j);
        i++;
        j--;
      }
    }
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else return a[k]!;
  }
  return a[k]!;
}

function swap(a: Float64Array, i: number, j: number): void {
  const t = a[i]!;
  a[i] = a[j]!;
  a[j] = t;
}
