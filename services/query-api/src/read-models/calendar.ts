/**
 * Calendar boundaries in an IANA time zone, as UTC instants, with the runtime's Intl zone data:
 * "today", "this month" and "this year" are the user's, not the server's.
 */
function partsIn(instant: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** milliseconds the zone is ahead of UTC at this instant */
function offsetAt(instant: number, timeZone: string): number {
  const p = partsIn(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The UTC instant of local midnight at the start of year-month-day in the zone (overflowing days/months roll over). */
export function zonedMidnight(year: number, month: number, day: number, timeZone: string): number {
  const wall = Date.UTC(year, month - 1, day);
  let instant = wall - offsetAt(wall, timeZone);
  // a second pass settles days where the offset changes (daylight saving)
  instant = wall - offsetAt(instant, timeZone);
  return instant;
}

export interface Period {
  from: string;
  to: string;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function calendarPeriods(now: Date, timeZone = 'UTC'): { day: Period; month: Period; year: Period } {
  const p = partsIn(now.getTime(), timeZone);
  return {
    day: { from: iso(zonedMidnight(p.year, p.month, p.day, timeZone)), to: iso(zonedMidnight(p.year, p.month, p.day + 1, timeZone)) },
    month: { from: iso(zonedMidnight(p.year, p.month, 1, timeZone)), to: iso(zonedMidnight(p.year, p.month + 1, 1, timeZone)) },
    year: { from: iso(zonedMidnight(p.year, 1, 1, timeZone)), to: iso(zonedMidnight(p.year + 1, 1, 1, timeZone)) },
  };
}
