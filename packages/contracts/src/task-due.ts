/** Where a task's due date falls for a user, in the user's time zone. */
export type TaskDueState = 'overdue' | 'today' | 'week' | 'later';

const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
export function dayIn(instant: Date, timeZone = 'UTC'): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/** The calendar day a due date falls on: a bare date is that day; a date-time, its day in the zone. */
export function dueDay(dueDate: string, timeZone = 'UTC'): string | null {
  if (BARE_DATE.test(dueDate)) return dueDate;
  const at = new Date(dueDate);
  return Number.isNaN(at.getTime()) ? null : dayIn(at, timeZone);
}

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The Sunday that ends the week (Monday to Sunday) of `day`. */
export function endOfWeek(day: string): string {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, (7 - weekday) % 7);
}

/**
 * Overdue: a bare due date before today, or a due time already past. Today: due today (and not
 * past). Week: later this week (up to Sunday). Null: no (readable) due date.
 */
export function taskDueState(dueDate: string | null, now: Date, timeZone = 'UTC'): TaskDueState | null {
  if (!dueDate) return null;
  const day = dueDay(dueDate, timeZone);
  if (!day) return null;
  const today = dayIn(now, timeZone);
  if (BARE_DATE.test(dueDate) ? day < today : new Date(dueDate).getTime() < now.getTime()) return 'overdue';
  if (day === today) return 'today';
  return day <= endOfWeek(today) ? 'week' : 'later';
}

/** Sort key of a due date: its instant (a bare date: the end of that day, UTC), none last. */
export function dueSortKey(dueDate: string | null): string {
  if (!dueDate) return '9999';
  if (BARE_DATE.test(dueDate)) return `${dueDate}T23:59:59.999Z`;
  const at = new Date(dueDate);
  return Number.isNaN(at.getTime()) ? '9999' : at.toISOString();
}
