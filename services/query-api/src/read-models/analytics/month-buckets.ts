import { durationStats, round1 } from './history';

/**
 * Order statistics over a range of time without a pass over every value: values kept in buckets
 * by UTC month (of the time they are ranged by), each bucket sorted once after it changed. A read
 * takes the whole months inside its range as they are, filters the values of the (at most two)
 * months its ends cut, and selects the median and p75 over those few sorted lists by binary
 * search. The figures are those of `durationStats` over the same values, exactly (the same two
 * values at the same ranks, interpolated by the same expression).
 */

/** months since January 1970 (UTC) of an epoch-ms time */
export function monthOf(t: number): number {
  const d = new Date(t);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
}

/** the first instant (epoch ms) of a month from `monthOf` */
export const monthStart = (m: number) => Date.UTC(Math.floor(m / 12), m % 12, 1);

/** the entries of one month: each with the time it is ranged by, its value, and a second time */
export class MonthBucket {
  /** the owner of each entry (an entry counts while its owner is current: see `compact`) */
  owners: unknown[] = [];
  ids: number[] = [];
  times: number[] = [];
  values: number[] = [];
  others: number[] = [];
  /** the values in ascending order, null after a change */
  private ascending: Float64Array | null = null;
  /** set by `add` / `touch`: the next read drops entries whose owner is no longer current, then sorts */
  private stale = false;

  add(id: number, owner: unknown, time: number, value: number, other: number): void {
    this.ids.push(id);
    this.owners.push(owner);
    this.times.push(time);
    this.values.push(value);
    this.others.push(other);
    this.touch();
  }

  /** an entry's owner was replaced or removed */
  touch(): void {
    this.stale = true;
    this.ascending = null;
  }

  /** drops the entries whose owner is no longer `current(id)`; the values sorted */
  sorted(current: (id: number) => unknown): Float64Array {
    if (this.stale) {
      let n = 0;
      for (let i = 0; i < this.ids.length; i++) {
        if (current(this.ids[i]!) !== this.owners[i]) continue;
        this.ids[n] = this.ids[i]!;
        this.owners[n] = this.owners[i];
        this.times[n] = this.times[i]!;
        this.values[n] = this.values[i]!;
        this.others[n] = this.others[i]!;
        n++;
      }
      for (const list of [this.ids, this.owners, this.times, this.values, this.others]) list.length = n;
      this.stale = false;
    }
    this.ascending ??= Float64Array.from(this.values).sort();
    return this.ascending;
  }
}

/** buckets by month, one set per key (e.g. a stage) */
export class MonthBuckets {
  private readonly byKey: Array<Map<number, MonthBucket>>;

  constructor(keys: number) {
    this.byKey = Array.from({ length: keys }, () => new Map());
  }

  bucket(key: number, month: number): MonthBucket {
    const months = this.byKey[key]!;
    let b = months.get(month);
    if (!b) months.set(month, (b = new MonthBucket()));
    return b;
  }

  /** the buckets of a key whose month ends after `fromMonth` (every month from it on) */
  *from(key: number, fromMonth: number): Iterable<[number, MonthBucket]> {
    for (const entry of this.byKey[key]!) if (entry[0] >= fromMonth) yield entry;
  }

  months(key: number): Map<number, MonthBucket> {
    return this.byKey[key]!;
  }
}

/**
 * The k-th smallest value (0-based) of the union of ascending lists, by binary search on values:
 * each round takes the middle of the longest remaining span as the pivot and counts, in every
 * list, the values below and up to it, so the spans halve. O(lists² · log² n) at worst, a few
 * microseconds for two dozen months.
 */
export function kthOf(lists: readonly Float64Array[], k: number): number {
  const lo = lists.map(() => 0);
  const hi = lists.map((l) => l.length);
  for (;;) {
    let widest = -1;
    for (let i = 0; i < lists.length; i++) if (hi[i]! > lo[i]! && (widest < 0 || hi[i]! - lo[i]! > hi[widest]! - lo[widest]!)) widest = i;
    const pivot = lists[widest]![(lo[widest]! + hi[widest]!) >>> 1]!;
    let below = 0;
    let upTo = 0;
    const belowAt: number[] = [];
    const upToAt: number[] = [];
    for (let i = 0; i < lists.length; i++) {
      const b = lowerBound(lists[i]!, pivot, lo[i]!, hi[i]!);
      const u = upperBound(lists[i]!, pivot, b, hi[i]!);
      belowAt.push(b);
      upToAt.push(u);
      below += b - lo[i]!;
      upTo += u - lo[i]!;
    }
    if (k < below) for (let i = 0; i < lists.length; i++) hi[i] = belowAt[i]!;
    else if (k < upTo) return pivot;
    else {
      k -= upTo;
      for (let i = 0; i < lists.length; i++) lo[i] = upToAt[i]!;
    }
  }
}

function lowerBound(a: Float64Array, v: number, lo: number, hi: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function upperBound(a: Float64Array, v: number, lo: number, hi: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! <= v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * `durationStats` of the union of ascending lists, the value at each rank mapped by `value`
 * (identity by default; `rank` reversed and mapped for lists kept in another order).
 */
export function statsOf(
  lists: readonly Float64Array[],
  at: (kth: (k: number) => number, rank: number, n: number) => number = (kth, rank) => kth(rank),
): { count: number; medianDays: number | null; p75Days: number | null } {
  const kept = lists.filter((l) => l.length > 0);
  const n = kept.reduce((s, l) => s + l.length, 0);
  if (n === 0) return durationStats([]);
  const kth = (k: number) => kthOf(kept, k);
  // history.quantile's expression over the two values at its ranks
  const quantile = (q: number) => {
    const pos = (n - 1) * q;
    const lo = Math.floor(pos);
    const hi = Math.ceil(pos);
    const low = at(kth, lo, n);
    const high = hi === lo ? low : at(kth, hi, n);
    return low + (high - low) * (pos - lo);
  };
  return { count: n, medianDays: round1(quantile(0.5)), p75Days: round1(quantile(0.75)) };
}
