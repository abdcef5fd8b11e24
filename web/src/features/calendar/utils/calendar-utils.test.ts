import { describe, expect, it } from 'vitest';
import { formatAnchor, parseAnchor, rangeTitle, stepAnchor, visibleRange } from './calendar-range';
import { layoutDay } from './layout-day';
import { resolveSlotDrop, stepMove } from './resolve-slot-drop';

const local = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min);

describe('visible ranges', () => {
  it('a week runs Monday to Sunday around the anchor', () => {
    const r = visibleRange('week', local(2026, 11, 26));
    expect(formatAnchor(r.start)).toBe('2026-11-23');
    expect(formatAnchor(r.end)).toBe('2026-11-30');
    expect(r.days).toHaveLength(7);
    expect(rangeTitle('week', local(2026, 11, 26))).toBe('Nov 23 – 29, 2026');
    expect(rangeTitle('week', local(2026, 12, 31))).toBe('Dec 28, 2026 – Jan 3, 2027');
  });

  it('a month is padded to whole weeks', () => {
    const r = visibleRange('month', local(2026, 11, 15));
    expect(formatAnchor(r.start)).toBe('2026-10-26');
    expect(formatAnchor(r.end)).toBe('2026-12-07');
    expect(r.days.length % 7).toBe(0);
    expect(rangeTitle('month', local(2026, 11, 15))).toBe('November 2026');
  });

  it('steps by a week, a month or the agenda length', () => {
    expect(formatAnchor(stepAnchor('week', local(2026, 11, 26), 1))).toBe('2026-12-03');
    expect(formatAnchor(stepAnchor('month', local(2026, 1, 31), 1))).toBe('2026-02-01');
    expect(formatAnchor(stepAnchor('agenda', local(2026, 11, 1), -1))).toBe('2026-10-02');
  });

  it('reads the anchor from the URL, falling back to today', () => {
    const today = local(2026, 11, 24, 13, 5);
    expect(formatAnchor(parseAnchor('2026-02-03', today))).toBe('2026-02-03');
    expect(formatAnchor(parseAnchor('nonsense', today))).toBe('2026-11-24');
    expect(formatAnchor(parseAnchor(undefined, today))).toBe('2026-11-24');
  });
});

describe('dropping an interview on a slot', () => {
  const start = local(2026, 11, 24, 10, 0);
  it('moves it to the target day at the same time in the month view', () => {
    expect(resolveSlotDrop({ start, targetDay: local(2026, 11, 26), deltaMinutes: 0 })).toEqual(local(2026, 11, 26, 10, 0));
  });
  it('snaps the vertical move to 15 minutes', () => {
    expect(resolveSlotDrop({ start, targetDay: local(2026, 11, 24), deltaMinutes: 37 })).toEqual(local(2026, 11, 24, 10, 30));
    expect(resolveSlotDrop({ start, targetDay: local(2026, 11, 25), deltaMinutes: -52 })).toEqual(local(2026, 11, 25, 9, 15));
  });
  it('stays inside the day and is null when nothing moves', () => {
    expect(resolveSlotDrop({ start, targetDay: local(2026, 11, 24), deltaMinutes: 5000 })).toEqual(local(2026, 11, 24, 23, 45));
    expect(resolveSlotDrop({ start, targetDay: local(2026, 11, 24), deltaMinutes: -5000 })).toEqual(local(2026, 11, 24, 0, 0));
    expect(resolveSlotDrop({ start, targetDay: local(2026, 11, 24), deltaMinutes: 6 })).toBeNull();
  });
  it('the keyboard steps a day or 15 minutes', () => {
    expect(stepMove(start, 'ArrowRight')).toEqual(local(2026, 11, 25, 10, 0));
    expect(stepMove(start, 'ArrowUp')).toEqual(local(2026, 11, 24, 9, 45));
  });
});

describe('overlapping interviews in a day', () => {
  it('share lanes side by side; a later free interview takes the whole width', () => {
    const placed = layoutDay([
      { id: 1, start: 0, end: 60 },
      { id: 2, start: 30, end: 90 },
      { id: 3, start: 60, end: 120 },
      { id: 4, start: 200, end: 260 },
    ]);
    expect(placed.get(1)).toEqual({ id: 1, lane: 0, lanes: 2 });
    expect(placed.get(2)).toEqual({ id: 2, lane: 1, lanes: 2 });
    expect(placed.get(3)).toEqual({ id: 3, lane: 0, lanes: 2 });
    expect(placed.get(4)).toEqual({ id: 4, lane: 0, lanes: 1 });
  });
});
