import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { io as connect, type Socket } from 'socket.io-client';
import { rawRequest } from './support/raw-http';
import { candidateBody, signedIn, startTestApp, type Client } from './support/test-app';
import type { Standalone } from '../src/server';

// Defects found by the second attacker / new-user sweep (2026-11-24), one case each.

let app: Standalone;
let admin: Client;
beforeAll(async () => {
  app = await startTestApp();
  admin = await signedIn(app, 'admin', 'Root');
});
afterAll(async () => {
  await app?.close();
});

describe('sweep two: users', () => {
  it('creates one account when the same new user is posted 20 times at once', async () => {
    const email = `twin-${Date.now()}@agency.example`;
    const body = { email, firstName: 'Twin', lastName: 'User', role: 'recruiter', password: 'Sweep-pass-9931-x' };
    const replies = await Promise.all(Array.from({ length: 20 }, () => admin.post('/api/users', body)));
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of replies.filter((r) => r.status === 409)) {
      expect(r.headers.get('content-type')).toContain('application/problem+json');
      expect(r.json).toMatchObject({ code: 'email_taken', errors: [{ path: 'email' }] });
    }
    const list = (await admin.get('/api/users')).json as { email: string }[];
    expect(list.filter((u) => u.email === email)).toHaveLength(1);
    // the same address in other letter case is the same address
    expect((await admin.post('/api/users', { ...body, email: email.toUpperCase() })).status).toBe(409);
  });
});

describe('sweep two: one socket cannot hoard rooms or flood the server', () => {
  const open = (client: Client): Promise<Socket> =>
    new Promise((resolve, reject) => {
      const socket = connect(app.url, {
        path: '/socket.io',
        transports: ['websocket'],
        extraHeaders: { Cookie: client.cookie },
        reconnection: false,
        forceNew: true,
      });
      socket.on('connect', () => resolve(socket));
      socket.on('connect_error', reject);
    });

  it('refuses a 101st room and a 21st presence place, and still takes the ones it is in', async () => {
    const socket = await open(admin);
    try {
      const joins = await Promise.all(Array.from({ length: 100 }, (_, i) => socket.emitWithAck('join', `candidate:${i + 1}`)));
      expect(joins.every((a) => a.ok === true)).toBe(true);
      expect(await socket.emitWithAck('join', 'candidate:101')).toEqual({ ok: false, error: 'too many rooms' });
      expect(await socket.emitWithAck('join', 'candidate:7')).toEqual({ ok: true });
      expect(await socket.emitWithAck('leave', 'candidate:7')).toEqual({ ok: true });
      expect(await socket.emitWithAck('join', 'candidate:101')).toEqual({ ok: true });
    } finally {
      socket.close();
    }
    const other = await open(admin);
    try {
      const places = await Promise.all(Array.from({ length: 20 }, (_, i) => other.emitWithAck('presence:join', { place: `job:${i + 1}` })));
      expect(places.every((a) => a.ok === true)).toBe(true);
      expect(await other.emitWithAck('presence:join', { place: 'job:21' })).toEqual({ ok: false, error: 'too many places' });
      expect((await other.emitWithAck('presence:join', { place: 'job:3' })).ok).toBe(true);
    } finally {
      other.close();
    }
  });

  it('answers a burst past the budget with rate limited, disconnects a flood, and HTTP stays quick', async () => {
    const socket = await open(admin);
    const acks = await Promise.all(Array.from({ length: 300 }, () => socket.emitWithAck('join', 'pipeline')));
    const limited = acks.filter((a) => a.ok === false && a.error === 'rate limited').length;
    expect(limited).toBeGreaterThan(0);
    expect(acks.filter((a) => a.ok === true).length).toBeGreaterThanOrEqual(200);
    const gone = new Promise<string>((resolve) => socket.on('disconnect', resolve));
    for (let i = 0; i < 2000; i++) socket.emit('join', 'pipeline');
    expect(await gone).toBe('io server disconnect');
    const started = performance.now();
    expect((await admin.get('/api/auth/user')).status).toBe(200);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('sweep two: a request whose connection breaks mid-body still gets its problem+json', () => {
  /** writes the bytes as they are and reads until the server closes */
  const raw = (request: string) => rawRequest(app.url, request);
  const head = (extra: string) =>
    `POST /api/candidates HTTP/1.1\r\nHost: ${new URL(app.url).host}\r\nCookie: ${admin.cookie}\r\nContent-Type: application/json\r\n${extra}`;

  it('answers broken chunked framing and bytes past a short Content-Length with a 400 problem, then closes', async () => {
    const broken = await raw(head('Transfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n'));
    expect(broken).toMatch(/^HTTP\/1\.1 400 /);
    expect(broken).toContain('application/problem+json');
    const short = await raw(head('Content-Length: 3\r\n\r\n{"firstName":"Ada"}'));
    expect(short).toMatch(/^HTTP\/1\.1 400 /);
    expect(short).toContain('"code":"validation_failed"');
    // the server is still there
    expect((await admin.get('/api/auth/user')).status).toBe(200);
  });
});

describe('sweep two: JSON bodies are sized and shaped before they are parsed', () => {
  const post = (body: string | Buffer, headers: Record<string, string> = {}, cookie = admin.cookie) =>
    fetch(`${app.url}/api/candidates`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}), ...headers },
      body,
    });
  const deep = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

  it('refuses a large body from a caller without a session before parsing it', async () => {
    const started = performance.now();
    const res = await post(deep(500_000), {}, '');
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(performance.now() - started).toBeLessThan(3000);
    // a sign-in form still goes through
    expect(
      (
        await fetch(`${app.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: 'nobody@agency.example', password: 'nope-nope-nope' }),
        })
      ).status,
    ).toBe(401);
  });

  it('refuses 14 MB of nesting and a million keys from a signed-in caller quickly, with what is wrong', async () => {
    const started = performance.now();
    const nested = await post(deep(7_000_000));
    expect(nested.status).toBe(413);
    expect(((await nested.json()) as { detail: string }).detail).toBe('The request body is nested more than 64 levels deep.');
    const keys = await post('{' + Array.from({ length: 1_000_000 }, (_, i) => `"k${i}":1`).join(',') + '}');
    expect(keys.status).toBe(413);
    expect(((await keys.json()) as { detail: string }).detail).toBe('The request body holds more than 200000 values.');
    expect(performance.now() - started).toBeLessThan(5000);
    expect((await admin.get('/api/auth/user')).status).toBe(200);
  });

  it('takes a gzip body, refuses a gzip bomb past the limit and an unknown encoding', async () => {
    const created = await post(gzipSync(JSON.stringify(candidateBody({ email: `gz-${Date.now()}@agency.example` }))), {
      'Content-Encoding': 'gzip',
    });
    expect(created.status).toBe(201);
    const bomb = await post(gzipSync(Buffer.alloc(40 * 1024 * 1024, 32)), { 'Content-Encoding': 'gzip' });
    expect(bomb.status).toBe(413);
    const odd = await post('{}', { 'Content-Encoding': 'x-zip' });
    expect(odd.status).toBe(415);
    expect(odd.headers.get('content-type')).toContain('application/problem+json');
  });
});

describe('sweep two: a CSV with a character the store cannot hold says on which line', () => {
  it('names the line of a NUL in an uploaded file', async () => {
    const csv = '\uFEFFfirstName,lastName,email,currentTitle\r\nAda,Lovelace,ada@x.example,CTO\r\nBad\u0000Name,Row,bad@x.example,CTO\r\n';
    const res = await admin.post('/api/imports', { kind: 'candidates', fileName: 'old-system.csv', csv });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual([{ path: 'csv', message: 'Text contains characters that cannot be stored (line 3)' }]);
  });
});

describe('sweep two: a CSV header of thousands of columns is refused at once', () => {
  it('refuses 20,000 columns with how many it has, and takes 500', async () => {
    const header = (n: number) => Array.from({ length: n }, (_, i) => (i === 0 ? 'firstName' : `c${i}`)).join(',');
    const wide = await admin.post('/api/imports', { kind: 'candidates', fileName: 'wide.csv', csv: `${header(20_000)}\nAda\n` });
    expect(wide.status).toBe(400);
    expect(wide.json.errors).toEqual([{ path: 'csv', message: 'The file has 20000 columns; at most 500 can be imported' }]);
    const fits = await admin.post('/api/imports', { kind: 'candidates', fileName: 'fits.csv', csv: `${header(500)}\nAda\n` });
    expect(fits.status).toBe(201);
    expect(fits.json.headers).toHaveLength(500);
  });
});
