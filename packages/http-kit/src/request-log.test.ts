import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { redact, type Logger } from './log';
import { loggablePath, requestIdOf, requestLog } from './request-log';

/** A Logger that keeps its entries, as the JSON lines the real one would print. */
function recordingLogger(lines: string[]): Logger {
  const write = (level: string) => (msg: string, fields?: Record<string, unknown>) =>
    lines.push(JSON.stringify(redact({ level, msg, ...fields })));
  const log: Logger = { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error'), child: () => log };
  return log;
}

describe('requestIdOf', () => {
  it('keeps a sane incoming id and replaces anything else', () => {
    expect(requestIdOf('abc-123_DEF.456:7')).toBe('abc-123_DEF.456:7');
    for (const bad of [undefined, '', 'short', 'has space in it', 'line\nbreak-injected', '"quoted-value"', 'x'.repeat(200)])
      expect(requestIdOf(bad)).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('loggablePath', () => {
  it('replaces the token of a calendar-feed link and keeps every other path (cut at 300 characters)', () => {
    expect(loggablePath('/api/calendar/feed/abcDEF_-123.ics')).toBe('/api/calendar/feed/[redacted].ics');
    expect(loggablePath('/api/calendar/feed/abcDEF_-123')).toBe('/api/calendar/feed/[redacted]');
    expect(loggablePath('/api/calendar/feed')).toBe('/api/calendar/feed');
    expect(loggablePath('/api/calendar/feed/rotate')).toBe('/api/calendar/feed/rotate');
    expect(loggablePath('/api/calendar/feed/rotate/x')).toBe('/api/calendar/feed/rotate/x');
    expect(loggablePath('/api/candidates/12')).toBe('/api/candidates/12');
    expect(loggablePath('/' + 'a'.repeat(400))).toHaveLength(301);
  });
});

describe('redact', () => {
  it('hides cookies, passwords, tokens and authorization at any depth', () => {
    const out = JSON.stringify(
      redact({
        headers: { cookie: 'ats.sid=abc', Authorization: 'Bearer t', 'set-cookie': ['x'], 'x-api-key': 'k' },
        body: { email: 'a@b.co', password: 'hunter2-hunter2', nested: [{ access_token: 'tok', sessionSecret: 's' }] },
      }),
    );
    for (const secret of ['ats.sid=abc', 'Bearer t', 'hunter2', '"tok"', '"k"', '"s"']) expect(out).not.toContain(secret);
    expect(out).toContain('a@b.co');
  });
});

describe('requestLog', () => {
  const lines: string[] = [];
  let server: Server;
  let url: string;
  beforeAll(async () => {
    const app = new Koa();
    app.use(requestLog(recordingLogger(lines)));
    app.use((ctx) => {
      ctx.status = ctx.path === '/missing' ? 404 : 200;
      ctx.body = ctx.path === '/missing' ? 'no' : 'ok';
    });
    server = createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('writes one line per request with method, path, status, ms and the echoed request id; no query, no cookie', async () => {
    lines.length = 0;
    const res = await fetch(`${url}/missing?token=secret-token`, {
      headers: { Cookie: 'ats.sid=s3cr3t', 'X-Request-Id': 'client-req-0001' },
    });
    expect(res.headers.get('x-request-id')).toBe('client-req-0001');
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!);
    expect(entry).toMatchObject({ msg: 'request', method: 'GET', path: '/missing', status: 404, reqId: 'client-req-0001' });
    expect(typeof entry.ms).toBe('number');
    expect(lines[0]).not.toContain('secret-token');
    expect(lines[0]).not.toContain('s3cr3t');

    const forged = await fetch(url, { headers: { 'X-Request-Id': 'evil id"} {"level":"error' } });
    expect(forged.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
