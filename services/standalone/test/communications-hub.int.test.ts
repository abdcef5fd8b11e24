import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostmarkSender } from '@ats/mail';
import { loadDemoData } from '@ats/command-api';
import { contracts } from '@ats/contracts';
import type { Standalone } from '../src/server';
import { Client, candidateBody, signedIn, startTestApp } from './support/test-app';

/**
 * The communications hub (issue 13): e-mailing a client's contact person (through the outbox and
 * through Postmark against a local server), and the hub's reads with each filter.
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
        JSON.stringify(
          req.url!.startsWith('/server')
            ? { ID: 1, Name: 'ATS Test' }
            : { To: 'x', SubmittedAt: '2026-11-21T10:00:00Z', MessageID: `pm-${postmarkSeen.length}`, ErrorCode: 0, Message: 'OK' },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => postmark.listen(0, '127.0.0.1', resolve));
  const address = `127.0.0.1:${(postmark.address() as AddressInfo).port}`;
  app = await startTestApp({ teamName: 'Agency Search' });
  pmApp = await startTestApp({
    mail: createPostmarkSender({
      serverToken: 'pm-token',
      from: 'search@agency.example',
      fromName: 'Agency Search',
      requestHost: address,
      useHttps: false,
    }),
    teamName: 'Agency Search',
  });
  recruiter = await signedIn(app, 'recruiter', 'Rita');
  manager = await signedIn(app, 'manager', 'Max');
  auditor = await signedIn(app, 'auditor', 'Audrey');
  pmRecruiter = await signedIn(pmApp, 'recruiter', 'Lena');
}, 60_000);

afterAll(async () => {
  await app?.close();
  await pmApp?.close();
  postmark?.closeAllConnections();
  await new Promise((r) => postmark?.close(r));
});

const read = (client: Client, path: string, position: number) =>
  client.get(`${path}${path.includes('?') ? '&' : '?'}minPosition=${position}`);

/** A client with two contacts (one without an address), visible to reads. */
async function clientWithContacts(client: Client, tag: string) {
  const created = await client.post('/api/clients', { companyName: `Globex ${tag}`, industry: 'Technology' });
  const withEmail = await client.post(`/api/clients/${created.json.id}/contacts`, {
    name: 'Dr. Hank Scorpio',
    title: 'CEO',
    email: `hank.${tag}@globex.example`,
    isPrimary: true,
  });
  const withoutEmail = await client.post(`/api/clients/${created.json.id}/contacts`, { name: 'Homer Simpson', isPrimary: false });
  await read(client, `/api/clients/${created.json.id}`, withoutEmail.json.position);
  return { clientId: created.json.id as number, contactId: withEmail.json.id as number, noEmailId: withoutEmail.json.id as number };
}

const contactEmail = (template: string, subject: string, message: string, jobId?: number) => ({
  template,
  ...(jobId ? { jobId } : {}),
  customData: { subject, message },
});

describe('e-mailing a client contact through the outbox', () => {
  it('renders the template to the contact, records it as a contact message of the client, and lists it', async () => {
    const { clientId, contactId } = await clientWithContacts(recruiter, 'o1');
    const before = await app.eventStore.headPosition();
    const res = await recruiter.post(
      `/api/client-contacts/${contactId}/email`,
      contactEmail('candidate_submittal', 'Candidate Submittal', 'Ada has led two IPOs.'),
    );
    expect(res.status).toBe(200);
    expect(contracts.sendContactEmail.response.parse(res.json)).toMatchObject({ delivered: false, provider: 'outbox' });
    const events = await app.eventStore.readAll({ after: before, limit: 100 });
    expect(events.find((e) => e.type === 'CommunicationRecorded')!.data).toMatchObject({
      recipientType: 'contact',
      recipientId: contactId,
      clientId,
      template: 'candidate_submittal',
      recipientAddress: 'hank.o1@globex.example',
      content:
        'Hi Hank,\n\nI would like to put forward a candidate for your consideration. A summary of their background follows, and I would be glad to arrange a conversation.\n\nAda has led two IPOs.\n\nBest regards,\nRita Tester\nAgency Search',
    });

    const page = await read(recruiter, `/api/communications?client=${clientId}`, res.json.position);
    expect(page.status).toBe(200);
    const parsed = contracts.listCommunications.response.parse(page.json);
    expect(parsed.items).toHaveLength(1);
    expect(parsed.items[0]).toMatchObject({
      id: res.json.communicationId,
      recipientName: 'Dr. Hank Scorpio',
      clientName: 'Globex o1',
      senderName: 'Rita Tester',
      delivered: false,
      provider: 'outbox',
      template: 'candidate_submittal',
    });
    const one = await recruiter.get(`/api/communications/${res.json.communicationId}`);
    expect(contracts.getCommunication.response.parse(one.json)).toMatchObject({
      subject: 'Candidate Submittal',
      note: expect.stringMatching(/not delivered|outbox/i),
      providerMessageId: expect.any(String),
    });
  });

  it('refuses a contact without an address (409), an unknown or deleted contact (404), bad input (400), and records nothing', async () => {
    const { contactId, noEmailId } = await clientWithContacts(recruiter, 'o2');
    const cases: Array<[string, unknown, number, string | null]> = [
      [`/api/client-contacts/${noEmailId}/email`, contactEmail('client_update', 'Search Update', 'Hi'), 409, 'contact_has_no_email'],
      ['/api/client-contacts/999999/email', contactEmail('client_update', 'Search Update', 'Hi'), 404, null],
      [`/api/client-contacts/${contactId}/email`, contactEmail('client_update', '', 'Hi'), 400, 'Subject is required'],
      [`/api/client-contacts/${contactId}/email`, contactEmail('client_update', 'Search Update', ' '), 400, 'Message is required'],
      [`/api/client-contacts/${contactId}/email`, contactEmail('nope', 'Search Update', 'Hi'), 400, null],
      ['/api/client-contacts/abc/email', contactEmail('client_update', 'Search Update', 'Hi'), 400, null],
      [`/api/client-contacts/${contactId}/email`, contactEmail('client_update', 'Search Update', 'Hi', 999_999), 404, null],
    ];
    for (const [path, body, status, expected] of cases) {
      const before = await app.eventStore.headPosition();
      const res = await recruiter.post(path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(status);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      if (expected === 'contact_has_no_email')
        expect(res.json.detail).toBe('Homer Simpson has no e-mail address. Add one to the contact first.');
      else if (expected) expect(res.json.errors.map((e: { message: string }) => e.message)).toContain(expected);
      const events = await app.eventStore.readAll({ after: before, limit: 100 });
      expect(events.filter((e) => e.type === 'CommunicationRecorded')).toEqual([]);
    }
    const deleted = await recruiter.delete(`/api/client-contacts/${contactId}`);
    expect(deleted.status).toBe(200);
    await read(recruiter, '/api/communications', deleted.json.position);
    expect((await recruiter.post(`/api/client-contacts/${contactId}/email`, contactEmail('follow_up', 'Following Up', 'Hi'))).status).toBe(
      404,
    );
  });

  it('lets an auditor read the hub but not send; anonymous gets 401', async () => {
    const { contactId } = await clientWithContacts(manager, 'o3');
    expect((await auditor.post(`/api/client-contacts/${contactId}/email`, contactEmail('follow_up', 'Following Up', 'Hi'))).status).toBe(
      403,
    );
    const sent = await manager.post(`/api/client-contacts/${contactId}/email`, contactEmail('follow_up', 'Following Up', 'Hi'));
    expect(sent.status).toBe(200);
    const page = await read(auditor, '/api/communications', sent.json.position);
    expect(page.status).toBe(200);
    expect(page.json.items.some((i: { id: number }) => i.id === sent.json.communicationId)).toBe(true);
    expect((await auditor.get(`/api/communications/${sent.json.communicationId}`)).status).toBe(200);
    expect((await auditor.get('/api/communications/senders')).status).toBe(200);
    expect((await new Client(app.url).get('/api/communications')).status).toBe(401);
  });
});

describe('e-mailing a client contact through Postmark (a local Postmark-speaking server)', () => {
  it('sends to the contact and records the delivered message with its Postmark id', async () => {
    const { clientId, contactId } = await clientWithContacts(pmRecruiter, 'p1');
    const res = await pmRecruiter.post(
      `/api/client-contacts/${contactId}/email`,
      contactEmail('client_update', 'Search Update', 'Three finalists.'),
    );
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ delivered: true, provider: 'postmark', messageId: expect.stringMatching(/^pm-/) });
    const sent = postmarkSeen.filter((r) => r.url === '/email').at(-1)!;
    expect(sent.body).toMatchObject({
      To: 'hank.p1@globex.example',
      Subject: 'Search Update',
      ReplyTo: pmRecruiter.user.email,
      TextBody: 'Hi Hank,\n\nHere is an update on the search.\n\nThree finalists.\n\nBest regards,\nLena Tester\nAgency Search',
    });
    const page = await read(pmRecruiter, `/api/communications?client=${clientId}&delivered=true`, res.json.position);
    expect(page.json.items).toHaveLength(1);
    expect(page.json.items[0]).toMatchObject({
      provider: 'postmark',
      providerMessageId: res.json.messageId,
      delivered: true,
      sentAt: expect.any(String),
    });
  });
});

describe('hub reads: every filter, the cursor, 400 and 404', () => {
  const ids = { candidate: 0, contact: 0, client: 0, first: 0, last: 0 };
  let position = 0;
  beforeAll(async () => {
    const candidate = await recruiter.post('/api/candidates', candidateBody({ firstName: 'Grace', lastName: 'Hopper' }));
    ids.candidate = candidate.json.id;
    await read(recruiter, `/api/candidates/${ids.candidate}`, candidate.json.position);
    const c = await clientWithContacts(manager, 'h1');
    ids.contact = c.contactId;
    ids.client = c.clientId;
    const a = await recruiter.post(`/api/candidates/${ids.candidate}/email`, {
      template: 'candidate_outreach',
      customData: { subject: 'Executive Opportunity zebrafish', message: 'Are you open to a chat?' },
    });
    const b = await manager.post(
      `/api/client-contacts/${ids.contact}/email`,
      contactEmail('client_update', 'Search Update', 'Shortlist ready.'),
    );
    const d = await recruiter.post('/api/email/send', { to: 'someone@elsewhere.example', subject: 'Hello there', text: 'A custom note' });
    ids.first = a.json.communicationId;
    ids.last = d.json.communicationId;
    expect([a.status, b.status, d.status]).toEqual([200, 200, 200]);
    position = d.json.position;
  });

  const list = async (query: string) => {
    const res = await read(auditor, `/api/communications?${query}`, position);
    expect(res.status, query).toBe(200);
    return contracts.listCommunications.response.parse(res.json).items;
  };

  it('lists newest first and filters by search, template, sender, recipient kind, recipient and delivery', async () => {
    const all = await list('limit=100');
    const positions = all.map((i) => i.position!);
    expect(positions).toEqual([...positions].sort((x, y) => y - x));
    expect(all[0]!.id).toBe(ids.last);

    expect((await list('q=zebrafish')).map((i) => i.id)).toEqual([ids.first]);
    expect((await list('q=ELSEWHERE.example')).map((i) => i.id)).toContain(ids.last);
    expect((await list('template=candidate_outreach')).every((i) => i.template === 'candidate_outreach')).toBe(true);
    expect((await list('template=custom')).map((i) => i.id)).toContain(ids.last);
    expect(
      (await list(`sender=${encodeURIComponent(String((await list('q=zebrafish'))[0]!.createdBy))}`)).every(
        (i) => i.senderName === 'Rita Tester',
      ),
    ).toBe(true);
    const contactMails = await list('recipientKind=contact');
    expect(contactMails.length).toBeGreaterThan(0);
    expect(contactMails.every((i) => i.recipientType === 'contact')).toBe(true);
    expect((await list(`recipientKind=candidate&recipient=${ids.candidate}`)).map((i) => [i.id, i.recipientName])).toEqual([
      [ids.first, 'Grace Hopper'],
    ]);
    expect((await list(`recipientKind=contact&recipient=${ids.contact}`)).map((i) => i.recipientName)).toEqual(['Dr. Hank Scorpio']);
    expect((await list('recipientKind=other')).map((i) => i.id)).toContain(ids.last);
    expect(await list('delivered=true')).toEqual([]);
    expect((await list('delivered=false')).length).toBe(all.length);
  });

  it('filters by date range and pages with the cursor without overlap', async () => {
    const all = await list('limit=100');
    expect(await list('from=2000-01-01T00:00:00Z&to=2000-01-02T00:00:00Z')).toEqual([]);
    expect((await list(`from=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}&limit=100`)).length).toBe(all.length);
    const first = await read(auditor, '/api/communications?limit=2', position);
    expect(first.json.items).toHaveLength(2);
    const second = await read(auditor, `/api/communications?limit=2&cursor=${first.json.nextCursor}`, position);
    const seen = [...first.json.items, ...second.json.items].map((i: { id: number }) => i.id);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(all.slice(0, seen.length).map((i) => i.id));
  });

  it('answers 400 with field paths for bad filters and 404 for an unknown message', async () => {
    for (const [query, path] of [
      ['delivered=maybe', 'delivered'],
      ['template=nope', 'template'],
      ['recipientKind=alien', 'recipientKind'],
      ['recipient=3', 'recipientKind'],
      ['from=yesterday', 'from'],
      ['from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z', 'to'],
      ['limit=1000', 'limit'],
      ['cursor=-1', 'cursor'],
    ]) {
      const res = await auditor.get(`/api/communications?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json.errors.map((e: { path: string }) => e.path).join(' '), query).toContain(path);
    }
    expect((await auditor.get('/api/communications/999999')).status).toBe(404);
    expect((await auditor.get('/api/communications/abc')).status).toBe(400);
  });
});

describe('demo data', () => {
  it('seeds a handful of e-mails to candidates and client contacts, kept in the outbox', async () => {
    const demo = await startTestApp({ teamName: 'Agency Search' });
    try {
      const report = await loadDemoData(demo.commandApi.deps, { id: 'system', name: 'System', role: 'admin' });
      expect(report.emails).toBe(6);
      const reader = await signedIn(demo, 'auditor', 'Ann');
      const page = await read(reader, '/api/communications?limit=100', await demo.eventStore.headPosition());
      const items = contracts.listCommunications.response.parse(page.json).items;
      expect(items).toHaveLength(6);
      expect(new Set(items.map((i) => i.recipientType))).toEqual(new Set(['candidate', 'contact']));
      expect(items.every((i) => i.provider === 'outbox' && !i.delivered && i.recipientName)).toBe(true);
      expect(items.filter((i) => i.recipientType === 'contact').every((i) => i.clientName)).toBe(true);
    } finally {
      await demo.close();
    }
  }, 120_000);
});
