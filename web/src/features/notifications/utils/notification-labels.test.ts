import { describe, expect, it } from 'vitest';
import { badgeCount, bellLabel, dueLabel } from './notification-labels';

describe('notification labels', () => {
  const now = new Date(2026, 10, 23, 12, 0, 0);
  it('says when a task is due today or overdue', () => {
    const day = (d: number) => `2026-11-${String(d).padStart(2, '0')}`;
    expect(dueLabel({ kind: 'tasks', dueAt: day(23) }, now)).toBe('Due today');
    expect(dueLabel({ kind: 'tasks', dueAt: day(21) }, now)).toBe('Overdue');
    expect(dueLabel({ kind: 'tasks', dueAt: day(30) }, now)).toBeNull();
    expect(dueLabel({ kind: 'tasks', dueAt: null }, now)).toBeNull();
  });
  it('says when an interview is today or soon, not when it is past', () => {
    expect(dueLabel({ kind: 'interviews', dueAt: new Date(2026, 10, 23, 15).toISOString() }, now)).toBe('Today');
    expect(dueLabel({ kind: 'interviews', dueAt: new Date(2026, 10, 24, 15).toISOString() }, now)).toBe('Soon');
    expect(dueLabel({ kind: 'interviews', dueAt: new Date(2026, 11, 24, 15).toISOString() }, now)).toBeNull();
    expect(dueLabel({ kind: 'interviews', dueAt: new Date(2026, 10, 22, 15).toISOString() }, now)).toBeNull();
  });
  it('names the bell with its count', () => {
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(4)).toBe('Notifications (4 new)');
  });

  it("names the bell with the badge's own count, 99+ above 99 too (the two never disagree)", () => {
    for (const n of [0, 1, 42, 99, 100, 1234]) {
      expect(bellLabel(n)).toBe(n === 0 ? 'Notifications' : `Notifications (${badgeCount(n)} new)`);
    }
    expect(badgeCount(99)).toBe('99');
    expect(badgeCount(100)).toBe('99+');
    expect(bellLabel(250)).toBe('Notifications (99+ new)');
  });
});
