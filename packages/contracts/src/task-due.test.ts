import { describe, expect, it } from 'vitest';
import { dueSortKey, endOfWeek, taskDueState } from './task-due';

// Tuesday 24 Nov 2026, 01:30 UTC: still Monday 23 Nov evening in New York
const now = new Date('2026-11-24T01:30:00Z');

describe('where a due date falls', () => {
  it('a bare date before today is overdue; today is today; up to Sunday is this week; later is later', () => {
    expect(taskDueState('2026-11-23', now)).toBe('overdue');
    expect(taskDueState('2026-11-24', now)).toBe('today');
    expect(taskDueState('2026-11-29', now)).toBe('week');
    expect(taskDueState('2026-11-30', now)).toBe('later');
    expect(taskDueState(null, now)).toBeNull();
  });
  it('a due time is overdue once it is past, even earlier today', () => {
    expect(taskDueState('2026-11-24T01:00:00Z', now)).toBe('overdue');
    expect(taskDueState('2026-11-24T18:00:00Z', now)).toBe('today');
  });
  it('counts days in the user’s time zone', () => {
    expect(taskDueState('2026-11-23', now, 'America/New_York')).toBe('today');
    expect(taskDueState('2026-11-24', now, 'America/New_York')).toBe('week');
  });
  it('a week ends on Sunday, and none sorts last', () => {
    expect(endOfWeek('2026-11-23')).toBe('2026-11-29');
    expect(endOfWeek('2026-11-29')).toBe('2026-11-29');
    expect(dueSortKey(null) > dueSortKey('2099-01-01')).toBe(true);
    expect(dueSortKey('2026-11-24')).toBe('2026-11-24T23:59:59.999Z');
  });
});
