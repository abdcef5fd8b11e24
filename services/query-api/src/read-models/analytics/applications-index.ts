import {
  APPLICATION_STAGES,
  FUNNEL_STAGES,
  type ApplicationStage,
  type Funnel,
  type PlacementsReport,
  type TimeInStage,
  type TimeToFill,
} from '@ats/contracts';
import {
  expandAnalyticsApplication,
  type AnalyticsApplicationDoc,
  type AnalyticsJobDoc,
  type AnalyticsStay,
  type StoredAnalyticsApplicationDoc,
} from '@ats/projector';
import { BUCKETS, TIMED_STAGES, bucketOf, dollars, funnelOfKeys, minusYear, monthsOf, type Duration, type Window } from './figures';
import { DAY_MS, durationStats, round1 } from './history';
import { MonthBuckets, monthOf, monthStart, statsOf } from './month-buckets';

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
  id: number;
  jobId: number;
  created: number;
  /** per stay: stage code, entered, left (NaN while open), in order */
  stays: Float64Array;
  /** per detachment: from, to (NaN while detached); null when never detached */
  detached: Float64Array | null;
  /** from this end on (epoch ms), the row stated at the end is the row as it stands now (NaN: never assumed) */
  settled: number;
  /** its funnel key as it stands now (`keyAt`), -1 when left out (detached) */
  finalKey: number;
  /**
   * never detached, created no later than its first stay, stays in order, each left no earlier than
   * entered: then a stay counts in time in stage by its own times only (completed when it left in
   * the range, current when it spans the end), so the month buckets hold it
   */
  regular: boolean;
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
  const created = ms(doc.createdAt);
  // the latest time any restating looks at: from one past it on, every end sees the row as it is now
  let latest = created;
  for (let i = 0; i < stays.length; i += 3) latest = Math.max(latest, stays[i + 1]!);
  if (detached) for (const t of detached) if (!Number.isNaN(t)) latest = Math.max(latest, t);
  const row: Row = { id: Number(doc.id), jobId: doc.jobId, created, stays, detached, settled: latest + 1, finalKey: -1, regular: false };
  row.finalKey = keyAt(row, Infinity);
  row.regular = detached === null && isRegular(created, stays);
  return row;
}

function isRegular(created: number, s: Float64Array): boolean {
  let previous = created;
  for (let i = 0; i < s.length; i += 3) {
    // NaN anywhere but an open stay's left fails these tests: such a row is restated row by row
    if (!(s[i + 1]! >= previous)) return false;
    if (!Number.isNaN(s[i + 2]!) && !(s[i + 2]! >= s[i + 1]!)) return false;
    previous = s[i + 1]!;
  }
  return true;
}

/** keys of `funnelOfKeys` as numbers: the furthest funnel stage index, plus FUNNEL_STAGES.length when at Rejected */
const KEYS = FUNNEL_STAGES.length * 2;

/** the row's funnel key stated at `end` (`figures.funnel`), -1 when it does not exist or is detached then */
function keyAt(row: Row, end: number): number {
  if (!liveAt(row, end)) return -1;
  const s = row.stays;
  let furthest = 0;
  let last = -1;
  for (let i = 0; i < s.length && s[i + 1]! < end; i += 3) {
    last = s[i]!;
    const rank = FUNNEL_RANK[last] ?? -1;
    if (rank > furthest) furthest = rank;
  }
  return last === REJECTED ? furthest + FUNNEL_STAGES.length : furthest;
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
  /** per placement record: that month as a number (year × 12 + month − 1; NaN when not written yyyy-mm) */
  monthNumbers: Float64Array;
  /** per stay: who moved the card into it, as a small number (`recruiterKey`) */
  byKey: Int32Array;
  /** from this end on, the standing placement is `finalRecord` (moved into `finalStay`): the row's `settled`, past its records too */
  settled: number;
  finalRecord: number;
  finalStay: number;
  /** replaced or removed since (its entry in a `PlacedTable`, if any, no longer counts) */
  stale: boolean;
};

function placedRowOf(id: number, doc: AnalyticsApplicationDoc, row: Row): PlacedRow {
  const records = new Float64Array(doc.placements.length * 2);
  let latest = row.settled;
  doc.placements.forEach((p, i) => {
    records[i * 2] = ms(p.placedAt);
    records[i * 2 + 1] = p.fee;
    latest = Math.max(latest, records[i * 2]! + 1);
  });
  const placed: PlacedRow = {
    id,
    row,
    by: doc.stays.map((s) => s.movedBy),
    records,
    months: doc.placements.map((p) => p.placedAt.slice(0, 7)),
    monthNumbers: Float64Array.from(doc.placements, (p) => monthNumber(p.placedAt.slice(0, 7))),
    byKey: Int32Array.from(doc.stays, (s) => recruiterKey(s.movedBy?.id ?? null)),
    settled: latest,
    finalRecord: -1,
    finalStay: -1,
    stale: false,
  };
  placed.finalRecord = standingAt(placed, Infinity);
  placed.finalStay = standingStay;
  return placed;
}

/** 'yyyy-mm' as year × 12 + month − 1 (NaN for any other text: such a month is never one a range lists) */
function monthNumber(month: string): number {
  return /^\d{4}-\d{2}$/.test(month) ? Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 : Number.NaN;
}

/** user ids (null: unknown) as small numbers, so a read groups by recruiter in arrays */
const RECRUITER_KEYS = new Map<string | null, number>();
function recruiterKey(id: string | null): number {
  let key = RECRUITER_KEYS.get(id);
  if (key === undefined) RECRUITER_KEYS.set(id, (key = RECRUITER_KEYS.size));
  return key;
}

/** the stay the standing placement at `t` was moved into (set by `standingAt` / `standingAtEnd`) */
let standingStay = -1;

/** `standingAt(p, t)`, without the walk for an end at which the row stands as it does now */
function standingAtEnd(p: PlacedRow, t: number): number {
  if (!(p.settled <= t)) return standingAt(p, t);
  standingStay = p.finalStay;
  return p.finalRecord;
}

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

/**
 * The placements standing now, one entry per placed row at Placed now (its `finalRecord`), in
 * order of placed time, so a range's placements are a slice found by binary search. An entry
 * holds at an end from its row's `settled` on; a row changed after an end (settled later, or
 * never: a time that does not parse) is restated at that end from `bySettled` instead.
 */
type PlacedTable = {
  /** per entry, ascending: the standing record's placed time (epoch ms) */
  at: Float64Array;
  rows: PlacedRow[];
  /** per entry: its row's `settled` */
  settled: Float64Array;
  /** per entry: the standing record's fee in whole dollars */
  fee: Float64Array;
  /** per entry: its row's id */
  id: Float64Array;
  /** per entry: its job as a position in `jobIds` */
  job: Int32Array;
  jobIds: number[];
  /** per entry: the standing record's month (`monthNumbers`) */
  month: Float64Array;
  /** per entry: who moved the card into the standing stay (`byKey`) */
  recruiter: Int32Array;
  /** per entry: application created → placed, in days */
  placeDays: Float64Array;
  /** per job: its entries' positions, ascending */
  byJob: Map<number, Int32Array>;
  /** every placed row, standing now or not, latest `settled` first (never settled first of all) */
  bySettled: PlacedRow[];
  /** per entry: 1 once its row was replaced or removed (the row, if still placed, is then in `extras`) */
  dead: Uint8Array;
  /** entry position by row id */
  entryOf: Map<number, number>;
  /** the placed rows put since the table was built: restated at every read, until there are too many and the table is rebuilt */
  extras: Map<number, PlacedRow>;
  /** the records counted in `exactFees` and the sum of their fees */
  records: number;
  feeSum: number;
  /**
   * every record's fee is a whole number of dollars (≥ 0) and (records + 2) × Σ fees × 1000 < 2^52:
   * then `figures.ts`'s float sum of any of them in id order, times 1000, is within ½ of the
   * integer sum of their whole dollars (recursive summation's error bound: (n + 1) units in the last
   * place of Σ|fee|), so `dollars()` of it is that integer, and the dollars may be added in any order
   */
  exactFees: boolean;
};

function placedTableOf(placed: Iterable<PlacedRow>): PlacedTable {
  const all = [...placed];
  const atOf = (p: PlacedRow) => p.records[p.finalRecord * 2]!;
  // sorted by placed time through their positions and typed keys (a comparator over the rows themselves took 25–30 ms at 16,000)
  const candidates = all.filter((p) => p.finalRecord >= 0 && p.settled === p.settled);
  const keyAt = Float64Array.from(candidates, atOf);
  const keyId = Float64Array.from(candidates, (p) => p.id);
  const order = Array.from(candidates, (_, i) => i).sort((a, b) => keyAt[a]! - keyAt[b]! || keyId[a]! - keyId[b]!);
  const standing = order.map((i) => candidates[i]!);
  const byJob = new Map<number, number[]>();
  const jobIds: number[] = [];
  const jobSlot = new Map<number, number>();
  const job = new Int32Array(standing.length);
  standing.forEach((p, i) => {
    let list = byJob.get(p.row.jobId);
    if (!list) {
      byJob.set(p.row.jobId, (list = []));
      jobSlot.set(p.row.jobId, jobIds.length);
      jobIds.push(p.row.jobId);
    }
    list.push(i);
    job[i] = jobSlot.get(p.row.jobId)!;
  });
  let records = 0;
  let sum = 0;
  let whole = true;
  for (const p of all) {
    for (let i = 1; i < p.records.length; i += 2) {
      const f = p.records[i]!;
      records += 1;
      sum += f;
      if (!(f >= 0) || Math.round(f * 1000) / 1000 !== f) whole = false;
    }
  }
  const settledKey = Float64Array.from(all, (p) => (p.settled === p.settled ? p.settled : Infinity));
  const bySettled = Array.from(all, (_, i) => i)
    .sort((a, b) => settledKey[b]! - settledKey[a]! || 0)
    .map((i) => all[i]!);
  return {
    at: Float64Array.from(standing, atOf),
    rows: standing,
    settled: Float64Array.from(standing, (p) => p.settled),
    fee: Float64Array.from(standing, (p) => Math.round(p.records[p.finalRecord * 2 + 1]! * 1000)),
    id: Float64Array.from(standing, (p) => p.id),
    job,
    jobIds,
    month: Float64Array.from(standing, (p) => p.monthNumbers[p.finalRecord]!),
    recruiter: Int32Array.from(standing, (p) => p.byKey[p.finalStay]!),
    placeDays: Float64Array.from(standing, (p) => (atOf(p) - p.row.created) / DAY_MS),
    byJob: new Map([...byJob].map(([jobId, list]) => [jobId, Int32Array.from(list)])),
    bySettled,
    dead: new Uint8Array(standing.length),
    entryOf: new Map(standing.map((p, i) => [p.id, i])),
    extras: new Map(),
    records,
    feeSum: sum,
    exactFees: whole && (records + 2) * sum * 1000 < 2 ** 52,
  };
}

/** the placed rows (of the jobs kept) changed after `end`, with the placement standing at `end` when there is one */
function restatedAt(
  t: PlacedTable,
  end: number,
  only: ReadonlySet<number> | null,
): Array<{ p: PlacedRow; r: number; stay: number; placedAt: number }> {
  const out: Array<{ p: PlacedRow; r: number; stay: number; placedAt: number }> = [];
  const restate = (p: PlacedRow) => {
    if (only !== null && !only.has(p.row.jobId)) return;
    const r = standingAt(p, end);
    if (r >= 0) out.push({ p, r, stay: standingStay, placedAt: p.records[r * 2]! });
  };
  for (const p of t.bySettled) {
    if (p.settled <= end) break;
    if (!p.stale) restate(p);
  }
  // the rows put since the table was built are not in it: each restated (the few a live update adds)
  for (const p of t.extras.values()) restate(p);
  return out;
}

/** the first position in an ascending list whose value is not below `v` */
function lowerBound(a: Float64Array, v: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
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
  /** the placements standing now by placed time (`placedTableOf`), rebuilt after a change of the placed rows */
  private placedTable: PlacedTable | null = null;
  private version = 0;
  /** the rows by creation month, with their funnel keys as they stand now counted (the funnel) */
  private readonly cohorts = new Map<number, Cohort>();
  /** the regular rows' stays per timed stage: left ones by the month they left, open ones by the month they were entered */
  private readonly left = new MonthBuckets(TIMED_STAGES.length);
  private readonly open = new MonthBuckets(TIMED_STAGES.length);
  /** the rows that are not `regular` (detached at some time, or out of order): restated one by one */
  private readonly irregular = new Map<number, Row>();
  /** the rows per job, for a read with a job, client or recruiter filter */
  private readonly byJob = new Map<number, Map<number, Row>>();
  private readonly currentRow = (id: number) => this.rows.get(id);

  /** adds or replaces one application's row (as stored, or whole) */
  put(stored: StoredAnalyticsApplicationDoc | AnalyticsApplicationDoc): void {
    const doc = expandAnalyticsApplication(stored);
    const id = Number(doc.id);
    const row = rowOf(doc);
    const old = this.rows.get(id);
    if (old) this.unfile(old);
    this.rows.set(id, row);
    this.file(row);
    this.version += 1;
    if (doc.firstPlacedAt !== null) {
      this.placed.set(id, doc);
      const placed = placedRowOf(id, doc, row);
      this.unplace(id);
      this.placedRows.set(id, placed);
      this.placedOrder = null;
      this.placeExtra(placed);
    } else if (this.placed.delete(id)) {
      this.unplace(id);
      this.placedRows.delete(id);
      this.placedOrder = null;
    }
  }

  /**
   * Job health (`analytics-more`): the job's applications attached now, each as the stage of its
   * last stay and when it entered it (epoch ms), as `analytics_job_health` kept them before version 3
   */
  *jobStages(jobId: number): Generator<readonly [ApplicationStage, number]> {
    for (const row of this.byJob.get(jobId)?.values() ?? []) {
      const d = row.detached;
      if (d) {
        let detachedNow = false;
        for (let i = 1; i < d.length; i += 2) if (Number.isNaN(d[i]!)) detachedNow = true;
        if (detachedNow) continue;
      }
      const last = row.stays.length - 3;
      const stage = APPLICATION_STAGES[row.stays[last]!];
      if (last >= 0 && stage !== undefined) yield [stage, row.stays[last + 1]!];
    }
  }

  remove(id: number): void {
    const old = this.rows.get(id);
    if (old) this.unfile(old);
    this.rows.delete(id);
    this.version += 1;
    if (this.placed.delete(id)) {
      this.unplace(id);
      this.placedRows.delete(id);
      this.placedOrder = null;
    }
  }

  /** a placed row replaced or removed: its entry in the table no longer counts */
  private unplace(id: number): void {
    const old = this.placedRows.get(id);
    if (!old) return;
    old.stale = true;
    const t = this.placedTable;
    if (!t) return;
    const entry = t.entryOf.get(id);
    if (entry !== undefined) t.dead[entry] = 1;
    t.extras.delete(id);
  }

  /** a placed row put after the table was built joins its extras (restated per read); past 1 % of the entries (at least 64), the next read rebuilds the table */
  private placeExtra(p: PlacedRow): void {
    const t = this.placedTable;
    if (!t) return;
    t.extras.set(p.id, p);
    for (let i = 1; i < p.records.length; i += 2) {
      const f = p.records[i]!;
      t.records += 1;
      t.feeSum += f;
      if (!(f >= 0) || Math.round(f * 1000) / 1000 !== f) t.exactFees = false;
    }
    if (t.exactFees && !((t.records + 2) * t.feeSum * 1000 < 2 ** 52)) t.exactFees = false;
    if (t.extras.size > Math.max(64, t.at.length / 100)) this.placedTable = null;
  }

  /** puts a row in the cohorts, the stay buckets (or the irregular rows) and its job's rows */
  private file(row: Row): void {
    const month = monthOf(row.created);
    let cohort = this.cohorts.get(month);
    if (!cohort) this.cohorts.set(month, (cohort = { rows: new Map(), counts: null, settled: 0 }));
    cohort.rows.set(row.id, row);
    cohort.counts = null;
    let job = this.byJob.get(row.jobId);
    if (!job) this.byJob.set(row.jobId, (job = new Map()));
    job.set(row.id, row);
    if (!row.regular) {
      this.irregular.set(row.id, row);
      return;
    }
    const s = row.stays;
    for (let i = 0; i < s.length; i += 3) {
      const timed = TIMED_INDEX[s[i]!] ?? -1;
      if (timed < 0) continue;
      const entered = s[i + 1]!;
      const left = s[i + 2]!;
      if (Number.isNaN(left)) this.open.bucket(timed, monthOf(entered)).add(row.id, row, entered, entered, entered);
      else this.left.bucket(timed, monthOf(left)).add(row.id, row, left, (left - entered) / DAY_MS, entered);
    }
  }

  /** marks where a row being replaced or removed was filed (its bucket entries drop out at the next read) */
  private unfile(row: Row): void {
    const cohort = this.cohorts.get(monthOf(row.created));
    if (cohort?.rows.get(row.id) === row) {
      cohort.rows.delete(row.id);
      cohort.counts = null;
    }
    this.byJob.get(row.jobId)?.delete(row.id);
    if (!row.regular) {
      this.irregular.delete(row.id);
      return;
    }
    const s = row.stays;
    for (let i = 0; i < s.length; i += 3) {
      const timed = TIMED_INDEX[s[i]!] ?? -1;
      if (timed < 0) continue;
      const left = s[i + 2]!;
      if (Number.isNaN(left)) this.open.bucket(timed, monthOf(s[i + 1]!)).touch();
      else this.left.bucket(timed, monthOf(left)).touch();
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
   * Builds what the first reads would otherwise build (the placements table, the stay buckets'
   * sorted lists, the cohorts' counts), for the server's warm-up: at 100,000 applications under
   * load the first time-to-fill and placements reads after a start took 3–4 s building them.
   */
  prepare(): void {
    this.table();
    for (const buckets of [this.left, this.open])
      for (let k = 0; k < TIMED_STAGES.length; k++) for (const b of buckets.months(k).values()) b.sorted(this.currentRow);
    for (const cohort of this.cohorts.values()) cohortCounts(cohort);
  }

  private table(): PlacedTable {
    this.placedTable ??= placedTableOf(this.placedRows.values());
    return this.placedTable;
  }

  /**
   * `figures.timeToFill` over the placed rows of the jobs kept (`only`; null = every job), from
   * the placements standing now kept by placed time (`PlacedTable`): the places of the range are
   * a slice of it, a job's first placement the first of its entries, and only the rows changed
   * after the end (none for a range up to today) are restated one by one. The durations are the
   * same values as `timeToFillByWalk`'s, so the same quantiles; in the rare case two clients tie
   * in the sorted list (same placements, same name), their order is that of the walk's first
   * appearance, so that read takes the walk.
   */
  timeToFill(
    w: Window,
    jobs: ReadonlyMap<number, AnalyticsJobDoc>,
    only: ReadonlySet<number> | null,
    names: { clientName: (clientId: number | null) => string },
  ): Omit<TimeToFill, 'asOf'> {
    const t = this.table();
    const from = ms(w.from);
    const end = ms(w.end);
    const restated = restatedAt(t, end, only);
    // per client (in order of first appearance, fills first), its fills' and places' durations
    const groups: Array<{ clientId: number | null; f: Buffer; p: Buffer }> = [];
    const slotOfClient = new Map<number | null, number>();
    const slotOf = (clientId: number | null) => {
      let slot = slotOfClient.get(clientId);
      if (slot === undefined) {
        slotOfClient.set(clientId, (slot = groups.length));
        groups.push({ clientId, f: new Buffer(16), p: new Buffer(16) });
      }
      return slot;
    };
    const distribution = BUCKETS.map(([bucket]) => ({ bucket, fills: 0, placements: 0 }));
    const allFills = new Buffer(Math.max(16, t.byJob.size));
    const allPlaces = new Buffer(Math.max(16, t.at.length));
    // a job's first placement standing at the end: the first of its entries that holds then, or a restated one
    const firstByJob = new Map<number, number>();
    for (const jobId of only ?? t.byJob.keys()) {
      const positions = t.byJob.get(jobId);
      if (!positions) continue;
      for (let k = 0; k < positions.length; k++) {
        const i = positions[k]!;
        if (!(t.at[i]! < end)) break;
        if (t.settled[i]! <= end && t.dead[i] === 0) {
          firstByJob.set(jobId, t.at[i]!);
          break;
        }
      }
    }
    for (const { p, placedAt } of restated) {
      const prev = firstByJob.get(p.row.jobId);
      if (prev === undefined || placedAt < prev) firstByJob.set(p.row.jobId, placedAt);
    }
    for (const [jobId, placedAt] of firstByJob) {
      const job = jobs.get(jobId);
      if (!job || placedAt < from) continue;
      const d = (placedAt - ms(job.openedAt)) / DAY_MS;
      distribution[bucketOf(d)]!.fills += 1;
      groups[slotOf(job.clientId)]!.f.push(d);
      allFills.push(d);
    }
    // the places: the entries of the range that hold at its end, their client's slot per job once per read
    const jobClient = new Int32Array(t.jobIds.length).fill(-1);
    const place = (slot: number, d: number) => {
      distribution[bucketOf(d)]!.placements += 1;
      groups[slot]!.p.push(d);
      allPlaces.push(d);
    };
    for (let i = lowerBound(t.at, from), hi = lowerBound(t.at, end); i < hi; i++) {
      if (!(t.settled[i]! <= end) || t.dead[i] !== 0) continue;
      const j = t.job[i]!;
      let slot = jobClient[j]!;
      if (slot === -1) {
        const jobId = t.jobIds[j]!;
        jobClient[j] = slot = only !== null && !only.has(jobId) ? -2 : slotOf(jobs.get(jobId)?.clientId ?? null);
      }
      if (slot >= 0) place(slot, t.placeDays[i]!);
    }
    for (const { p, placedAt } of restated)
      if (placedAt >= from) place(slotOf(jobs.get(p.row.jobId)?.clientId ?? null), (placedAt - p.row.created) / DAY_MS);
    const byClient = groups
      .map(({ clientId, f, p }) => ({
        clientId,
        clientName: names.clientName(clientId),
        fills: f.size,
        medianFillDays: f.stats().medianDays,
        placements: p.size,
        medianPlaceDays: p.stats().medianDays,
      }))
      .sort((a, b) => b.placements - a.placements || a.clientName.localeCompare(b.clientName));
    // two clients tied (same placements, same name) keep the walk's order of first appearance: that read takes the walk
    const tied = byClient.some(
      (c, i) => i > 0 && c.placements === byClient[i - 1]!.placements && c.clientName.localeCompare(byClient[i - 1]!.clientName) === 0,
    );
    if (tied) return this.timeToFillByWalk(w, jobs, only, names);
    return { timeToFill: allFills.stats(), timeToPlace: allPlaces.stats(), distribution, byClient };
  }

  /**
   * `figures.placements` over the placed rows of the jobs kept (`only`; null = every job): the
   * slice of the standing placements from a year before the range to its end, the rows changed
   * after the end restated. Fees are added as whole dollars (exact integers, in any order);
   * `PlacedTable.exactFees` holds when every fee is a whole number of dollars and the totals are
   * small enough that `figures.ts`'s float sum in id order, rounded to dollars, is that same
   * integer (else the read takes `placementsByWalk`). Clients and recruiters are listed in order
   * of their first placement by id before the sort, as the walk finds them; a recruiter's name
   * is that of their placement with the least id, as the walk's.
   */
  placements(
    w: Window,
    jobs: ReadonlyMap<number, AnalyticsJobDoc>,
    only: ReadonlySet<number> | null,
    names: { clientName: (clientId: number | null) => string },
  ): Omit<PlacementsReport, 'asOf'> {
    const t = this.table();
    if (!t.exactFees) return this.placementsByWalk(w, jobs, only, names);
    const from = ms(w.from);
    const end = ms(w.end);
    const lastFrom = ms(minusYear(w.from));
    const lastEnd = ms(minusYear(w.end));
    const rangeMonths = monthsOf(w.from, w.end);
    const low = monthNumber(w.from.slice(0, 7)) - 13;
    const span = monthNumber(w.end.slice(0, 7)) - low + 2;
    const thisN = new Int32Array(span);
    const thisFee = new Float64Array(span);
    const lastN = new Int32Array(span);
    const lastFee = new Float64Array(span);
    type Group = { placements: number; fee: number; first: number };
    const clients: Array<Group & { clientId: number | null }> = [];
    const slotOfClient = new Map<number | null, number>();
    const clientSlot = (jobId: number) => {
      const clientId = jobs.get(jobId)?.clientId ?? null;
      let c = slotOfClient.get(clientId);
      if (c === undefined) {
        slotOfClient.set(clientId, (c = clients.length));
        clients.push({ clientId, placements: 0, fee: 0, first: Infinity });
      }
      return c;
    };
    const recruiterSlot: number[] = [];
    const recruiters: Array<Group & { userId: string | null; name: string }> = [];
    let total = 0;
    let fee = 0;
    /** one standing placement: `c` its client's slot, `key` its mover's `recruiterKey`, moved into `p`'s stay `stay` (-1: its `finalStay`; looked up when its id is the least yet) */
    const add = (id: number, c: number, key: number, p: PlacedRow, stay: number, placedAt: number, f: number, month: number) => {
      if (placedAt >= lastFrom && placedAt < lastEnd && month >= 0 && month < span) {
        lastN[month]! += 1;
        lastFee[month]! += f;
      }
      if (placedAt < from || placedAt >= end) return;
      if (month >= 0 && month < span) {
        thisN[month]! += 1;
        thisFee[month]! += f;
      }
      total += 1;
      fee += f;
      const client = clients[c]!;
      client.placements += 1;
      client.fee += f;
      if (id < client.first) client.first = id;
      let u = recruiterSlot[key];
      if (u === undefined) {
        recruiterSlot[key] = u = recruiters.length;
        recruiters.push({ userId: null, placements: 0, fee: 0, first: Infinity, name: '' });
      }
      const recruiter = recruiters[u]!;
      recruiter.placements += 1;
      recruiter.fee += f;
      if (id < recruiter.first) {
        const mover = p.by[stay < 0 ? p.finalStay : stay] ?? null;
        recruiter.first = id;
        recruiter.userId = mover?.id ?? null;
        recruiter.name = mover?.name ?? 'Unknown';
      }
    };
    const jobClient = new Int32Array(t.jobIds.length).fill(-1);
    for (let i = lowerBound(t.at, lastFrom < from ? lastFrom : from), hi = lowerBound(t.at, end); i < hi; i++) {
      if (!(t.settled[i]! <= end) || t.dead[i] !== 0) continue;
      const j = t.job[i]!;
      let c = jobClient[j]!;
      if (c === -1) {
        const jobId = t.jobIds[j]!;
        jobClient[j] = c = only !== null && !only.has(jobId) ? -2 : clientSlot(jobId);
      }
      if (c < 0) continue;
      add(t.id[i]!, c, t.recruiter[i]!, t.rows[i]!, -1, t.at[i]!, t.fee[i]!, t.month[i]! - low);
    }
    for (const { p, r, stay, placedAt } of restatedAt(t, end, only))
      add(
        p.id,
        clientSlot(p.row.jobId),
        p.byKey[stay]!,
        p,
        stay,
        placedAt,
        Math.round(p.records[r * 2 + 1]! * 1000),
        p.monthNumbers[r]! - low,
      );
    const byFirst = (a: Group, b: Group) => a.first - b.first;
    const months = rangeMonths.map((month) => {
      const here = monthNumber(month) - low;
      const before = here - 12;
      return {
        month,
        placements: thisN[here] ?? 0,
        fees: thisFee[here] ?? 0,
        lastYearPlacements: lastN[before] ?? 0,
        lastYearFees: lastFee[before] ?? 0,
      };
    });
    return {
      totals: { placements: total, fees: fee },
      months,
      byClient: clients
        .filter((g) => g.placements > 0)
        .sort(byFirst)
        .map((g) => ({ clientId: g.clientId, clientName: names.clientName(g.clientId), placements: g.placements, fees: g.fee }))
        .sort((a, b) => b.fees - a.fees || a.clientName.localeCompare(b.clientName)),
      byRecruiter: recruiters
        .sort(byFirst)
        .map((g) => ({ userId: g.userId, name: g.name, placements: g.placements, fees: g.fee }))
        .sort((a, b) => b.fees - a.fees || a.name.localeCompare(b.name)),
    };
  }

  /**
   * `figures.timeToFill` over the placed rows of the jobs kept (`only`; null = every job), from
   * the numeric copy, by a walk of every placed row in id order (the reference `timeToFill` is
   * checked against, and its answer when two clients tie). `jobs` holds every job the rows name (the job orders).
   */
  timeToFillByWalk(
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
    // the job's client once per job, not once per placement
    const clientOf = new Map<number, number | null>();
    for (const p of this.placedInOrder()) {
      const jobId = p.row.jobId;
      if (only !== null && !only.has(jobId)) continue;
      const r = standingAtEnd(p, end);
      if (r < 0) continue;
      const placedAt = p.records[r * 2]!;
      const prev = firstByJob.get(jobId);
      if (prev === undefined || placedAt < prev) firstByJob.set(jobId, placedAt);
      if (placedAt < from) continue;
      let clientId = clientOf.get(jobId);
      if (clientId === undefined) clientOf.set(jobId, (clientId = jobs.get(jobId)?.clientId ?? null));
      places.push({ clientId, d: (placedAt - p.row.created) / DAY_MS });
    }
    const fills: Array<{ clientId: number | null; d: number }> = [];
    for (const [jobId, placedAt] of firstByJob) {
      const job = jobs.get(jobId);
      if (!job || placedAt < from) continue;
      fills.push({ clientId: job.clientId, d: (placedAt - ms(job.openedAt)) / DAY_MS });
    }
    return timeToFillBySelection(fills, places, names.clientName);
  }

  /** `figures.placements` over the placed rows of the jobs kept (`only`; null = every job), from the numeric copy, by a walk of every placed row in id order */
  placementsByWalk(
    w: Window,
    jobs: ReadonlyMap<number, AnalyticsJobDoc>,
    only: ReadonlySet<number> | null,
    names: { clientName: (clientId: number | null) => string },
  ): Omit<PlacementsReport, 'asOf'> {
    const from = ms(w.from);
    const end = ms(w.end);
    const lastFrom = ms(minusYear(w.from));
    const lastEnd = ms(minusYear(w.end));
    // sums in id order, as the row path adds them (the same floating-point totals), grouped in arrays:
    // by month number (from a year before the range to its end), by client and recruiter in order of first appearance
    const rangeMonths = monthsOf(w.from, w.end);
    const low = monthNumber(w.from.slice(0, 7)) - 13;
    const span = monthNumber(w.end.slice(0, 7)) - low + 2;
    const thisN = new Int32Array(span);
    const thisFee = new Float64Array(span);
    const lastN = new Int32Array(span);
    const lastFee = new Float64Array(span);
    const clientSlot: number[] = [];
    const clients: Array<{ clientId: number | null; placements: number; fee: number }> = [];
    const slotOfClient = new Map<number | null, number>();
    const recruiterSlot: number[] = [];
    const recruiters: Array<{ userId: string | null; placements: number; fee: number; name: string }> = [];
    let total = 0;
    let fee = 0;
    for (const p of this.placedInOrder()) {
      const jobId = p.row.jobId;
      if (only !== null && !only.has(jobId)) continue;
      const r = standingAtEnd(p, end);
      if (r < 0) continue;
      const placedAt = p.records[r * 2]!;
      const f = p.records[r * 2 + 1]!;
      const month = p.monthNumbers[r]! - low;
      if (placedAt >= lastFrom && placedAt < lastEnd && month >= 0 && month < span) {
        lastN[month]! += 1;
        lastFee[month]! += f;
      }
      if (placedAt < from || placedAt >= end) continue;
      if (month >= 0 && month < span) {
        thisN[month]! += 1;
        thisFee[month]! += f;
      }
      total += 1;
      fee += f;
      let c = clientSlot[jobId];
      if (c === undefined) {
        const clientId = jobs.get(jobId)?.clientId ?? null;
        c = slotOfClient.get(clientId);
        if (c === undefined) {
          slotOfClient.set(clientId, (c = clients.length));
          clients.push({ clientId, placements: 0, fee: 0 });
        }
        clientSlot[jobId] = c;
      }
      clients[c]!.placements += 1;
      clients[c]!.fee += f;
      const key = p.byKey[standingStay]!;
      let u = recruiterSlot[key];
      if (u === undefined) {
        const by = p.by[standingStay] ?? null;
        recruiterSlot[key] = u = recruiters.length;
        recruiters.push({ userId: by?.id ?? null, placements: 0, fee: 0, name: by?.name ?? 'Unknown' });
      }
      recruiters[u]!.placements += 1;
      recruiters[u]!.fee += f;
    }
    const months = rangeMonths.map((month) => {
      const here = monthNumber(month) - low;
      const before = here - 12;
      return {
        month,
        placements: thisN[here] ?? 0,
        fees: dollars(thisFee[here] ?? 0),
        lastYearPlacements: lastN[before] ?? 0,
        lastYearFees: dollars(lastFee[before] ?? 0),
      };
    });
    return {
      totals: { placements: total, fees: dollars(fee) },
      months,
      byClient: clients
        .map((g) => ({ clientId: g.clientId, clientName: names.clientName(g.clientId), placements: g.placements, fees: dollars(g.fee) }))
        .sort((a, b) => b.fees - a.fees || a.clientName.localeCompare(b.clientName)),
      byRecruiter: recruiters
        .map((g) => ({ userId: g.userId, name: g.name, placements: g.placements, fees: dollars(g.fee) }))
        .sort((a, b) => b.fees - a.fees || a.name.localeCompare(b.name)),
    };
  }

  get size(): number {
    return this.rows.size;
  }

  /**
   * The funnel of the cohort created in the range, stated at its end; `jobs` null = every job. A
   * whole month of the cohort whose rows all stand at the end as they do now adds its counts of
   * their keys; the months the range cuts, those with a row changed after the end, and a read
   * with a job filter take each row's key as it stands now when it has not changed since, else restate it.
   */
  funnel(w: Window, jobs: ReadonlySet<number> | null): Omit<Funnel, 'asOf'> {
    const from = ms(w.from);
    const end = ms(w.end);
    const counts = new Array<number>(KEYS).fill(0);
    for (const [month, cohort] of this.cohorts) {
      const start = monthStart(month);
      const next = monthStart(month + 1);
      if (next <= from || start >= end) continue;
      if (jobs === null && start >= from && next <= end) {
        const c = cohortCounts(cohort);
        if (cohort.settled <= end) {
          for (let k = 0; k < KEYS; k++) counts[k]! += c[k]!;
          continue;
        }
      }
      for (const row of cohort.rows.values()) {
        if (row.created < from || row.created >= end || (jobs !== null && !jobs.has(row.jobId))) continue;
        const key = row.settled <= end ? row.finalKey : keyAt(row, end);
        if (key >= 0) counts[key]! += 1;
      }
    }
    return funnelOfCounts(counts);
  }

  /** `funnel` by a pass over every row (the reference the bench compares with) */
  funnelByScan(w: Window, jobs: ReadonlySet<number> | null): Omit<Funnel, 'asOf'> {
    const from = ms(w.from);
    const end = ms(w.end);
    const counts = new Array<number>(KEYS).fill(0);
    for (const row of this.rows.values()) {
      if (row.created < from || (jobs !== null && !jobs.has(row.jobId))) continue;
      const key = keyAt(row, end);
      if (key >= 0) counts[key]! += 1;
    }
    return funnelOfCounts(counts);
  }

  /**
   * Completed stays that ended in the range and stays open at its end, per timed stage; `jobs`
   * null = every job. Without a filter: a regular row's completed stays are those of the stay
   * buckets by the month they left (whole months as kept, the cut months' stays filtered), its
   * current ones those entered before the end and left at or after it (still open ones by the
   * month they were entered; left ones from the months from the end's on); the irregular rows are
   * restated one by one. The median and p75 select over those sorted lists (`statsOf`). With a
   * filter: the jobs' rows, restated one by one.
   */
  timeInStage(w: Window, jobs: ReadonlySet<number> | null): Omit<TimeInStage, 'asOf'> {
    if (jobs !== null) return this.timeInStageOf(this.rowsOf(jobs), w);
    const from = ms(w.from);
    const end = ms(w.end);
    const completed = TIMED_STAGES.map(() => ({ lists: [] as Float64Array[], more: [] as number[] }));
    // current stays as the times they were entered (the duration is end − entered: the order reversed)
    const current = TIMED_STAGES.map(() => ({ lists: [] as Float64Array[], more: [] as number[] }));
    for (let k = 0; k < TIMED_STAGES.length; k++) {
      for (const [month, b] of this.left.months(k)) {
        const start = monthStart(month);
        const next = monthStart(month + 1);
        if (start >= end) {
          // left after the end: current at the end when entered before it
          b.sorted(this.currentRow);
          for (let i = 0; i < b.times.length; i++) if (b.others[i]! < end) current[k]!.more.push(b.others[i]!);
          continue;
        }
        if (next <= from && next <= end) continue;
        const sorted = b.sorted(this.currentRow);
        if (start >= from && next <= end) {
          completed[k]!.lists.push(sorted);
          continue;
        }
        for (let i = 0; i < b.times.length; i++) {
          const left = b.times[i]!;
          if (left >= end) {
            if (b.others[i]! < end) current[k]!.more.push(b.others[i]!);
          } else if (left >= from) completed[k]!.more.push(b.values[i]!);
        }
      }
      for (const [month, b] of this.open.months(k)) {
        if (monthStart(month) >= end) continue;
        const sorted = b.sorted(this.currentRow);
        if (monthStart(month + 1) <= end) current[k]!.lists.push(sorted);
        else for (let i = 0; i < b.times.length; i++) if (b.times[i]! < end) current[k]!.more.push(b.times[i]!);
      }
    }
    for (const row of this.irregular.values()) {
      if (!liveAt(row, end)) continue;
      const s = row.stays;
      for (let i = 0; i < s.length && s[i + 1]! < end; i += 3) {
        const timed = TIMED_INDEX[s[i]!] ?? -1;
        if (timed < 0) continue;
        const left = s[i + 2]!;
        if (Number.isNaN(left) || left >= end) current[timed]!.more.push(s[i + 1]!);
        else if (left >= from) completed[timed]!.more.push((left - s[i + 1]!) / DAY_MS);
      }
    }
    const listsOf = (g: { lists: Float64Array[]; more: number[] }) => [...g.lists, Float64Array.from(g.more).sort()];
    return {
      stages: TIMED_STAGES.map((stage, k) => ({
        stage,
        completed: statsOf(listsOf(completed[k]!)),
        // the duration at rank r is that of the entry time at rank n − 1 − r
        current: statsOf(listsOf(current[k]!), (kth, rank, n) => (end - kth(n - 1 - rank)) / DAY_MS),
      })),
    };
  }

  /** `timeInStage` by a pass over every row (the reference the bench compares with) */
  timeInStageByScan(w: Window, jobs: ReadonlySet<number> | null): Omit<TimeInStage, 'asOf'> {
    return this.timeInStageOf(jobs === null ? this.rows.values() : this.rowsOf(jobs), w);
  }

  private *rowsOf(jobs: ReadonlySet<number>): Iterable<Row> {
    for (const jobId of jobs) yield* this.byJob.get(jobId)?.values() ?? [];
  }

  /** completed stays that ended in the range and stays open at its end, per timed stage, of these rows restated one by one */
  private timeInStageOf(rows: Iterable<Row>, w: Window): Omit<TimeInStage, 'asOf'> {
    const from = ms(w.from);
    const end = ms(w.end);
    // durations go into typed buffers (no array growth, no boxing); the quantiles select in place
    const completed = TIMED_STAGES.map(() => new Buffer());
    const current = TIMED_STAGES.map(() => new Buffer());
    for (const row of rows) {
      if (!liveAt(row, end)) continue;
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

/** the rows created in one month, and the count of their keys as they stand now (null after a change) */
type Cohort = { rows: Map<number, Row>; counts: number[] | null; settled: number };

/** a cohort's counts per key as its rows stand now, and the end from which they all stand so */
function cohortCounts(cohort: Cohort): number[] {
  if (cohort.counts) return cohort.counts;
  const counts = new Array<number>(KEYS).fill(0);
  let settled = -Infinity;
  for (const row of cohort.rows.values()) {
    if (row.finalKey >= 0) counts[row.finalKey]! += 1;
    // NaN (a time that does not parse): never assumed settled
    settled = row.settled <= settled ? settled : Number.isNaN(row.settled) ? Infinity : row.settled;
  }
  cohort.settled = settled;
  cohort.counts = counts;
  return counts;
}

/** `funnelOfKeys` of counts per numeric key */
function funnelOfCounts(counts: number[]): Omit<Funnel, 'asOf'> {
  const keys: Record<string, number> = {};
  for (let i = 0; i < FUNNEL_STAGES.length; i++) if (counts[i]! > 0) keys[String(i)] = counts[i]!;
  for (let i = 0; i < FUNNEL_STAGES.length; i++)
    if (counts[i + FUNNEL_STAGES.length]! > 0) keys[`${i}r`] = counts[i + FUNNEL_STAGES.length]!;
  return funnelOfKeys(keys);
}

/**
 * `figures.timeToFillOf`, the same reply, with the medians and p75 selected in typed buffers
 * (linear time) instead of sorting every list: ten thousand placements in a long range sorted
 * once overall and again per client cost most of a read.
 */
function timeToFillBySelection(
  fills: readonly Duration[],
  places: readonly Duration[],
  clientName: (clientId: number | null) => string,
): Omit<TimeToFill, 'asOf'> {
  const distribution = BUCKETS.map(([bucket]) => ({ bucket, fills: 0, placements: 0 }));
  // per client in order of first appearance, fills first (as timeToFillOf's one pass)
  const perClient = new Map<number | null, { f: Buffer; p: Buffer }>();
  const slot = (clientId: number | null) => {
    let g = perClient.get(clientId);
    if (!g) perClient.set(clientId, (g = { f: new Buffer(16), p: new Buffer(16) }));
    return g;
  };
  const allFills = new Buffer(Math.max(16, fills.length));
  const allPlaces = new Buffer(Math.max(16, places.length));
  for (const x of fills) {
    distribution[bucketOf(x.d)]!.fills += 1;
    slot(x.clientId).f.push(x.d);
    allFills.push(x.d);
  }
  for (const x of places) {
    distribution[bucketOf(x.d)]!.placements += 1;
    slot(x.clientId).p.push(x.d);
    allPlaces.push(x.d);
  }
  const byClient = [...perClient.entries()]
    .map(([clientId, { f, p }]) => ({
      clientId,
      clientName: clientName(clientId),
      fills: f.size,
      medianFillDays: f.stats().medianDays,
      placements: p.size,
      medianPlaceDays: p.stats().medianDays,
    }))
    .sort((a, b) => b.placements - a.placements || a.clientName.localeCompare(b.clientName));
  return { timeToFill: allFills.stats(), timeToPlace: allPlaces.stats(), distribution, byClient };
}

/** a growing list of durations in a Float64Array */
class Buffer {
  private values: Float64Array;
  private n = 0;

  constructor(capacity = 1024) {
    this.values = new Float64Array(capacity);
  }

  get size(): number {
    return this.n;
  }

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
