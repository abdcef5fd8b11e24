import { describe, expect, it } from 'vitest';
import type { ApplicationStage } from '@ats/contracts';
import type { AnalyticsApplicationDoc, AnalyticsJobDoc } from '@ats/projector';
import { ApplicationsIndex, quantileInPlace } from './applications-index';
import { funnel, placements, timeInStage, timeToFill } from './figures';
import { DAY_MS, durationStats, quantile } from './history';
import { statsOf } from './month-buckets';
import { windowOf } from './queries';

/** a deterministic pseudo-random sequence */
function numbers(n: number, seed: number, distinct: number): number[] {
  let x = seed;
  return Array.from({ length: n }, () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return (x % distinct) / 7;
  });
}

describe('quantiles by selection', () => {
  it('equal the sorted quantiles (median, then p75 right of it) for lists of every shape', () => {
    const lists = [
      [5],
      [2, 1],
      [3, 3, 3, 3],
      [1, 2, 3, 4, 5, 6, 7, 8],
      [8, 7, 6, 5, 4, 3, 2, 1, 0],
      ...[2, 3, 10, 101, 1000, 4097].flatMap((n) => [numbers(n, n, 5), numbers(n, n + 1, 1_000_000)]),
    ];
    for (const list of lists) {
      const sorted = [...list].sort((a, b) => a - b);
      const a = Float64Array.from(list);
      const median = quantileInPlace(a, 0.5, 0);
      const p75 = quantileInPlace(a, 0.75, Math.floor((list.length - 1) * 0.5));
      expect([median, p75]).toEqual([quantile(sorted, 0.5), quantile(sorted, 0.75)]);
    }
  });
});

/** `durationStats` of lists split into ascending lists, by `statsOf` */
describe('order statistics over month buckets', () => {
  it('equal the sorted quantiles of the union, for any split into sorted lists, also with the ranks reversed', () => {
    for (const n of [1, 2, 3, 7, 100, 1001]) {
      for (const distinct of [3, 1_000_000]) {
        const values = numbers(n, n + distinct, distinct);
        for (const parts of [1, 2, 5, 24]) {
          const lists = Array.from({ length: parts }, (_, p) => Float64Array.from(values.filter((_, i) => i % parts === p)).sort());
          expect(statsOf(lists)).toEqual(durationStats(values));
          // kept as entry times, read as durations end − entry: the order reversed
          const end = 1_000_000;
          expect(statsOf(lists, (kth, rank, count) => (end - kth(count - 1 - rank)) / DAY_MS)).toEqual(
            durationStats(values.map((v) => (end - v) / DAY_MS)),
          );
        }
      }
    }
    expect(statsOf([new Float64Array(0)])).toEqual({ count: 0, medianDays: null, p75Days: null });
  });
});

describe('the index on a random history: the same figures as the full rows, kept current', () => {
  const STAGES: ApplicationStage[] = ['applied', 'phone_screen', 'interview', 'final_interview', 'offer', 'placed', 'rejected'];
  const T0 = Date.parse('2024-01-01T00:00:00.000Z');
  const SPAN = 700 * DAY_MS;
  let seed = 7;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const iso = (t: number) => new Date(t).toISOString();
  // some times fall exactly on a month's first instant (a bucket's edge), most anywhere to the millisecond
  const time = (after: number, maxDays: number) =>
    rand() < 0.05
      ? Date.UTC(new Date(after).getUTCFullYear(), new Date(after).getUTCMonth() + 1, 1)
      : after + Math.floor(rand() * maxDays * DAY_MS);
  // Ann renamed at some time: a recruiter's name in the placement figures is that of their placement with the least id
  const who = [{ id: 'ann', name: 'Ann' }, { id: 'ben', name: 'Ben' }, null, { id: 'ann', name: 'Ann Smith' }];

  // fees in thousands with two decimals (whole tens of dollars, as the decider records them), some with more
  let fee = () => (1000 + Math.floor(rand() * 9000)) / 100;

  /** an application with a random path: moved forward and back, rejected, placed (and moved out again), detached, out of order */
  function application(id: number, version = 0): AnalyticsApplicationDoc {
    const created = T0 + Math.floor(rand() * SPAN);
    const stays: AnalyticsApplicationDoc['stays'] = [];
    const placements: AnalyticsApplicationDoc['placements'] = [];
    let t = created;
    let stage: ApplicationStage = 'applied';
    const moves = Math.floor(rand() * (5 + version));
    for (let m = 0; m <= moves; m++) {
      const entered = t;
      stays.push({ stage, enteredAt: iso(entered), leftAt: null, movedBy: who[Math.floor(rand() * who.length)]! });
      if (stage === 'placed') placements.push({ placedAt: iso(entered + Math.floor(rand() * 3) * 1000), fee: fee(), salary: 100 });
      if (m === moves) break;
      t = time(entered, rand() < 0.1 ? 0.001 : 40);
      stays.at(-1)!.leftAt = iso(t);
      stage = STAGES[Math.floor(rand() * STAGES.length)]!;
    }
    const detachments: AnalyticsApplicationDoc['detachments'] = [];
    if (rand() < 0.08) {
      const from = time(created, 120);
      detachments.push({ from: iso(from), to: rand() < 0.5 ? null : iso(time(from, 60)) });
    }
    // a few rows out of order: created after its first stay, or two stays swapped
    if (rand() < 0.02) stays.reverse();
    const createdAt = rand() < 0.02 ? iso(created + DAY_MS) : iso(created);
    const last = stays.at(-1)!;
    return {
      id,
      candidateId: id,
      jobId: 1 + (id % 6),
      createdAt,
      stage: last.stage,
      firstPlacedAt: placements[0]?.placedAt ?? null,
      stays,
      placements,
      detachments,
      funnelKey: '0',
      detached: detachments.some((d) => d.to === null),
      standing: null,
      standingPlacedAt: null,
    };
  }

  const jobs = new Map<number, AnalyticsJobDoc>(
    Array.from({ length: 6 }, (_, i) => [
      i + 1,
      {
        id: i + 1,
        title: `Job ${i + 1}`,
        clientId: 1 + (i % 3),
        owner: { id: 'ann', name: 'Ann' },
        openedAt: iso(T0 - 10 * DAY_MS),
        statuses: [],
        deletedAt: i === 5 ? iso(T0 + 300 * DAY_MS) : null,
      },
    ]),
  );
  const names = { clientName: (id: number | null) => (id === null ? 'No client' : `Client ${id}`) };
  // two clients of the same name: ties in the sorted lists keep the order of first appearance
  const oneName = { clientName: () => 'Client' };
  const sameNames = { clientName: (id: number | null) => (id === null ? 'No client' : id === 3 ? 'Client 2' : `Client ${id}`) };
  const day = (t: number) => iso(t).slice(0, 10);
  const windows = () =>
    Array.from({ length: 25 }, (_, i) => {
      const from = T0 - 30 * DAY_MS + Math.floor(rand() * (SPAN + 60 * DAY_MS));
      const to = from + Math.floor(rand() * (i % 4 === 0 ? 40 : 400)) * DAY_MS;
      const asOf = i % 5 === 0 ? iso(from + Math.floor(rand() * 500 * DAY_MS) - 100 * DAY_MS) : undefined;
      return windowOf({ from: day(from), to: day(to), ...(asOf ? { asOf } : {}) }, new Date(T0 + SPAN + 30 * DAY_MS));
    });

  it('funnel, time in stage, time to fill and placements equal figures.ts over the rows, before and after rows are replaced and removed', () => {
    const docs = new Map<number, AnalyticsApplicationDoc>();
    const index = new ApplicationsIndex();
    // ids in a scrambled order of creation (the generator's times otherwise fall with the id)
    for (let k = 1; k <= 600; k++) {
      const id = 1 + ((k * 7919) % 1009);
      const doc = application(id);
      docs.set(id, doc);
      index.put(doc);
    }
    const check = () => {
      const rows = [...docs.values()].sort((a, b) => a.id - b.id);
      for (const w of windows()) {
        expect(index.funnel(w, null)).toEqual(funnel(rows, w));
        expect(index.timeInStage(w, null)).toEqual(timeInStage(rows, w));
        const only = new Set([2, 5]);
        const kept = rows.filter((r) => only.has(r.jobId));
        expect(index.funnel(w, only)).toEqual(funnel(kept, w));
        expect(index.timeInStage(w, only)).toEqual(timeInStage(kept, w));
        expect(index.funnelByScan(w, null)).toEqual(funnel(rows, w));
        expect(index.timeInStageByScan(w, null)).toEqual(timeInStage(rows, w));
        const placed = rows.filter((r) => r.firstPlacedAt !== null && r.firstPlacedAt < w.end);
        expect(index.timeToFill(w, jobs, null, names)).toEqual(timeToFill(placed, jobs, w, names));
        console.log(
          'RECS',
          JSON.stringify(index.placements(w, jobs, null, names).byRecruiter.map((r) => r.name)),
          JSON.stringify(placements(placed, jobs, w, names).byRecruiter.map((r) => r.name)),
        );
        expect(index.placements(w, jobs, null, names)).toEqual(placements(placed, jobs, w, names));
        expect(index.timeToFill(w, jobs, null, sameNames)).toEqual(timeToFill(placed, jobs, w, sameNames));
        expect(index.placements(w, jobs, null, sameNames)).toEqual(placements(placed, jobs, w, sameNames));
        expect(index.placements(w, jobs, null, oneName)).toEqual(placements(placed, jobs, w, oneName));
        const keptPlaced = placed.filter((r) => only.has(r.jobId));
        expect(index.timeToFill(w, jobs, only, names)).toEqual(timeToFill(keptPlaced, jobs, w, names));
        expect(index.placements(w, jobs, only, names)).toEqual(placements(keptPlaced, jobs, w, names));
        expect(index.timeToFillByWalk(w, jobs, null, names)).toEqual(timeToFill(placed, jobs, w, names));
        expect(index.placementsByWalk(w, jobs, null, names)).toEqual(placements(placed, jobs, w, names));
      }
    };
    check();
    // later moves (replaced rows), new applications, removed ones: the buckets follow
    for (let round = 0; round < 3; round++) {
      for (let k = 0; k < 80; k++) {
        const id = 1 + ((Math.floor(rand() * 700) * 7919) % 1009);
        if (rand() < 0.2) {
          docs.delete(id);
          index.remove(id);
        } else {
          const doc = application(id, round + 1);
          docs.set(id, doc);
          index.put(doc);
        }
      }
      check();
    }
    // one change at a time (a live update), read after each: the changed rows are restated beside the table until it is rebuilt
    for (let k = 0; k < 100; k++) {
      const id = 1 + ((Math.floor(rand() * 700) * 7919) % 1009);
      if (rand() < 0.2) {
        docs.delete(id);
        index.remove(id);
      } else {
        const doc = application(id, 3);
        docs.set(id, doc);
        index.put(doc);
      }
      const rows = [...docs.values()].sort((a, b) => a.id - b.id);
      for (const w of windows().slice(0, 3)) {
        const placed = rows.filter((r) => r.firstPlacedAt !== null && r.firstPlacedAt < w.end);
        expect(index.timeToFill(w, jobs, null, names)).toEqual(timeToFill(placed, jobs, w, names));
        expect(index.placements(w, jobs, null, names)).toEqual(placements(placed, jobs, w, names));
      }
    }
    // one fee for all: clients tie in fees (and name, with oneName) and keep the order of first appearance by id
    fee = () => 25;
    for (const id of [...docs.keys()]) {
      const doc = application(id, 2);
      docs.set(id, doc);
      index.put(doc);
    }
    check();
    // fees that are not whole dollars (a third of a thousand): placements add them as the rows do
    fee = () => 10 + Math.floor(rand() * 90) / 3;
    for (let k = 0; k < 80; k++) {
      const id = 1 + ((Math.floor(rand() * 700) * 7919) % 1009);
      const doc = application(id, 2);
      docs.set(id, doc);
      index.put(doc);
    }
    check();
  }, 60_000);
});
