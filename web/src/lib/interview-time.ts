import { format } from 'date-fns';
import type { InterviewConflict } from '@ats/contracts';

/** The browser's IANA time zone (the user's), e.g. 'Europe/Paris'; UTC when the browser will not say. */
export function userTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** "UTC+01:00" for a zone at a moment (offsets change with daylight saving time). */
export function utcOffset(timeZone: string, at: Date): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
    if (!part || part === 'GMT') return 'UTC+00:00';
    return part.replace('GMT', 'UTC');
  } catch {
    return 'UTC+00:00';
  }
}

/** How a form names the zone a time is in: "Europe/Paris, UTC+01:00". */
export function zoneLabel(timeZone: string, at: Date): string {
  return `${timeZone.replaceAll('_', ' ')}, ${utcOffset(timeZone, at)}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The value of a `datetime-local` input for an instant, in the browser's zone: "2026-11-24T10:00". */
export function toLocalInput(iso: string | Date): string {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The instant a `datetime-local` value names in the browser's zone, as ISO; null when it is not a time. */
export function fromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** The next whole hour after `now` (a new interview's default time). */
export function nextFullHour(now: Date = new Date()): Date {
  const d = new Date(now);
  d.setMinutes(0, 0, 0);
  d.setHours(d.getHours() + 1);
  return d;
}

/** "10:00–11:00" in the browser's zone (24-hour, as calendars show ranges). */
export function timeRange(startIso: string, durationMinutes: number): string {
  const start = new Date(startIso);
  const end = new Date(start.getTime() + durationMinutes * 60_000);
  return `${format(start, 'HH:mm')}–${format(end, 'HH:mm')}`;
}

/** "Tue, Nov 24 · 10:00–11:00": when an interview is, in the browser's zone. */
export function interviewWhen(startIso: string, durationMinutes: number): string {
  return `${format(new Date(startIso), 'EEE, MMM d, yyyy')} · ${timeRange(startIso, durationMinutes)}`;
}

/** The warning for one booking: "Alex Chen already has an interview at 10:00–11:00". */
export function conflictText(conflict: InterviewConflict, askedStartIso?: string): string {
  const { interview, person } = conflict;
  const sameDay =
    askedStartIso !== undefined && format(new Date(askedStartIso), 'yyyy-MM-dd') === format(new Date(interview.scheduledAt), 'yyyy-MM-dd');
  const day = askedStartIso === undefined || sameDay ? '' : ` on ${format(new Date(interview.scheduledAt), 'MMM d')}`;
  const what = person.kind === 'candidate' ? 'an interview' : `an interview with ${interview.candidateName}`;
  return `${person.name} already has ${what}${day} at ${timeRange(interview.scheduledAt, interview.duration)}`;
}
