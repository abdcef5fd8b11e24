import { format } from 'date-fns';
import { taskDueState, type TaskDueState } from '@ats/contracts';

const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A due date as the user reads it: "Mon 23 Nov" (a due time adds "3:00 PM"), in the browser's zone;
 * with its year when that is not this year's ("Thu 20 Nov 2025": a task a year overdue read as a
 * few days late before, sweep four).
 */
export function formatDue(dueDate: string, now: Date = new Date()): string {
  const at = BARE_DATE.test(dueDate) ? new Date(`${dueDate}T12:00:00`) : new Date(dueDate);
  if (Number.isNaN(at.getTime())) return dueDate;
  const day = at.getFullYear() === now.getFullYear() ? 'EEE d MMM' : 'EEE d MMM yyyy';
  return BARE_DATE.test(dueDate) ? format(at, day) : format(at, `${day}, h:mm a`);
}

/**
 * The due line of a task: "Overdue · due Mon 23 Nov" (shown in red) for an open task past its
 * due date, "Due today", or "Due Mon 23 Nov"; null without a due date.
 */
export function taskDueLabel(
  task: { dueDate: string | null; status: string },
  now: Date,
  timeZone?: string,
): { text: string; state: TaskDueState; overdue: boolean } | null {
  if (!task.dueDate) return null;
  const state = taskDueState(task.dueDate, now, timeZone);
  if (!state) return null;
  const overdue = state === 'overdue' && task.status === 'pending';
  const when = formatDue(task.dueDate, now);
  if (overdue) return { text: `Overdue · due ${when}`, state, overdue };
  if (state === 'today')
    return { text: BARE_DATE.test(task.dueDate) ? 'Due today' : `Due today, ${format(new Date(task.dueDate), 'h:mm a')}`, state, overdue };
  return { text: `Due ${when}`, state, overdue };
}

/**
 * The compact due line of a dashboard row: "Overdue · 3 Dec" (an open task past its due date),
 * "Due today", "Due 9 Dec" ("Due 9 Jan 2027" in another year); null without a due date.
 */
export function taskDueShort(
  task: { dueDate: string | null; status: string },
  now: Date,
  timeZone?: string,
): { text: string; overdue: boolean } | null {
  if (!task.dueDate) return null;
  const state = taskDueState(task.dueDate, now, timeZone);
  if (!state) return null;
  const at = BARE_DATE.test(task.dueDate) ? new Date(`${task.dueDate}T12:00:00`) : new Date(task.dueDate);
  const when = format(at, at.getFullYear() === now.getFullYear() ? 'd MMM' : 'd MMM yyyy');
  if (state === 'overdue' && task.status === 'pending') return { text: `Overdue · ${when}`, overdue: true };
  if (state === 'today') return { text: 'Due today', overdue: false };
  return { text: `Due ${when}`, overdue: false };
}
