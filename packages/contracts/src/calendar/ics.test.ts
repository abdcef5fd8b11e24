import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildCalendar, escapeText, foldLine } from './ics';
import { interviewCalendar, interviewSummary, invitationMethodOf, type InterviewForCalendar } from './interview-ics';

const octets = (s: string) => new TextEncoder().encode(s).length;

const interview: InterviewForCalendar = {
  id: 42,
  scheduledAt: '2026-12-01T15:30:00.000Z',
  duration: 45,
  type: 'phone',
  status: 'scheduled',
  sequence: 0,
  location: 'Room 4; 2nd floor, Acme HQ',
  videoLink: 'https://meet.example.com/abc-defg-hij',
  candidate: { name: 'Jane Doe', email: 'jane@example.com' },
  job: { title: 'CFO' },
  client: { companyName: 'Acme' },
  interviewers: [
    { name: 'Rita Recruiter', email: 'rita@agency.example' },
    { name: 'Board member, external', email: null },
  ],
  organizer: { name: 'Rita Recruiter', email: 'rita@agency.example' },
  createdAt: '2026-11-20T10:00:00.000Z',
};
const now = new Date('2026-11-24T01:00:00.000Z');

function parse(text: string) {
  const root = new ICAL.Component(ICAL.parse(text));
  const vevents = root.getAllSubcomponents('vevent');
  expect(vevents).toHaveLength(1);
  return { root, vevent: vevents[0]!, event: new ICAL.Event(vevents[0]!) };
}

describe('an interview invitation (METHOD:REQUEST)', () => {
  const text = interviewCalendar(interview, { host: 'ats.agency.example:3000', now, method: 'REQUEST', message: 'Looking forward, Jane!' });
  const { root, vevent, event } = parse(text);

  it('parses with a real iCalendar parser into the interview', () => {
    expect(root.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(root.getFirstPropertyValue('version')).toBe('2.0');
    expect(event.uid).toBe('interview-42@ats.agency.example');
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-01T15:30:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-12-01T16:15:00.000Z');
    expect(event.startDate.zone?.tzid).toBe('UTC');
    expect(event.summary).toBe('Phone screen: Jane Doe — CFO at Acme');
    expect(event.location).toBe('Room 4; 2nd floor, Acme HQ');
    expect(event.sequence).toBe(0);
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(vevent.getFirstPropertyValue('url')).toBe('https://meet.example.com/abc-defg-hij');
    expect(vevent.getFirstPropertyValue('dtstamp')?.toString()).toBe('2026-11-24T01:00:00Z');
  });

  it('names the organiser and invites the candidate and the interviewers with addresses', () => {
    expect(vevent.getFirstPropertyValue('organizer')).toBe('mailto:rita@agency.example');
    expect(vevent.getFirstProperty('organizer')?.getParameter('cn')).toBe('Rita Recruiter');
    const attendees = vevent.getAllProperties('attendee');
    expect(attendees.map((a) => a.getFirstValue())).toEqual(['mailto:jane@example.com', 'mailto:rita@agency.example']);
    expect(attendees[0]!.getParameter('rsvp')).toBe('TRUE');
    expect(attendees[0]!.getParameter('cn')).toBe('Jane Doe');
  });

  it('keeps the message and the details in the description, commas and newlines intact', () => {
    expect(event.description).toBe(
      [
        'Looking forward, Jane!',
        '',
        'Phone screen: Jane Doe — CFO at Acme',
        'Interviewers: Rita Recruiter, Board member, external',
        'Duration: 45 minutes',
        'Video link: https://meet.example.com/abc-defg-hij',
        'Location: Room 4; 2nd floor, Acme HQ',
      ].join('\n'),
    );
  });

  it('ends every line in CRLF and no line is longer than 75 octets', () => {
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.split('\r\n').slice(0, -1);
    expect(lines.every((l) => !l.includes('\n') && !l.includes('\r'))).toBe(true);
    expect(Math.max(...lines.map(octets))).toBeLessThanOrEqual(75);
    expect(lines.some((l) => l.startsWith(' '))).toBe(true);
  });
});

describe('after a reschedule', () => {
  it('is an update of the same event: same UID, SEQUENCE bumped, new times', () => {
    const first = parse(interviewCalendar(interview, { host: 'ats.example', now, method: 'REQUEST' })).event;
    const moved = parse(
      interviewCalendar(
        { ...interview, scheduledAt: '2026-12-02T09:00:00.000Z', duration: 60, sequence: 1 },
        { host: 'ats.example', now: new Date('2026-11-25T08:00:00Z'), method: 'REQUEST' },
      ),
    ).event;
    expect(moved.uid).toBe(first.uid);
    expect(moved.sequence).toBe(first.sequence + 1);
    expect(moved.startDate.toJSDate().toISOString()).toBe('2026-12-02T09:00:00.000Z');
    expect(moved.endDate.toJSDate().toISOString()).toBe('2026-12-02T10:00:00.000Z');
  });
});

describe('a cancelled interview', () => {
  const cancelled = { ...interview, status: 'cancelled' as const, sequence: 2 };
  it('is sent as METHOD:CANCEL with STATUS:CANCELLED at the current SEQUENCE', () => {
    expect(invitationMethodOf(cancelled.status)).toBe('CANCEL');
    expect(invitationMethodOf('scheduled')).toBe('REQUEST');
    const { root, vevent, event } = parse(interviewCalendar(cancelled, { host: 'ats.example', now, method: 'CANCEL' }));
    expect(root.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(event.sequence).toBe(2);
    expect(event.uid).toBe('interview-42@ats.example');
  });
});

describe('text escaping and line folding', () => {
  it('escapes backslash, semicolon, comma and newlines, and the parser reads them back', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
    const nasty = 'Back\\slash; semi, comma\nnew line — «ünïcödé» 🎉';
    const text = buildCalendar({
      dtstamp: now,
      events: [{ uid: 'x@y', sequence: 0, status: 'CONFIRMED', start: now, end: now, summary: nasty, description: nasty.repeat(5) }],
    });
    const { event } = parse(text);
    expect(event.summary).toBe(nasty);
    expect(event.description).toBe(nasty.repeat(5));
  });

  it('folds at 75 octets without splitting a multi-byte character', () => {
    const line = `SUMMARY:${'é'.repeat(100)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(2);
    expect(parts.every((p) => octets(p) <= 75)).toBe(true);
    expect(parts.slice(1).every((p) => p.startsWith(' '))).toBe(true);
    expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(line);
    expect(foldLine('SHORT:yes')).toBe('SHORT:yes');
  });

  it('a feed of many events parses, each with its own UID', () => {
    const text = buildCalendar({
      dtstamp: now,
      name: 'TalentFlow — Rita',
      refreshMinutes: 15,
      events: [1, 2, 3].map((n) => ({
        uid: `interview-${n}@h`,
        sequence: n,
        status: n === 3 ? ('CANCELLED' as const) : ('CONFIRMED' as const),
        start: new Date(now.getTime() + n * 3_600_000),
        end: new Date(now.getTime() + n * 3_600_000 + 1_800_000),
        summary: `Interview ${n}`,
      })),
    });
    const root = new ICAL.Component(ICAL.parse(text));
    expect(root.getFirstPropertyValue('method')).toBeNull();
    expect(root.getFirstPropertyValue('x-wr-calname')).toBe('TalentFlow — Rita');
    const events = root.getAllSubcomponents('vevent');
    expect(events.map((e) => e.getFirstPropertyValue('uid'))).toEqual(['interview-1@h', 'interview-2@h', 'interview-3@h']);
    expect(events[2]!.getFirstPropertyValue('status')).toBe('CANCELLED');
  });
});

describe('summary', () => {
  it('names the type, the candidate and the job at its client', () => {
    expect(interviewSummary({ ...interview, type: 'video', client: null })).toBe('Video interview: Jane Doe — CFO');
    expect(interviewSummary({ ...interview, job: null })).toBe('Phone screen: Jane Doe');
  });
});
