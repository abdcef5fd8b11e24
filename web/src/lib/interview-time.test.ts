import { describe, expect, it } from 'vitest';
import { conflictText, fromLocalInput, nextFullHour, timeRange, toLocalInput, utcOffset, zoneLabel } from './interview-time';

describe('interview times', () => {
  it('names a zone with its offset at that moment (daylight saving included)', () => {
    expect(zoneLabel('Europe/Paris', new Date('2026-01-15T12:00:00Z'))).toBe('Europe/Paris, UTC+01:00');
    expect(zoneLabel('Europe/Paris', new Date('2026-07-15T12:00:00Z'))).toBe('Europe/Paris, UTC+02:00');
    expect(zoneLabel('America/New_York', new Date('2026-01-15T12:00:00Z'))).toBe('America/New York, UTC-05:00');
    expect(utcOffset('UTC', new Date())).toBe('UTC+00:00');
    expect(utcOffset('Asia/Kolkata', new Date('2026-01-15T12:00:00Z'))).toBe('UTC+05:30');
  });
  it('round-trips a datetime-local value in the browser zone and refuses what is not a time', () => {
    const iso = fromLocalInput('2026-11-24T10:30');
    expect(iso).not.toBeNull();
    expect(toLocalInput(iso!)).toBe('2026-11-24T10:30');
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('tomorrow')).toBeNull();
  });
  it('defaults to the next whole hour', () => {
    const d = nextFullHour(new Date(2026, 10, 24, 9, 41));
    expect([d.getHours(), d.getMinutes()]).toEqual([10, 0]);
    expect(nextFullHour(new Date(2026, 10, 24, 23, 5)).getDate()).toBe(25);
  });
  it('says who is booked and when', () => {
    const start = new Date(2026, 10, 24, 10, 0).toISOString();
    expect(timeRange(start, 60)).toBe('10:00–11:00');
    const conflict = {
      person: { kind: 'interviewer' as const, userId: 'u1', name: 'Alex Chen' },
      interview: { id: 1, scheduledAt: start, endsAt: '', duration: 60, candidateName: 'Grace Hopper', jobTitle: null },
    };
    expect(conflictText(conflict, start)).toBe('Alex Chen already has an interview with Grace Hopper at 10:00–11:00');
    expect(conflictText({ ...conflict, person: { kind: 'candidate', userId: null, name: 'Grace Hopper' } }, start)).toBe(
      'Grace Hopper already has an interview at 10:00–11:00',
    );
    expect(conflictText(conflict, new Date(2026, 10, 25, 10, 0).toISOString())).toBe(
      'Alex Chen already has an interview with Grace Hopper on Nov 24 at 10:00–11:00',
    );
  });
});
