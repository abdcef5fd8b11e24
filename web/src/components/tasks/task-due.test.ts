import { describe, expect, it } from 'vitest';
import { formatDue, taskDueLabel, taskDueShort } from './task-due';

const now = new Date('2026-11-24T10:00:00Z');

describe('a task’s due line', () => {
  it('says overdue, with the day it was due, for an open task past its date', () => {
    expect(taskDueLabel({ dueDate: '2026-11-23', status: 'pending' }, now, 'UTC')).toEqual({
      text: 'Overdue · due Mon 23 Nov',
      state: 'overdue',
      overdue: true,
    });
  });
  it('does not call a completed task overdue', () => {
    expect(taskDueLabel({ dueDate: '2026-11-23', status: 'completed' }, now, 'UTC')).toMatchObject({
      text: 'Due Mon 23 Nov',
      overdue: false,
    });
  });
  it('says due today, and nothing without a due date', () => {
    expect(taskDueLabel({ dueDate: '2026-11-24', status: 'pending' }, now, 'UTC')?.text).toBe('Due today');
    expect(taskDueLabel({ dueDate: null, status: 'pending' }, now, 'UTC')).toBeNull();
    expect(formatDue('2026-11-27', now)).toBe('Fri 27 Nov');
  });
  it('names the year of a due date in another year (sweep four)', () => {
    expect(taskDueLabel({ dueDate: '2025-11-20', status: 'pending' }, now, 'UTC')?.text).toBe('Overdue · due Thu 20 Nov 2025');
    expect(taskDueLabel({ dueDate: '2027-01-15', status: 'pending' }, now, 'UTC')?.text).toBe('Due Fri 15 Jan 2027');
    expect(formatDue('2026-11-27', now)).toBe('Fri 27 Nov');
  });
  it('has a compact form for the dashboard: overdue with its day, due today, or the day', () => {
    expect(taskDueShort({ dueDate: '2026-11-21', status: 'pending' }, now, 'UTC')).toEqual({ text: 'Overdue · 21 Nov', overdue: true });
    expect(taskDueShort({ dueDate: '2026-11-21', status: 'completed' }, now, 'UTC')).toEqual({ text: 'Due 21 Nov', overdue: false });
    expect(taskDueShort({ dueDate: '2026-11-24', status: 'pending' }, now, 'UTC')?.text).toBe('Due today');
    expect(taskDueShort({ dueDate: '2026-12-09', status: 'pending' }, now, 'UTC')?.text).toBe('Due 9 Dec');
    expect(taskDueShort({ dueDate: '2027-01-15', status: 'pending' }, now, 'UTC')?.text).toBe('Due 15 Jan 2027');
    expect(taskDueShort({ dueDate: null, status: 'pending' }, now, 'UTC')).toBeNull();
  });
});
