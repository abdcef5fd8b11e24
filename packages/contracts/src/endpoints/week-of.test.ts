import { describe, expect, it } from 'vitest';
import { weekOf } from './analytics-more';

/** the definition, computed afresh every time (what `weekOf` remembers per date must equal it) */
function mondayOf(instant: string): string {
  const date = new Date(instant);
  const monday = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()) - ((date.getUTCDay() + 6) % 7) * 86_400_000;
  return new Date(monday).toISOString().slice(0, 10);
}

describe('weekOf', () => {
  it('gives the Monday (UTC) of the week, however often a date is asked', () => {
    expect(weekOf('2026-11-24T21:45:00.000Z')).toBe('2026-11-23');
    expect(weekOf('2026-11-23T00:00:00.000Z')).toBe('2026-11-23');
    expect(weekOf('2026-11-22T23:59:59.999Z')).toBe('2026-11-16');
    // a year boundary inside a week
    expect(weekOf('2027-01-01T12:00:00.000Z')).toBe('2026-12-28');
    for (let i = 0; i < 3_000; i++) {
      const instant = new Date(Date.UTC(2024, 0, 1) + i * 7_919_000 * 3).toISOString();
      expect(weekOf(instant)).toBe(mondayOf(instant));
      // the same date again, at another time of day, from what was remembered
      const sameDay = `${instant.slice(0, 10)}T${i % 2 === 0 ? '00:00:00.000' : '23:59:59.999'}Z`;
      expect(weekOf(sameDay)).toBe(mondayOf(sameDay));
    }
  });

  it('reads instants with an offset or hour 24 in UTC, not by the date they start with', () => {
    // remembered first: Sunday the 22nd is in the week of the 16th
    expect(weekOf('2026-11-22T10:00:00.000Z')).toBe('2026-11-16');
    // 23:00 on Sunday at −02:00 is 01:00 on Monday UTC
    expect(weekOf('2026-11-22T23:00:00.000-02:00')).toBe('2026-11-23');
    // hour 24 is the next day's midnight
    expect(weekOf('2026-11-22T24:00:00Z')).toBe(mondayOf('2026-11-22T24:00:00Z'));
    expect(weekOf('2026-11-22T24:00:00Z')).toBe('2026-11-23');
    expect(weekOf('2026-11-22T12:00:00Z')).toBe('2026-11-16');
  });
});
