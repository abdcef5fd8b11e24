import { describe, expect, it } from 'vitest';
import { dueReminder } from './notifications';

describe('due-task reminders', () => {
  const today = '2026-11-23';
  const task = (dueDate: string | null, createdAt = '2026-11-01T09:00:00.000Z') => ({ id: 4, title: 'Call back', dueDate, createdAt });

  it('reminds of a task due today or overdue, once a day', () => {
    expect(dueReminder(task('2026-11-23'), today)).toMatchObject({ id: 'due-4-2026-11-23', body: 'Due today', kind: 'tasks', url: '/' });
    expect(dueReminder(task('2026-11-20T17:00:00.000Z'), today)).toMatchObject({ id: 'due-4-2026-11-23', body: 'Overdue' });
    expect(dueReminder(task('2026-11-24'), today)).toBeNull();
    expect(dueReminder(task(null), today)).toBeNull();
  });

  it('is dated the start of today, or the task’s creation when that is later', () => {
    expect(dueReminder(task('2026-11-23'), today)?.createdAt).toBe('2026-11-23T00:00:00.000Z');
    expect(dueReminder(task('2026-11-23', '2026-11-23T10:00:00.000Z'), today)?.createdAt).toBe('2026-11-23T10:00:00.000Z');
  });
});
