import { addDays, addMonths, endOfMonth, format, isValid, parse, startOfDay, startOfMonth, startOfWeek } from 'date-fns';
import type { CalendarView } from './calendar-views';
export { CALENDAR_VIEWS, type CalendarView } from './calendar-views';

/** Days the agenda lists from its anchor day. */
export const AGENDA_DAYS = 30;
const WEEK_STARTS_ON = 1; // Monday

/** The anchor day of the URL (yyyy-MM-dd, the browser's zone); today when absent or invalid. */
export function parseAnchor(value: string | undefined, today: Date): Date {
  if (!value) return startOfDay(today);
  const parsed = parse(value, 'yyyy-MM-dd', today);
  return isValid(parsed) ? startOfDay(parsed) : startOfDay(today);
}

export const formatAnchor = (day: Date) => format(day, 'yyyy-MM-dd');

export interface VisibleRange {
  /** first visible day, local midnight */
  start: Date;
  /** the day after the last visible day, local midnight */
  end: Date;
  days: Date[];
}

function daysBetween(start: Date, end: Date): Date[] {
  const days: Date[] = [];
  for (let d = start; d < end; d = addDays(d, 1)) days.push(d);
  return days;
}

/** The days a view shows around its anchor: a Monday-first week, a month padded to whole weeks, or the agenda's days. */
export function visibleRange(view: CalendarView, anchor: Date): VisibleRange {
  if (view === 'week') {
    const start = startOfWeek(anchor, { weekStartsOn: WEEK_STARTS_ON });
    const end = addDays(start, 7);
    return { start, end, days: daysBetween(start, end) };
  }
  if (view === 'month') {
    const start = startOfWeek(startOfMonth(anchor), { weekStartsOn: WEEK_STARTS_ON });
    const lastWeek = startOfWeek(endOfMonth(anchor), { weekStartsOn: WEEK_STARTS_ON });
    const end = addDays(lastWeek, 7);
    return { start, end, days: daysBetween(start, end) };
  }
  const start = startOfDay(anchor);
  const end = addDays(start, AGENDA_DAYS);
  return { start, end, days: daysBetween(start, end) };
}

/** The anchor one step back (-1) or forward (+1): a week, a month, or the agenda's length. */
export function stepAnchor(view: CalendarView, anchor: Date, direction: -1 | 1): Date {
  if (view === 'week') return addDays(anchor, 7 * direction);
  if (view === 'month') return startOfMonth(addMonths(anchor, direction));
  return addDays(anchor, AGENDA_DAYS * direction);
}

/** The heading of a view: "Nov 23 – 29, 2026", "November 2026", "Nov 24 – Dec 23, 2026". */
export function rangeTitle(view: CalendarView, anchor: Date): string {
  if (view === 'month') return format(anchor, 'MMMM yyyy');
  const { start, end } = visibleRange(view, anchor);
  const last = addDays(end, -1);
  if (start.getFullYear() !== last.getFullYear()) return `${format(start, 'MMM d, yyyy')} – ${format(last, 'MMM d, yyyy')}`;
  if (start.getMonth() === last.getMonth()) return `${format(start, 'MMM d')} – ${format(last, 'd, yyyy')}`;
  return `${format(start, 'MMM d')} – ${format(last, 'MMM d, yyyy')}`;
}

/** The browser's time zone and its short name now, e.g. "Europe/Berlin (GMT+1)". */
export function timeZoneLabel(now: Date): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  const short = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' })
    .formatToParts(now)
    .find((p) => p.type === 'timeZoneName')?.value;
  return short && short !== zone ? `${zone} (${short})` : zone;
}
