import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostmarkSender } from '@ats/mail';
import { CalendarFeedSchema, CommunicationSchema, InterviewInvitationStatusSchema } from '@ats/contracts';
import type { Standalone } from '../src/server';
import { Client, candidateBody, signedIn, startTestApp } from './support/test-app';

/**
 * The calendar integration over real HTTP on the embedded store: the .ics download, the
 * invitation e-mail (outbox, and the real Postmark client against a local server that receives
 * the attachment), and personal subscription feeds (token, reset, roles), each parsed by ical.js.
 */
const postmarkSeen: Array<{ url: string; body: any }> = [];
let postmark: Server;
let app: Standalone;
let pmApp: Standalone;
let recruiter: Awaited<ReturnType<typeof signedIn>>;
let manager: Awaited<ReturnType<typeof signedIn>>;
let auditor: Awaited<ReturnType<typeof signedIn>>;
let pmRecruiter: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  postmark = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      postmarkSeen.push({ url: req.url!, body: raw ? JSON.parse(raw) : null });
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({
          To: 'x',
          SubmittedAt: '2026-11-24T00:00:00Z',
          MessageID: `pm-${postmarkSeen.length}`,
          ErrorCode: 0,
          Message: 'OK',
        }),
      );
    });
  });
  await new Promise<void>((r) => postmark.listen(0, '127.0.0.1', r));
  app = await startTestApp({ teamName: 'Agency Search' });
  pmApp = await startTestApp({
    teamName: 'Agency Search',
    mail: createPostmarkSender({
      serverToken: 'pm-token',
      from: 'search@agency.example',
      fromName: 'Agency Search',
      requestHost: `127.0.0.1:${(postmark.address() as AddressInfo).port}`,
      useHttps: false,
    }),
  });
  recruiter = await signedIn(app, 'recruiter', 'Rita');
  manager = await signedIn(app, 'manager', 'Max');
  auditor = await signedIn(app, 'auditor', 'Audrey');
  pmRecruiter = await signedIn(pmApp, 'recruiter', 'Petra');
}, 60_000);

afterAll(async () => {
  await app?.close();
  await pmApp?.close();
  postmark?.closeAllConnections();
  await new Promise((r) => postmark?.close(r));
});

async function scheduled(client: Client, overrides: Record<string, unknown> = {}, candidate: Record<string, unknown> = {}) {
  const co = await client.post('/api/clients', { companyName: 'Acme, Inc.' });
  const job = await client.post('/api/jobs', { title: 'CFO', clientId: co.json.id });
  const cand = await client.post('/api/candidates', candidateBody({ firstName: 'Jane', lastName: 'Doe', ...candidate }));
  expect(cand.status).toBe(201);
  const at = new Date(Date.now() + 3 * 86_400_000);
  at.setUTCHours(15, 30, 0, 0);
  const res = await client.post('/api/interviews', {
    candidateId: cand.json.id,
    jobId: job.json.id,
    scheduledAt: at.toISOString(),
    duration: 45,
    type: 'phone',
    location: 'Room 4; 2nd floor',
    ...overrides,
  });
  expect(res.status).toBe(201);
  return { id: res.json.id as number, position: res.json.position as number, at, candidateId: cand.json.id as number };
}

function parseOne(text: string) {
  const root = new ICAL.Component(ICAL.parse(text));
  const [vevent] = root.getAllSubcomponents('vevent');
  return { root, vevent: vevent!, event: new ICAL.Event(vevent!) };
}

describe('GET /api/interviews/:id/ics', () => {
  it('downloads the interview as a calendar file every role can read', async () => {
    const iv = await scheduled(recruiter);
    const res = await recruiter.get(`/api/interviews/${iv.id}/ics?minPosition=${iv.position}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="interview-${iv.id}.ics"`);
    const { root, event, vevent } = parseOne(res.text);
    expect(root.getFirstPropertyValue('method')).toBeNull();
    expect(event.uid).toBe(`interview-${iv.id}@localhost`);
    expect(event.summary).toBe('Phone screen: Jane Doe — CFO at Acme, Inc.');
    expect(event.startDate.toJSDate().toISOString()).toBe(iv.at.toISOString());
    expect(event.endDate.toJSDate().getTime() - iv.at.getTime()).toBe(45 * 60_000);
    expect(event.location).toBe('Room 4; 2nd floor');
    expect(vevent.getFirstPropertyValue('organizer')).toMatch(/^mailto:recruiter-/);
    expect((await auditor.get(`/api/interviews/${iv.id}/ics`)).status).toBe(200);
    expect((await new Client(app.url).get(`/api/interviews/${iv.id}/ics`)).status).toBe(401);
    const missing = await recruiter.get('/api/interviews/999999/ics');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('application/problem+json');
    expect((await recruiter.get('/api/interviews/abc/ics')).status).toBe(400);
  });
});

describe('GET /api/calendar/interviews', () => {
  it("lists a view's interviews lean, filtered by a person (interviewer or organiser), a job or a client", async () => {
    const ritaId = (await recruiter.get('/api/auth/user')).json.id as string;
    const iv = await scheduled(recruiter);
    const theirs = await scheduled(manager, { interviewers: [{ userId: ritaId, name: 'Rita Tester' }] });
    const notHers = await scheduled(manager);
    const from = new Date(iv.at.getTime() - 86_400_000).toISOString();
    const to = new Date(iv.at.getTime() + 86_400_000).toISOString();
    const all = await recruiter.get(`/api/calendar/interviews?from=${from}&to=${to}&minPosition=${notHers.position}`);
    expect(all.status).toBe(200);
    const mine = all.json.items.find((i: { id: number }) => i.id === iv.id);
    expect(mine).toEqual({
      id: iv.id,
      scheduledAt: iv.at.toISOString(),
      endsAt: new Date(iv.at.getTime() + 45 * 60_000).toISOString(),
      duration: 45,
      type: 'phone',
      status: 'scheduled',
      revision: 0,
      candidate: { id: iv.candidateId, firstName: 'Jane', lastName: 'Doe' },
      job: { id: expect.any(Number), title: 'CFO' },
      client: { id: expect.any(Number), companyName: 'Acme, Inc.' },
    });
    // as organiser (iv) and as interviewer (theirs), not the manager's others
    const person = await auditor.get(`/api/calendar/interviews?from=${from}&to=${to}&person=${ritaId}`);
    const ids = person.json.items.map((i: { id: number }) => i.id);
    expect(ids).toEqual(expect.arrayContaining([iv.id, theirs.id]));
    expect(ids).not.toContain(notHers.id);
    const byJob = await auditor.get(`/api/calendar/interviews?from=${from}&to=${to}&job=${mine.job.id}`);
    expect(byJob.json.items.map((i: { id: number }) => i.id)).toEqual([iv.id]);
    const byClient = await auditor.get(`/api/calendar/interviews?from=${from}&to=${to}&client=${mine.client.id}`);
    expect(byClient.json.items.map((i: { id: number }) => i.id)).toEqual([iv.id]);
    // outside the range: nothing of these
    const later = await auditor.get(`/api/calendar/interviews?from=${to}&to=${new Date(iv.at.getTime() + 3 * 86_400_000).toISOString()}`);
    expect(later.json.items.map((i: { id: number }) => i.id)).not.toContain(iv.id);
  });

  it('refuses a range over 62 days or backwards with field errors, and a signed-out caller', async () => {
    const tooLong = await recruiter.get('/api/calendar/interviews?from=2026-01-01T00:00:00Z&to=2026-04-01T00:00:00Z');
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.errors[0]).toEqual({ path: 'query.to', message: 'At most 62 days' });
    expect((await recruiter.get('/api/calendar/interviews?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z')).status).toBe(400);
    expect((await recruiter.get('/api/calendar/interviews?to=2026-01-01T00:00:00Z')).status).toBe(400);
    expect((await new Client(app.url).get('/api/calendar/interviews?from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z')).status).toBe(401);
  });
});

describe('POST /api/interviews/:id/invitation', () => {
  it('through the outbox: recorded as an e-mail on the candidate and as the invitation sent', async () => {
    const iv = await scheduled(recruiter);
    const before = await app.eventStore.headPosition();
    const res = await recruiter.post(`/api/interviews/${iv.id}/invitation`, { message: 'Looking forward to it.' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ delivered: false, provider: 'outbox', method: 'REQUEST', sequence: 0 });
    const types = (await app.eventStore.readAll({ after: before, limit: 100 })).map((e) => e.type).filter((t) => t !== 'IdReserved');
    expect(types).toEqual(['CommunicationRecorded', 'InterviewInvitationSent']);
    const comms = await recruiter.get(`/api/candidates/${iv.candidateId}/communications?minPosition=${res.json.position}`);
    const mail = CommunicationSchema.parse(comms.json.find((c: { id: number }) => c.id === res.json.communicationId));
    expect(mail.subject).toMatch(/^Invitation: Phone screen: Jane Doe — CFO at Acme, Inc\. — /);
    expect(mail.content).toContain('Looking forward to it.');
    const status = InterviewInvitationStatusSchema.parse(
      (await recruiter.get(`/api/interviews/${iv.id}/invitation?minPosition=${res.json.position}`)).json,
    );
    expect(status).toMatchObject({ next: { method: 'REQUEST', sequence: 0 }, last: { method: 'REQUEST', sequence: 0 }, updateDue: false });
  });

  it("says the time in the recruiter's time zone, as she scheduled it (not only UTC)", async () => {
    const iv = await scheduled(recruiter, { timeZone: 'Asia/Kolkata' });
    const res = await recruiter.post(`/api/interviews/${iv.id}/invitation?minPosition=${iv.position}`, {});
    expect(res.status).toBe(200);
    const comms = await recruiter.get(`/api/candidates/${iv.candidateId}/communications?minPosition=${res.json.position}`);
    const mail = CommunicationSchema.parse(comms.json.find((c: { id: number }) => c.id === res.json.communicationId));
    // 15:30 UTC is 21:00 in India (no daylight saving time there)
    expect(mail.subject).toMatch(/ at 9:00 PM \(Asia\/Kolkata, GMT\+5:30\)$/);
    expect(mail.content).toContain('at 9:00 PM (Asia/Kolkata, GMT+5:30) (45 minutes)');
  });

  it('through the real Postmark client: the .ics arrives as an attachment with method=REQUEST', async () => {
    const iv = await scheduled(pmRecruiter);
    const res = await pmRecruiter.post(`/api/interviews/${iv.id}/invitation?minPosition=${iv.position}`, {});
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ delivered: true, provider: 'postmark', method: 'REQUEST' });
    const sent = postmarkSeen.at(-1)!;
    expect(sent.url).toBe('/email');
    expect(sent.body.To).toMatch(/^ada\.|@example\.com$/);
    expect(sent.body.Attachments).toHaveLength(1);
    const [attachment] = sent.body.Attachments;
    expect(attachment.Name).toBe('invite.ics');
    expect(attachment.ContentType).toBe('text/calendar; charset=utf-8; method=REQUEST');
    const { root, event, vevent } = parseOne(Buffer.from(attachment.Content, 'base64').toString('utf8'));
    expect(root.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(event.uid).toBe(`interview-${iv.id}@localhost`);
    expect(event.startDate.toJSDate().toISOString()).toBe(iv.at.toISOString());
    const attendee = vevent.getFirstProperty('attendee')!;
    expect(attendee.getFirstValue()).toBe(`mailto:${sent.body.To}`);
    expect(attendee.getParameter('cn')).toBe('Jane Doe');
  });

  it('refuses a candidate without an e-mail address with a clear message, sending nothing', async () => {
    // the API always asks for an address; an older or imported record may still lack one
    const iv = await scheduled(recruiter);
    await recruiter.get(`/api/candidates/${iv.candidateId}?minPosition=${iv.position}`);
    const candidates = app.documents.collection('candidates');
    await candidates.upsert({ ...(await candidates.get(iv.candidateId))!, email: '' });
    const before = await app.eventStore.headPosition();
    const res = await recruiter.post(`/api/interviews/${iv.id}/invitation`, {});
    if (res.status === 201 || res.status === 200) throw new Error('sent without an address');
    expect(res.status).toBe(409);
    expect(res.json.detail).toBe('The candidate has no e-mail address: add one to send the invitation.');
    expect(await app.eventStore.headPosition()).toBe(before);
  });

  it('is 404 for an unknown interview, 403 for an auditor, 400 for a bad body', async () => {
    expect((await recruiter.post('/api/interviews/999999/invitation', {})).status).toBe(404);
    const iv = await scheduled(recruiter);
    expect((await auditor.post(`/api/interviews/${iv.id}/invitation`, {})).status).toBe(403);
    const bad = await recruiter.post(`/api/interviews/${iv.id}/invitation`, { message: 'x'.repeat(5001) });
    expect(bad.status).toBe(400);
    expect(bad.json.errors[0].path).toBe('message');
  });
});

describe('personal calendar feed', () => {
  it('shows the URL (https and webcal) and serves the user’s interviews without a session', async () => {
    const iv = await scheduled(manager);
    const feed = CalendarFeedSchema.parse((await manager.get(`/api/calendar/feed?minPosition=${iv.position}`)).json);
    expect(feed.url).toMatch(new RegExp(`^${app.url}/api/calendar/feed/[A-Za-z0-9_-]+\\.ics$`));
    expect(feed.webcalUrl).toBe(feed.url.replace(/^http:\/\//, 'webcal://'));
    // shown again, the same link
    expect((await manager.get('/api/calendar/feed')).json.url).toBe(feed.url);
    const res = await new Client(app.url).get(feed.url.slice(app.url.length));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const root = new ICAL.Component(ICAL.parse(res.text));
    expect(root.getFirstPropertyValue('x-wr-calname')).toBe('TalentFlow interviews — Max Tester');
    const uids = root.getAllSubcomponents('vevent').map((v) => v.getFirstPropertyValue('uid'));
    expect(uids).toContain(`interview-${iv.id}@localhost`);
    // another user's feed does not list it
    const other = CalendarFeedSchema.parse((await recruiter.get('/api/calendar/feed')).json);
    const otherText = (await new Client(app.url).get(other.url.slice(app.url.length))).text;
    expect(otherText).not.toContain(`interview-${iv.id}@`);
  });

  it('after "Reset link" the old URL is 404 at once and the new one works', async () => {
    const old = CalendarFeedSchema.parse((await recruiter.get('/api/calendar/feed')).json);
    const rotated = await recruiter.post('/api/calendar/feed/rotate', {});
    expect(rotated.status).toBe(200);
    const events = await app.eventStore.readAll({ after: rotated.json.position - 1, limit: 5 });
    expect(events.map((e) => [e.type, e.stream])).toEqual([['CalendarFeedTokenRotated', expect.stringMatching(/^user-/)]]);
    expect(JSON.stringify(events[0]!.data)).not.toContain('test-secret');
    const fresh = CalendarFeedSchema.parse((await recruiter.get(`/api/calendar/feed?minPosition=${rotated.json.position}`)).json);
    expect(fresh.url).not.toBe(old.url);
    expect(fresh.version).toBe(old.version + 1);
    const anon = new Client(app.url);
    const gone = await anon.get(old.url.slice(app.url.length));
    expect(gone.status).toBe(404);
    expect(gone.headers.get('content-type')).toContain('application/problem+json');
    expect((await anon.get(fresh.url.slice(app.url.length))).status).toBe(200);
    expect((await anon.get('/api/calendar/feed/not-a-token.ics')).status).toBe(404);
    expect((await anon.get('/api/calendar/feed/bad%20token.ics')).status).toBe(400);
  });

  it('role matrix: every role has a feed and may reset it; signed out is 401', async () => {
    for (const client of [recruiter, manager, auditor]) {
      expect((await client.get('/api/calendar/feed')).status).toBe(200);
    }
    expect((await auditor.post('/api/calendar/feed/rotate', {})).status).toBe(200);
    expect((await new Client(app.url).get('/api/calendar/feed')).status).toBe(401);
    expect((await new Client(app.url).post('/api/calendar/feed/rotate', {})).status).toBe(401);
  });
});
