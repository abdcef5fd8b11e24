import { describe, expect, it } from 'vitest';
import { periodOf, periodRange } from './range';

describe('analytics periods', () => {
  const today = new Date(2026, 11, 7); // 7 Dec 2026

  it('names the calendar periods around today', () => {
    expect(periodRange('last-quarter', today)).toEqual({ from: '2026-07-01', to: '2026-09-30' });
    expect(periodRange('this-quarter', today)).toEqual({ from: '2026-10-01', to: '2026-12-07' });
    expect(periodRange('last-month', today)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(periodRange('this-month', today)).toEqual({ from: '2026-12-01', to: '2026-12-07' });
    expect(periodRange('year-to-date', today)).toEqual({ from: '2026-01-01', to: '2026-12-07' });
    expect(periodRange('last-year', today)).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(periodRange('last-12-months', today)).toEqual({ from: '2026-01-01', to: '2026-12-07' });
    // last quarter in the first quarter is the previous year's last
    expect(periodRange('last-quarter', new Date(2026, 1, 10))).toEqual({ from: '2025-10-01', to: '2025-12-31' });
  });

  it('recognises a range as a named period, else custom', () => {
    expect(periodOf({ from: '2026-07-01', to: '2026-09-30' }, today)).toBe('last-quarter');
    expect(periodOf({ from: '2026-07-02', to: '2026-09-30' }, today)).toBeNull();
  });
});
