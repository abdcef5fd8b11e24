/**
 * iCalendar (RFC 5545) output: pure, no I/O. Lines end in CRLF and are folded at 75 octets
 * (never inside a UTF-8 character); TEXT values escape backslash, semicolon, comma and newlines.
 */

export type IcsMethod = 'REQUEST' | 'CANCEL' | 'PUBLISH';
export type IcsStatus = 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';

export interface IcsPerson {
  name: string;
  email: string;
}

export interface IcsEvent {
  /** globally unique and stable across updates of the same event */
  uid: string;
  /** bumped by the organiser on every significant change (RFC 5545 §3.8.7.4) */
  sequence: number;
  status: IcsStatus;
  start: Date;
  end: Date;
  summary: string;
  description?: string | null | undefined;
  location?: string | null | undefined;
  url?: string | null | undefined;
  organizer?: IcsPerson | null | undefined;
  attendees?: ReadonlyArray<IcsPerson & { rsvp?: boolean }> | undefined;
  created?: Date | undefined;
  lastModified?: Date | undefined;
}

export interface IcsCalendar {
  /** METHOD of an iTIP message (invitation, cancellation); omitted for a plain download or feed */
  method?: IcsMethod | undefined;
  /** when this calendar object was produced (every DTSTAMP) */
  dtstamp: Date;
  /** X-WR-CALNAME, the name a subscribed calendar gets */
  name?: string | undefined;
  /** how often a subscriber should refresh (REFRESH-INTERVAL), in minutes */
  refreshMinutes?: number | undefined;
  events: readonly IcsEvent[];
}

export const ICS_PRODUCT_ID = '-//TalentFlow//ATS Calendar//EN';

/** TEXT value escaping (RFC 5545 §3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ''); // eslint-disable-line no-control-regex -- control characters are not allowed in TEXT
}

/** A parameter value (e.g. CN): quoted when it holds , ; or :, with quotes and controls removed (they cannot be escaped). */
export function paramValue(value: string): string {
  const clean = value.replace(/["\u0000-\u001f\u007f]/g, '').trim(); // eslint-disable-line no-control-regex -- not allowed in a parameter
  return /[,;:]/.test(clean) ? `"${clean}"` : clean;
}

/** UTC DATE-TIME form: 20261124T093000Z */
export function formatUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

const encoder = new TextEncoder();

/** Folds one content line at 75 octets (continuations start with a space), never splitting a character. */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = 75;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = 74; // the leading space of a continuation counts
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const mailto = (email: string) => `mailto:${email.trim()}`;

function eventLines(event: IcsEvent, dtstamp: Date, method: IcsMethod | undefined): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${formatUtc(dtstamp)}`,
    `DTSTART:${formatUtc(event.start)}`,
    `DTEND:${formatUtc(event.end)}`,
    `SEQUENCE:${Math.max(0, Math.floor(event.sequence))}`,
    `STATUS:${event.status}`,
    `SUMMARY:${escapeText(event.summary)}`,
  ];
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.url) lines.push(`URL:${event.url.replace(/[\r\n]/g, '')}`);
  if (event.organizer) lines.push(`ORGANIZER;CN=${paramValue(event.organizer.name)}:${mailto(event.organizer.email)}`);
  for (const attendee of event.attendees ?? []) {
    const rsvp = method === 'REQUEST' && attendee.rsvp ? ';RSVP=TRUE' : '';
    lines.push(`ATTENDEE;CN=${paramValue(attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION${rsvp}:${mailto(attendee.email)}`);
  }
  if (event.created) lines.push(`CREATED:${formatUtc(event.created)}`);
  if (event.lastModified) lines.push(`LAST-MODIFIED:${formatUtc(event.lastModified)}`);
  lines.push('TRANSP:OPAQUE', 'END:VEVENT');
  return lines;
}

/** A whole VCALENDAR object as text (CRLF line ends, folded). */
export function buildCalendar(calendar: IcsCalendar): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${ICS_PRODUCT_ID}`, 'CALSCALE:GREGORIAN'];
  if (calendar.method) lines.push(`METHOD:${calendar.method}`);
  if (calendar.name) lines.push(`X-WR-CALNAME:${escapeText(calendar.name)}`);
  if (calendar.refreshMinutes) {
    lines.push(`REFRESH-INTERVAL;VALUE=DURATION:PT${calendar.refreshMinutes}M`, `X-PUBLISHED-TTL:PT${calendar.refreshMinutes}M`);
  }
  for (const event of calendar.events) lines.push(...eventLines(event, calendar.dtstamp, calendar.method));
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
