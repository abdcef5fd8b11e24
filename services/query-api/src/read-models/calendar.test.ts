import { describe, expect, it } from 'vitest';
import { calendarPeriods } from './calendar';

describe('calendarPeriods', () => {
  it('gives UTC days, months and years by default', () => {
    const p = calendarPeriods(new Date('2025-03-15T23:30:00.000Z'));
    expect(p.day).toEqual({ from: '2025-03-15T00:00:00.000Z', to: '2025-03-16T00:00:00.000Z' });
    expect(p.month).toEqual({ from: '2025-03-01T00:00:00.000Z', to: '2025-04-01T00:00:00.000Z' });
    expect(p.year).toEqual({ from: '2025-01-01T00:00:00.000Z', to: '2026-01-01T00:00:00.000Z' });
  });

  it("uses the user's zone: 23:30 UTC is already tomorrow in Berlin", () => {
    const p = calendarPeriods(new Date('2025-03-15T23:30:00.000Z'), 'Europe/Berlin');
    expect(p.day).toEqual({ from: '2025-03-15T23:00:00.000Z', to: '2025-03-16T23:00:00.000Z' });
  });

  it('handles a daylight-saving day (23 hours long) in New York', () => {
    const p = calendarPeriods(new Date('2025-03-09T15:00:00.000Z'), 'America/New_York');
    expect(p.day).toEqual({ from: '2025-03-09T05:00:00.000Z', to: '2025-03-10T04:00:00.000Z' });
  });

  it('rolls the year over in December', () => {
    const p = calendarPeriods(new Date('2025-12-31T12:00:00.000Z'), 'Asia/Tokyo');
    expect(p.month).toEqual({ from: '2025-11-30T15:00:00.000Z', to: '2025-12-31T15:00:00.000Z' });
    expect(p.year.to).toBe('2025-12-31T15:00:00.000Z');
  });
});
