import { describe, expect, it } from 'vitest';
import type { ApplicationStage } from '@ats/contracts';
import type { DomainEvent } from '@ats/events';
import {
  analyticsApplicationsProjection,
  analyticsCandidatesProjection,
  analyticsJobsProjection,
  expandAnalyticsApplication,
  type AnalyticsApplicationDoc,
  type AnalyticsCandidateDoc,
  type AnalyticsJobDoc,
  type StoredAnalyticsApplicationDoc,
} from '@ats/projector';
import {
  applicationCreated,
  candidateDeleted,
  candidateRegistered,
  eventLog,
  jobCreated,
  project,
  stageChanged,
} from '@ats/projector/testing';
import { funnel, funnelOfKeys, placements, timeInStage, timeToFill } from './figures';
import { ApplicationsIndex } from './applications-index';
import { candidateActiveAt } from './history';
import { standingRow, windowOf } from './queries';

const ann = { id: 'ann', name: 'Ann Lee' };
const ben = { id: 'ben', name: 'Ben Stone' };
const cat = { id: 'cat', name: 'Cat Diaz' };
const day = (d: string) => `${d}T00:00:00.000Z`;

/**
 * A small fixed history (times at midnight UTC so the days are whole):
 * job 1 (client 1, opened 2025-01-01), job 2 (client 2, opened 2025-01-10, deleted 2025-04-01),
 * job 3 (client 1, opened 2024-01-01).
 * A1 job 1, created 03-01: phone 03-03, interview 03-06, back to phone 03-08, interview 03-10,
 *    offer 03-15, placed 03-20 by Cat (fee 50k).
 * A2 job 1, created 03-02: phone 03-04, rejected 03-05; reconsidered (interview) 04-03.
 * A3 job 1, created 03-05: phone 03-06, detached 03-07.
 * A4 job 2, created 03-10: phone 03-12, interview 03-14, placed 03-24 by Ben (fee 30k).
 * A5 job 1, created 04-02: placed 04-05 by Cat (fee 40k).
 * A6 job 1, created 03-25: never moved.
 * A7 job 3, created 2024-03-01: placed 2024-03-15 by Ann (fee 20k).
 */
function history() {
  const at = eventLog();
  const events = [];
  const job = (jobId: number, clientId: number, opened: string, actor: typeof ann) =>
    events.push(at(jobCreated({ jobId, clientId }), { actor, occurredAt: day(opened) }));
  const create = (applicationId: number, jobId: number, on: string) =>
    events.push(at(applicationCreated({ applicationId, jobId, candidateId: applicationId, appliedAt: day(on) })));
  const moves = (
    applicationId: number,
    jobId: number,
    path: Array<[ApplicationStage, string, typeof ann?]>,
    start: ApplicationStage = 'applied',
  ) => {
    let from = start;
    for (const [to, on, by] of path) {
      events.push(
        at(stageChanged(from, to, { applicationId, jobId, candidateId: applicationId, changedAt: day(on), changedBy: by ?? ann }), {
          occurredAt: day(on),
        }),
      );
      from = to;
    }
  };
  const placed = (applicationId: number, jobId: number, on: string, fee: number) =>
    events.push(
      at({
        type: 'PlacementRecorded',
        data: { applicationId, jobId, candidateId: applicationId, salary: fee * 4, feePercentage: 25, fee, placedAt: day(on) },
      }),
    );
  job(1, 1, '2025-01-01', ann);
  job(2, 2, '2025-01-10', ben);
  job(3, 1, '2024-01-01', ann);
  create(7, 3, '2024-03-01');
  moves(7, 3, [['placed', '2024-03-15', ann]]);
  placed(7, 3, '2024-03-15', 20);
  create(1, 1, '2025-03-01');
  create(2, 1, '2025-03-02');
  moves(1, 1, [
    ['phone_screen', '2025-03-03', ben],
    ['interview', '2025-03-06'],
  ]);
  moves(2, 1, [
    ['phone_screen', '2025-03-04'],
    ['rejected', '2025-03-05'],
  ]);
  create(3, 1, '2025-03-05');
  moves(3, 1, [['phone_screen', '2025-03-06']]);
  const detach: DomainEvent = { type: 'ApplicationDetached', data: { applicationId: 3, candidateId: 3, jobId: 1, detachedBy: ann } };
  events.push(at(detach, { occurredAt: day('2025-03-07') }));
  moves(
    1,
    1,
    [
      ['phone_screen', '2025-03-08'],
      ['interview', '2025-03-10'],
      ['offer', '2025-03-15'],
      ['placed', '2025-03-20', cat],
    ],
    'interview',
  );
  placed(1, 1, '2025-03-20', 50);
  create(4, 2, '2025-03-10');
  moves(4, 2, [
    ['phone_screen', '2025-03-12'],
    ['interview', '2025-03-14'],
    ['placed', '2025-03-24', ben],
  ]);
  placed(4, 2, '2025-03-24', 30);
  create(6, 1, '2025-03-25');
  events.push(at({ type: 'JobDeleted', data: { jobId: 2 } }, { occurredAt: day('2025-04-01') }));
  create(5, 1, '2025-04-02');
  moves(5, 1, [['placed', '2025-04-05', cat]]);
  placed(5, 1, '2025-04-05', 40);
  moves(2, 1, [['interview', '2025-04-03']], 'rejected');
  const { docs } = project([analyticsApplicationsProjection, analyticsJobsProjection], events);
  const apps = (docs('analytics_applications') as StoredAnalyticsApplicationDoc[]).map(expandAnalyticsApplication);
  const jobs = new Map((docs('analytics_jobs') as AnalyticsJobDoc[]).map((j) => [j.id, j]));
  return { apps, jobs };
}

const names = { clientName: (id: number | null) => `Client ${id}` };
const march = { from: '2025-03-01', to: '2025-03-31' };
/** the latest time of any event on the application (created, moved, placed, detached, restored) */
const lastEventOf = (a: AnalyticsApplicationDoc) =>
  [
    a.createdAt,
    ...a.stays.map((s) => s.enteredAt),
    ...a.placements.map((p) => p.placedAt),
    ...a.detachments.flatMap((d) => [d.from, d.to ?? '']),
  ]
    .sort()
    .at(-1)!;
const today = new Date('2025-06-01T12:00:00.000Z');

describe('analytics figures on a fixed history', () => {
  const { apps, jobs } = history();

  it('keeps every stay with its exact times, a deleted job marked but kept', () => {
    const a1 = apps.find((a) => a.id === 1)!;
    expect(a1.stays.map((s) => [s.stage, s.enteredAt.slice(5, 10), s.leftAt?.slice(5, 10) ?? null])).toEqual([
      ['applied', '03-01', '03-03'],
      ['phone_screen', '03-03', '03-06'],
      ['interview', '03-06', '03-08'],
      ['phone_screen', '03-08', '03-10'],
      ['interview', '03-10', '03-15'],
      ['offer', '03-15', '03-20'],
      ['placed', '03-20', null],
    ]);
    expect(apps.find((a) => a.id === 3)!.detachments).toEqual([{ from: day('2025-03-07'), to: null }]);
    expect(jobs.get(2)).toMatchObject({ deletedAt: day('2025-04-01'), clientId: 2, owner: ben, openedAt: day('2025-01-10') });
  });

  it('funnel: the March cohort without the detached application; a moved-back card still reached its furthest stage', () => {
    const f = funnel(apps, windowOf(march, today));
    expect(f.cohort).toBe(4);
    expect(f.stages.map((s) => [s.stage, s.reached, s.passThrough, s.rejectedHere])).toEqual([
      ['applied', 4, null, 0],
      ['phone_screen', 3, 75, 1],
      ['interview', 2, 66.7, 0],
      ['final_interview', 2, 100, 0],
      ['offer', 2, 100, 0],
      ['placed', 2, 100, 0],
    ]);
    expect(f.rejected).toBe(1);
  });

  it('as of: the funnel for March computed today equals the funnel computed at the end of March', () => {
    const later = funnel(apps, windowOf(march, today));
    const atEnd = funnel(apps, windowOf({ ...march, asOf: '2025-04-01T00:00:00.000Z' }, today));
    expect(later).toEqual(atEnd);
    // and mid-March differs: A1 was not placed yet, A4 not yet at interview
    const mid = funnel(apps, windowOf({ ...march, asOf: '2025-03-12T00:00:00.000Z' }, today));
    expect(mid.cohort).toBe(3);
    expect(mid.stages.find((s) => s.stage === 'placed')!.reached).toBe(0);
  });

  it('funnel from the store-grouped keys (a range ending after every event) equals the funnel from the rows', () => {
    expect(Object.fromEntries(apps.map((a) => [a.id, [a.funnelKey, a.detached]]))).toEqual({
      1: ['5', false],
      2: ['2', false],
      3: ['1', true],
      4: ['5', false],
      5: ['5', false],
      6: ['0', false],
      7: ['5', false],
    });
    for (const range of [
      { from: '2025-03-01', to: '2025-06-01' },
      { from: '2025-03-03', to: '2025-06-30' },
      { from: '2024-01-01', to: '2025-06-01' },
    ]) {
      const w = windowOf(range, today);
      expect(apps.every((a) => lastEventOf(a) < w.end)).toBe(true);
      const keys: Record<string, number> = {};
      for (const a of apps.filter((x) => !x.detached && x.createdAt >= w.from && x.createdAt < w.end)) {
        keys[a.funnelKey] = (keys[a.funnelKey] ?? 0) + 1;
      }
      expect(funnelOfKeys(keys)).toEqual(funnel(apps, w));
    }
    // a past range is restated from the rows: A2 was at Rejected at the end of March, it is at Interview now
    expect(funnel(apps, windowOf(march, today)).rejected).toBe(1);
    expect(lastEventOf(apps.find((a) => a.id === 2)!) > windowOf(march, today).end).toBe(true);
  });

  it('time to fill and placements from the standing-placement rows (a range ending after every event) equal those from the full rows', () => {
    const list = apps.filter((a) => a.standing).sort((a, b) => a.id - b.id);
    expect(list.map((a) => [a.id, a.standing!.placedAt.slice(0, 10), a.standing!.fee, a.standing!.by?.id])).toEqual([
      [1, '2025-03-20', 50, 'cat'],
      [4, '2025-03-24', 30, 'ben'],
      [5, '2025-04-05', 40, 'cat'],
      [7, '2024-03-15', 20, 'ann'],
    ]);
    const standing = apps.filter((a) => a.standing).map((a) => standingRow(a, a.standing!));
    for (const range of [
      { from: '2025-03-01', to: '2025-06-01' },
      { from: '2025-03-21', to: '2025-06-30' },
      { from: '2024-01-01', to: '2025-06-01' },
    ]) {
      const w = windowOf(range, today);
      expect(timeToFill(standing, jobs, w, names)).toEqual(timeToFill(apps, jobs, w, names));
      expect(placements(standing, jobs, w, names)).toEqual(placements(apps, jobs, w, names));
    }
  });

  it('time in stage: completed stays in March apart from stays still open at its end', () => {
    const t = timeInStage(apps, windowOf(march, today));
    expect(t.stages).toEqual([
      { stage: 'applied', completed: { count: 3, medianDays: 2, p75Days: 2 }, current: { count: 1, medianDays: 7, p75Days: 7 } },
      {
        stage: 'phone_screen',
        completed: { count: 4, medianDays: 2, p75Days: 2.3 },
        current: { count: 0, medianDays: null, p75Days: null },
      },
      { stage: 'interview', completed: { count: 3, medianDays: 5, p75Days: 7.5 }, current: { count: 0, medianDays: null, p75Days: null } },
      {
        stage: 'final_interview',
        completed: { count: 0, medianDays: null, p75Days: null },
        current: { count: 0, medianDays: null, p75Days: null },
      },
      { stage: 'offer', completed: { count: 1, medianDays: 5, p75Days: 5 }, current: { count: 0, medianDays: null, p75Days: null } },
    ]);
  });

  it('time to fill and time to place, with the deleted job still counted', () => {
    const t = timeToFill(apps, jobs, windowOf(march, today), names);
    expect(t.timeToFill).toEqual({ count: 2, medianDays: 75.5, p75Days: 76.8 });
    expect(t.timeToPlace).toEqual({ count: 2, medianDays: 16.5, p75Days: 17.8 });
    expect(t.distribution.find((d) => d.bucket === '61–90 days')).toEqual({ bucket: '61–90 days', fills: 2, placements: 0 });
    expect(t.distribution.find((d) => d.bucket === '0–30 days')).toEqual({ bucket: '0–30 days', fills: 0, placements: 2 });
    expect(t.byClient).toEqual([
      { clientId: 1, clientName: 'Client 1', fills: 1, medianFillDays: 78, placements: 1, medianPlaceDays: 19 },
      { clientId: 2, clientName: 'Client 2', fills: 1, medianFillDays: 73, placements: 1, medianPlaceDays: 14 },
    ]);
    // April: job 1 was already filled in March, so only a time to place
    const april = timeToFill(apps, jobs, windowOf({ from: '2025-04-01', to: '2025-04-30' }, today), names);
    expect(april.timeToFill.count).toBe(0);
    expect(april.timeToPlace).toEqual({ count: 1, medianDays: 3, p75Days: 3 });
  });

  it('placements and fees by month (vs the same month last year), by client, by who moved it to Placed', () => {
    const p = placements(apps, jobs, windowOf(march, today), names);
    expect(p.totals).toEqual({ placements: 2, fees: 80_000 });
    expect(p.months).toEqual([{ month: '2025-03', placements: 2, fees: 80_000, lastYearPlacements: 1, lastYearFees: 20_000 }]);
    expect(p.byClient).toEqual([
      { clientId: 1, clientName: 'Client 1', placements: 1, fees: 50_000 },
      { clientId: 2, clientName: 'Client 2', placements: 1, fees: 30_000 },
    ]);
    expect(p.byRecruiter).toEqual([
      { userId: 'cat', name: 'Cat Diaz', placements: 1, fees: 50_000 },
      { userId: 'ben', name: 'Ben Stone', placements: 1, fees: 30_000 },
    ]);
    const spring = placements(apps, jobs, windowOf({ from: '2025-03-01', to: '2025-04-30' }, today), names);
    expect(spring.months.map((m) => [m.month, m.placements, m.fees])).toEqual([
      ['2025-03', 2, 80_000],
      ['2025-04', 1, 40_000],
    ]);
  });
});

describe('the in-memory applications index (what the endpoints read) on the fixed history', () => {
  const { apps, jobs } = history();
  const index = new ApplicationsIndex();
  for (const a of apps) index.put(a);
  const windows = [
    windowOf(march, today),
    windowOf({ ...march, asOf: '2025-03-12T00:00:00.000Z' }, today),
    windowOf({ ...march, asOf: '2025-03-07T00:00:00.000Z' }, today),
    windowOf({ from: '2025-03-01', to: '2025-06-01' }, today),
    windowOf({ from: '2025-03-21', to: '2025-04-04' }, today),
    windowOf({ from: '2024-01-01', to: '2025-06-01' }, today),
    windowOf({ from: '2025-03-05', to: '2025-03-05' }, today),
  ];

  it('gives the funnel and time in stage of the full rows, for ranges ending before, during and after the history, with asOf', () => {
    for (const w of windows) {
      expect(index.funnel(w, null)).toEqual(funnel(apps, w));
      expect(index.timeInStage(w, null)).toEqual(timeInStage(apps, w));
    }
    // the hand-computed March figures above, once more through the index
    expect(index.funnel(windows[0]!, null).stages.map((s) => s.reached)).toEqual([4, 3, 2, 2, 2, 2]);
    expect(index.timeInStage(windows[0]!, null).stages[1]!.completed).toEqual({ count: 4, medianDays: 2, p75Days: 2.3 });
  });

  it('keeps only the jobs of a filter', () => {
    const job1 = new Set([1]);
    for (const w of windows) {
      const rows = apps.filter((a) => a.jobId === 1);
      expect(index.funnel(w, job1)).toEqual(funnel(rows, w));
      expect(index.timeInStage(w, job1)).toEqual(timeInStage(rows, w));
    }
    expect(index.funnel(windows[0]!, new Set([2])).cohort).toBe(1);
    expect(index.funnel(windows[0]!, new Set()).cohort).toBe(0);
  });

  it('hands the placement figures the placed rows, giving the same time to fill and placements', () => {
    expect(index.placedBefore(day('2025-04-01'), null).map((a) => a.id)).toEqual([1, 4, 7]);
    for (const w of windows) {
      const rows = index.placedBefore(w.end, null);
      expect(timeToFill(rows, jobs, w, names)).toEqual(timeToFill(apps, jobs, w, names));
      expect(placements(rows, jobs, w, names)).toEqual(placements(apps, jobs, w, names));
    }
  });

  it('computes time to fill and placements from its numeric copy exactly as the full rows do, with asOf and filters', () => {
    const scopes: Array<ReadonlySet<number> | null> = [null, new Set([1]), new Set([2]), new Set([1, 3]), new Set()];
    for (const w of windows) {
      for (const only of scopes) {
        const rows = only === null ? apps : apps.filter((a) => only.has(a.jobId));
        const scope = only === null ? jobs : new Map([...jobs].filter(([id]) => only.has(id)));
        expect(index.timeToFill(w, jobs, only, names)).toEqual(timeToFill(rows, scope, w, names));
        expect(index.placements(w, jobs, only, names)).toEqual(placements(rows, scope, w, names));
      }
    }
    // the hand-computed figures once more through the copy: A1 (Cat, 50k) and A4 (Ben, 30k, job 2 deleted since) in March
    const m = index.placements(windows[0]!, jobs, null, names);
    expect(m.totals).toEqual({ placements: 2, fees: 80_000 });
    expect(m.byRecruiter.map((r) => [r.userId, r.fees])).toEqual([
      ['cat', 50_000],
      ['ben', 30_000],
    ]);
    // as of 03-21: A4 not yet placed
    expect(index.placements(windows[1]!, jobs, null, names).totals).toEqual({ placements: 0, fees: 0 });
    const fill = index.timeToFill(windowOf({ from: '2025-03-01', to: '2025-04-30' }, today), jobs, null, names);
    // job 1 opened 01-01, first placed 03-20 (78 days); job 2 opened 01-10, placed 03-24 (73 days)
    expect(fill.timeToFill).toEqual({ count: 2, medianDays: 75.5, p75Days: 76.8 });
  });

  it('follows a placement moved back, placed again with a new record, detached, and removed', () => {
    const copy = new ApplicationsIndex();
    for (const a of apps) copy.put(a);
    const a1 = apps.find((a) => a.id === 1)!;
    const placedStay = a1.stays.at(-1)!;
    // moved back to Offer on 04-10 by Ann, placed again on 04-20 by Ben with a new fee (60k), detached 05-01
    const replaced: AnalyticsApplicationDoc = {
      ...a1,
      stage: 'placed',
      stays: [
        ...a1.stays.slice(0, -1),
        { ...placedStay, leftAt: day('2025-04-10') },
        { stage: 'offer', enteredAt: day('2025-04-10'), leftAt: day('2025-04-20'), movedBy: ann },
        { stage: 'placed', enteredAt: day('2025-04-20'), leftAt: null, movedBy: ben },
      ],
      placements: [...a1.placements, { placedAt: day('2025-04-20'), fee: 60, salary: 240 }],
      detachments: [{ from: day('2025-05-01'), to: null }],
    };
    copy.put(replaced);
    const after = apps.map((a) => (a.id === 1 ? replaced : a));
    const ranges = [
      windowOf(march, today),
      windowOf({ from: '2025-03-01', to: '2025-04-15' }, today),
      windowOf({ from: '2025-03-01', to: '2025-04-25' }, today),
      windowOf({ from: '2025-04-01', to: '2025-05-31' }, today),
      windowOf({ from: '2024-01-01', to: '2025-06-01' }, today),
      windowOf({ from: '2025-03-01', to: '2025-06-01', asOf: '2025-04-21T00:00:00.000Z' }, today),
    ];
    for (const w of ranges) {
      expect(copy.timeToFill(w, jobs, null, names)).toEqual(timeToFill(after, jobs, w, names));
      expect(copy.placements(w, jobs, null, names)).toEqual(placements(after, jobs, w, names));
    }
    // March stated at its end still holds the first placement; stated on 04-15 (back at Offer) it is gone; on 04-25 the new one stands
    expect(copy.placements(ranges[0]!, jobs, null, names).totals.placements).toBe(2);
    expect(copy.placements(ranges[1]!, jobs, null, names).byRecruiter.map((r) => r.userId)).toEqual(['cat', 'ben']);
    expect(copy.placements(ranges[1]!, jobs, null, names).totals).toEqual({ placements: 2, fees: 70_000 });
    expect(copy.placements(ranges[2]!, jobs, null, names).totals).toEqual({ placements: 3, fees: 130_000 });
    // detached since 05-01: not standing now
    expect(copy.placements(ranges[3]!, jobs, null, names).totals).toEqual({ placements: 1, fees: 40_000 });
    // no longer placed at all: gone from the placement figures
    copy.put({
      ...apps.find((a) => a.id === 5)!,
      firstPlacedAt: null,
      placements: [],
      stays: apps.find((a) => a.id === 5)!.stays.slice(0, 1),
    });
    expect(copy.placements(ranges[3]!, jobs, null, names).totals).toEqual({ placements: 0, fees: 0 });
    copy.remove(4);
    expect(copy.timeToFill(ranges[4]!, jobs, null, names).byClient.map((c) => c.clientId)).toEqual([1]);
  });

  it('follows a replaced row (a later move) and a removed one', () => {
    const copy = new ApplicationsIndex();
    for (const a of apps) copy.put(a);
    const a6 = apps.find((a) => a.id === 6)!;
    const moved: AnalyticsApplicationDoc = {
      ...a6,
      stage: 'rejected',
      stays: [
        { ...a6.stays[0]!, leftAt: day('2025-03-28') },
        { stage: 'rejected', enteredAt: day('2025-03-28'), leftAt: null, movedBy: ann },
      ],
    };
    copy.put(moved);
    const w = windowOf(march, today);
    const replaced = apps.map((a) => (a.id === 6 ? moved : a));
    expect(copy.funnel(w, null)).toEqual(funnel(replaced, w));
    expect(copy.funnel(w, null).rejected).toBe(2);
    copy.remove(6);
    expect(copy.funnel(w, null).cohort).toBe(3);
    expect(copy.size).toBe(apps.length - 1);
  });
});

describe('active candidates as of a moment', () => {
  it('follows the status history and deletions of each candidate', () => {
    const at = eventLog();
    const { get } = project(
      [analyticsCandidatesProjection],
      [
        at(candidateRegistered({ candidateId: 1, status: 'active' }), { occurredAt: day('2025-01-01') }),
        at({ type: 'CandidateUpdated', data: { candidateId: 1, changes: { status: 'inactive' } } }, { occurredAt: day('2025-02-01') }),
        at(candidateRegistered({ candidateId: 2, status: 'active' }), { occurredAt: day('2025-01-15') }),
        at(candidateDeleted(2), { occurredAt: day('2025-03-01') }),
        at({ type: 'CandidateRestored', data: { candidateId: 2 } }, { occurredAt: day('2025-04-01') }),
      ],
    );
    const one = get('analytics_candidates', 1) as AnalyticsCandidateDoc;
    const two = get('analytics_candidates', 2) as AnalyticsCandidateDoc;
    const activeAt = (t: string) => [one, two].filter((c) => candidateActiveAt(c, day(t))).map((c) => c.id);
    expect(activeAt('2024-12-31')).toEqual([]);
    expect(activeAt('2025-01-20')).toEqual([1, 2]);
    expect(activeAt('2025-02-15')).toEqual([2]);
    expect(activeAt('2025-03-15')).toEqual([]);
    expect(activeAt('2025-04-15')).toEqual([2]);
  });
});
