import { describe, expect, it } from 'vitest';
import type { ApplicationStage } from '@ats/contracts';
import { jobHealthRow, rangeOf, type JobHealthDoc } from './analytics-more';

const NOW = Date.parse('2025-05-01T12:00:00.000Z');
const ms = (instant: string) => Date.parse(instant);
/** a job's attached applications by stage, as `[stage, movedAt]` pairs */
const moves = (byStage: Partial<Record<ApplicationStage, number[]>>) =>
  Object.entries(byStage).flatMap(([stage, times]) => times.map((at) => [stage as ApplicationStage, at] as const));
const job = (overrides: Partial<JobHealthDoc> = {}): JobHealthDoc => ({
  id: 1,
  title: 'CFO',
  clientId: null,
  status: 'open',
  openedAt: '2025-04-20T12:00:00.000Z',
  createdBy: 'u1',
  lastMoveAt: null,
  ...overrides,
});

describe('job health (the next-action suggestions’ 14/30-day rules)', () => {
  it('flags an application idle 14 days in an active stage, not 13, not one at Placed', () => {
    const row = jobHealthRow(
      job({ lastMoveAt: '2025-04-18T12:00:00.000Z' }),
      moves({
        offer: [ms('2025-04-17T12:00:00.000Z')], // 14 days
        interview: [ms('2025-04-18T12:00:00.000Z')], // 13 days
        placed: [ms('2025-03-01T00:00:00.000Z')],
        rejected: [ms('2025-03-01T00:00:00.000Z')],
      }),
      NOW,
      'Orion',
    );
    expect(row).toMatchObject({
      idleApplications: 1,
      flags: ['idle'],
      stale: true,
      activeCandidates: 2,
      daysOpen: 11,
      daysSinceLastMove: 13,
    });
    expect(row.stages).toMatchObject({ offer: 1, interview: 1, placed: 1, rejected: 1, applied: 0 });
  });

  it('flags a job open 30+ days with fewer than 3 candidates (rejected not counted) as thin', () => {
    const opened = '2025-04-01T12:00:00.000Z'; // 30 days
    const fresh = ms('2025-04-30T12:00:00.000Z');
    expect(jobHealthRow(job({ openedAt: opened }), moves({ applied: [fresh, fresh], rejected: [fresh] }), NOW, null).flags).toEqual([
      'thin',
    ]);
    expect(jobHealthRow(job({ openedAt: opened }), moves({ applied: [fresh, fresh, fresh] }), NOW, null).stale).toBe(false);
    expect(jobHealthRow(job({ openedAt: '2025-04-02T12:00:00.000Z' }), [], NOW, null).stale).toBe(false);
  });
});

describe('the analytics range', () => {
  it('defaults to the 90 days up to today', () => {
    expect(rangeOf({}, NOW)).toEqual({ from: '2025-02-01', to: '2025-05-01' });
    expect(rangeOf({ from: '2025-01-01', to: '2025-01-31' }, NOW)).toEqual({ from: '2025-01-01', to: '2025-01-31' });
  });
});
