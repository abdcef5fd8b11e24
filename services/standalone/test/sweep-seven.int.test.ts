import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CalendarFeedSchema, ProblemSchema } from '@ats/contracts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROUTE_BUDGETS, redact, silentLogger, type Logger } from '@ats/http-kit';
import { Client, REPO_ROOT, candidateBody, createUser, signedIn, startTestApp } from './support/test-app';
import { startStandalone, type Standalone } from '../src/server';

// Defects found by the seventh attacker sweep (2026-12-07), one case each.

let app: Standalone;
let admin: Client;
beforeAll(async () => {
  app = await startTestApp();
  admin = await signedIn(app, 'admin', 'Root');
});
afterAll(async () => {
  await app?.close();
});

const userIdOf = async (client: Client) => (await client.get('/api/auth/user')).json.id as string;

describe('sweep seven: a deactivated account’s calendar-feed link ends for good, like its sessions', () => {
  it('the link is 404 while the account is off and stays 404 after it is switched on again; the person gets a new one', async () => {
    const leaver = await signedIn(app, 'recruiter', 'Leaver');
    const id = await userIdOf(leaver);
    const before = CalendarFeedSchema.parse((await leaver.get('/api/calendar/feed')).json);
    const anon = new Client(app.url);
    const path = before.url.slice(app.url.length);
    expect((await anon.get(path)).status).toBe(200);

    const off = await admin.patch(`/api/users/${id}`, { active: false });
    expect(off.status).toBe(200);
    const events = await app.eventStore.readAll({ after: off.json.position - 2, limit: 5 });
    expect(events.map((e) => e.type)).toEqual(['UserDeactivated', 'CalendarFeedTokenRotated']);
    expect((await admin.get(`/api/users?minPosition=${off.json.position}`)).status).toBe(200);
    expect((await anon.get(path)).status).toBe(404);

    const on = await admin.patch(`/api/users/${id}`, { active: true });
    expect(on.status).toBe(200);
    expect((await admin.get(`/api/users?minPosition=${on.json.position}`)).status).toBe(200);
    // was 200 again: the old link, perhaps still in a calendar on a personal phone, came back
    const gone = await anon.get(path);
    expect(gone.status).toBe(404);
    expect(gone.headers.get('content-type')).toContain('application/problem+json');

    const back = await new Client(app.url).login(leaver.user.email, leaver.user.password);
    const fresh = CalendarFeedSchema.parse((await back.get('/api/calendar/feed')).json);
    expect(fresh.url).not.toBe(before.url);
    expect((await anon.get(fresh.url.slice(app.url.length))).status).toBe(200);
  });

  it('a role change of an active account keeps its link', async () => {
    const mover = await signedIn(app, 'recruiter', 'Mover');
    const id = await userIdOf(mover);
    const before = CalendarFeedSchema.parse((await mover.get('/api/calendar/feed')).json);
    const changed = await admin.patch(`/api/users/${id}`, { role: 'manager' });
    expect(changed.status).toBe(200);
    expect((await admin.get(`/api/users?minPosition=${changed.json.position}`)).status).toBe(200);
    expect((await new Client(app.url).get(before.url.slice(app.url.length))).status).toBe(200);
  });
});

describe('sweep seven: exports have a per-user budget, like the AI calls', () => {
  it(`answers the export over ${ROUTE_BUDGETS.exports.points} a minute with 429 problem+json and Retry-After; other users are not affected`, async () => {
    const auditor = await signedIn(app, 'auditor', 'Hoarder');
    const calm = await signedIn(app, 'auditor', 'Calm');
    const replies = await Promise.all(
      Array.from({ length: ROUTE_BUDGETS.exports.points + 5 }, (_, i) =>
        auditor.get(i % 2 === 0 ? '/api/audit/export?format=ndjson' : '/api/exports/candidates'),
      ),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(ROUTE_BUDGETS.exports.points);
    const refused = replies.filter((r) => r.status === 429);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.headers.get('content-type')).toContain('application/problem+json');
    const problem = ProblemSchema.parse(refused[0]!.json);
    expect(problem).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(problem.detail).toMatch(/^Too many exports: at most 20 per minute\. Try again in \d+ s\.$/);
    const retryAfter = Number(refused[0]!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // every kind of export shares the budget; another user has their own; other reads are not counted
    expect((await auditor.get('/api/exports/jobs')).status).toBe(429);
    expect((await auditor.get('/api/candidates')).status).toBe(200);
    expect((await calm.get('/api/audit/export?format=ndjson')).status).toBe(200);
  });

  it('a refused export (bad input) is given back', async () => {
    const recruiter = await signedIn(app, 'recruiter', 'Careless');
    for (let i = 0; i < ROUTE_BUDGETS.exports.points + 5; i++) expect((await recruiter.get('/api/exports/nothing')).status).toBe(400);
    expect((await recruiter.get('/api/exports/candidates')).status).toBe(200);
  });

  it('the subject-access zip counts too', async () => {
    const candidate = await admin.post('/api/candidates', candidateBody({ email: `zip.${Date.now().toString(36)}@example.com` }));
    expect(candidate.status).toBe(201);
    const heavy = await signedIn(app, 'admin', 'Heavy');
    await heavy.get(`/api/candidates/${candidate.json.id}?minPosition=${candidate.json.position}`);
    const statuses: number[] = [];
    for (let i = 0; i <= ROUTE_BUDGETS.exports.points; i++)
      statuses.push((await heavy.get(`/api/candidates/${candidate.json.id}/subject-access`)).status);
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('sweep seven: a calendar-feed link is a credential and never reaches the log', () => {
  let logged: Standalone;
  const lines: string[] = [];
  const write = (level: string) => (msg: string, fields?: Record<string, unknown>) => {
    lines.push(JSON.stringify(redact({ level, msg, ...fields })));
  };
  const recording: Logger = {
    debug: write('debug'),
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    child: () => recording,
  };
  beforeAll(async () => {
    logged = await startStandalone({
      port: 0,
      host: '127.0.0.1',
      dataDir: undefined,
      sessionSecret: 'test-secret-test-secret-test-secret',
      webDir: join(REPO_ROOT, 'web', 'dist'),
      log: recording,
    });
  });
  afterAll(async () => logged?.close());

  it('the request line names the feed route with the token replaced; the feed is still served', async () => {
    const user = await createUser(logged, 'recruiter');
    const client = await new Client(logged.url).login(user.email, user.password);
    const feed = CalendarFeedSchema.parse((await client.get('/api/calendar/feed')).json);
    const path = feed.url.slice(logged.url.length);
    const token = path.slice('/api/calendar/feed/'.length, -'.ics'.length);
    expect(token.length).toBeGreaterThan(43);
    const anon = new Client(logged.url);
    expect((await anon.get(path)).status).toBe(200);
    // a near miss (a typo, an old link) and a HEAD are logged without the token too
    expect((await anon.get(`/api/calendar/feed/${token.slice(0, -1)}.ics`)).status).toBe(404);
    expect((await anon.request('HEAD', path)).status).toBe(200);
    expect((await anon.get(`/api/calendar/feed/${token}`)).status).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const feedLines = lines.filter((l) => l.includes('/api/calendar/feed/'));
    expect(feedLines.length).toBeGreaterThanOrEqual(4);
    for (const line of lines) expect(line).not.toContain(token.slice(0, 43));
    expect(feedLines.map((l) => JSON.parse(l).path)).toEqual(
      expect.arrayContaining(['/api/calendar/feed/[redacted].ics', '/api/calendar/feed/[redacted]']),
    );
    // other paths are logged as they are
    expect(lines.some((l) => JSON.parse(l).path === '/api/calendar/feed')).toBe(true);
  });
});

describe('sweep seven: a team interviewer is named by their account, not by the request', () => {
  it('scheduling or editing with a colleague under another name records, lists and invites them by their own name', async () => {
    const scheduler = await signedIn(app, 'recruiter', 'Sly');
    const colleague = await signedIn(app, 'manager', 'Rita');
    const colleagueId = await userIdOf(colleague);
    const candidate = await scheduler.post('/api/candidates', candidateBody({ email: `panel.${Date.now().toString(36)}@example.com` }));
    expect(candidate.status).toBe(201);
    const when = new Date(Date.now() + 2 * 86_400_000);
    when.setUTCHours(10, 0, 0, 0);
    const res = await scheduler.post('/api/interviews', {
      candidateId: candidate.json.id,
      scheduledAt: when.toISOString(),
      interviewers: [{ userId: colleagueId, name: 'The CEO' }, { name: 'Dana Board' }],
    });
    expect(res.status).toBe(201);
    const [scheduled] = await app.eventStore.readAll({ after: res.json.position - 1, limit: 1 });
    expect(scheduled!.data).toMatchObject({
      interviewerName: 'Rita Tester, Dana Board',
      interviewers: [
        { userId: colleagueId, name: 'Rita Tester' },
        { userId: null, name: 'Dana Board' },
      ],
    });
    const detail = await scheduler.get(`/api/interviews/${res.json.id}?minPosition=${res.json.position}`);
    expect(detail.json.interviewers).toEqual([
      { userId: colleagueId, name: 'Rita Tester' },
      { userId: null, name: 'Dana Board' },
    ]);
    const ics = await scheduler.get(`/api/interviews/${res.json.id}/ics`);
    expect(ics.text).toContain('CN=Rita Tester');
    expect(ics.text).not.toContain('The CEO');

    const edited = await scheduler.patch(`/api/interviews/${res.json.id}`, {
      interviewers: [{ userId: colleagueId, name: 'Somebody Else' }],
    });
    expect(edited.status).toBe(200);
    const after = await scheduler.get(`/api/interviews/${res.json.id}?minPosition=${edited.json.position}`);
    expect(after.json.interviewers).toEqual([{ userId: colleagueId, name: 'Rita Tester' }]);
    expect(after.json.interviewerName).toBe('Rita Tester');
  });
});

describe('sweep seven: the online-backup path answers other methods like every other path', () => {
  let withBackup: Standalone;
  beforeAll(async () => {
    withBackup = await startStandalone({
      port: 0,
      host: '127.0.0.1',
      dataDir: undefined,
      sessionSecret: 'test-secret-test-secret-test-secret',
      webDir: join(REPO_ROOT, 'web', 'dist'),
      log: silentLogger,
      backup: { token: 'sweep-seven-backup-token-0123456789', dataDir: tmpdir() },
    });
  });
  afterAll(async () => withBackup?.close());

  it('OPTIONS is a 204 and GET, PUT or DELETE a 405 problem, each with Allow; POST without the token is still a 401', async () => {
    const options = await fetch(`${withBackup.url}/api/admin/backup`, { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('POST, OPTIONS');
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const res = await fetch(`${withBackup.url}/api/admin/backup`, { method });
      expect(res.status, method).toBe(405);
      expect(res.headers.get('allow'), method).toBe('POST, OPTIONS');
      expect(res.headers.get('content-type'), method).toContain('application/problem+json');
      expect(res.headers.get('x-content-type-options'), method).toBe('nosniff');
      expect(((await res.json()) as { code: string }).code, method).toBe('method_not_allowed');
    }
    const post = await fetch(`${withBackup.url}/api/admin/backup`, { method: 'POST', body: '{}' });
    expect(post.status).toBe(401);
    expect(post.headers.get('allow')).toBeNull();
  });
});

describe('sweep seven: a resume is saved under the extension of what it is', () => {
  it('a PDF uploaded as cv.html downloads as cv.html.pdf; a name with the right extension (any case) is kept', async () => {
    const recruiter = await signedIn(app, 'recruiter', 'Polly');
    const candidate = await recruiter.post('/api/candidates', candidateBody({ email: `poly.${Date.now().toString(36)}@example.com` }));
    expect(candidate.status).toBe(201);
    // a PDF by its magic bytes that is also a web page
    const polyglot = Buffer.from('%PDF-1.4\n<html><body><script>alert(document.domain)</script></body></html>\n%%EOF\n');
    for (const [fileName, saved] of [
      ['cv.html', 'cv.html.pdf'],
      ['CV.PDF', 'CV.PDF'],
      ['resume', 'resume.pdf'],
    ] as const) {
      const up = await recruiter.post(`/api/candidates/${candidate.json.id}/resume`, {
        fileName,
        fileData: `data:text/html;base64,${polyglot.toString('base64')}`,
      });
      expect(up.status, fileName).toBe(200);
      expect(up.json.mimeType).toBe('application/pdf');
      const res = await fetch(`${app.url}/api/candidates/${candidate.json.id}/resume/file?minPosition=${up.json.position}`, {
        headers: { Cookie: recruiter.cookie },
      });
      expect(res.status, fileName).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-disposition'), fileName).toBe(
        `attachment; filename="${saved}"; filename*=UTF-8''${encodeURIComponent(saved)}`,
      );
    }
  });
});

describe('sweep seven: sign-in attempts from one IPv6 /64 count as one client', () => {
  let proxied: Standalone;
  beforeAll(async () => {
    proxied = await startStandalone({
      port: 0,
      host: '127.0.0.1',
      dataDir: undefined,
      sessionSecret: 'test-secret-test-secret-test-secret',
      webDir: join(REPO_ROOT, 'web', 'dist'),
      log: silentLogger,
      http: { trustProxy: 1, publicOrigin: null },
    });
  });
  afterAll(async () => proxied?.close());

  const attempt = (email: string, from: string) =>
    fetch(`${proxied.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': from },
      body: JSON.stringify({ email, password: 'not-the-password-123' }),
    });

  it('password spraying from a fresh address of one /64 for every guess is refused after 50, as from one address', async () => {
    for (let i = 1; i <= 50; i++) {
      const res = await attempt(`spray${i}@agency.example`, `2001:db8:5:5::${i.toString(16)}`);
      expect(res.status, String(i)).toBe(401);
    }
    // was 401 again and again: each address had counters of its own
    const refused = await attempt('spray51@agency.example', '2001:db8:5:5:abcd:ef01:2345:6789');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // another network, and an IPv4 client, are other clients
    expect((await attempt('spray51@agency.example', '2001:db8:5:6::1')).status).toBe(401);
    expect((await attempt('spray51@agency.example', '203.0.113.7')).status).toBe(401);
  });
});
