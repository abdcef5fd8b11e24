import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from './support/raw-http';
import { candidateBody, signedIn, startTestApp, type Client } from './support/test-app';
import type { Standalone } from '../src/server';

// Defects found by the fourth attacker / new-user sweep (2026-11-25), one case each.

let app: Standalone;
let admin: Client;
beforeAll(async () => {
  app = await startTestApp();
  admin = await signedIn(app, 'admin', 'Root');
});
afterAll(async () => {
  await app?.close();
});

const raw = (request: string) => rawRequest(app.url, request);
const host = () => new URL(app.url).host;
const statusOf = (reply: string) => Number(/^HTTP\/1\.1 (\d{3}) /.exec(reply)?.[1]);
const headerOf = (reply: string, name: string) =>
  new RegExp(`\r\n${name}: ([^\r]*)\r\n`, 'i').exec(reply.split('\r\n\r\n')[0]! + '\r\n')?.[1];
const bodyOf = (reply: string) => reply.slice(reply.indexOf('\r\n\r\n') + 4);

describe('sweep four: /healthz and /metrics take GET and HEAD only', () => {
  it('answers TRACE, POST, PUT, DELETE and PROPFIND with a 405 problem naming what is allowed', async () => {
    for (const path of ['/healthz', '/metrics']) {
      for (const method of ['TRACE', 'POST', 'PUT', 'DELETE', 'PROPFIND']) {
        const reply = await raw(`${method} ${path} HTTP/1.1\r\nHost: ${host()}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
        expect(statusOf(reply), `${method} ${path}`).toBe(405);
        expect(headerOf(reply, 'content-type'), `${method} ${path}`).toContain('application/problem+json');
        expect(headerOf(reply, 'allow'), `${method} ${path}`).toBe('GET, HEAD, OPTIONS');
        expect(headerOf(reply, 'x-frame-options'), `${method} ${path}`).toBe('DENY');
        expect(JSON.parse(bodyOf(reply)).code, `${method} ${path}`).toBe('method_not_allowed');
      }
      const options = await raw(`OPTIONS ${path} HTTP/1.1\r\nHost: ${host()}\r\nConnection: close\r\n\r\n`);
      expect(statusOf(options), `OPTIONS ${path}`).toBe(204);
      expect(headerOf(options, 'allow'), `OPTIONS ${path}`).toBe('GET, HEAD, OPTIONS');
    }
    // GET and HEAD still answer
    const health = await raw(`GET /healthz HTTP/1.1\r\nHost: ${host()}\r\nConnection: close\r\n\r\n`);
    expect(statusOf(health)).toBe(200);
    expect(JSON.parse(bodyOf(health)).status).toBe('ok');
    expect(statusOf(await raw(`HEAD /healthz HTTP/1.1\r\nHost: ${host()}\r\nConnection: close\r\n\r\n`))).toBe(200);
    expect((await admin.get('/metrics')).status).toBe(200);
  });
});

describe('sweep four: an absolute-form /socket.io/ target reaches Engine.IO', () => {
  it('opens a polling session for GET http://host/socket.io/?EIO=4&transport=polling, not the web app page', async () => {
    const reply = await raw(
      `GET http://${host()}/socket.io/?EIO=4&transport=polling HTTP/1.1\r\nHost: ${host()}\r\nConnection: close\r\n\r\n`,
    );
    expect(statusOf(reply)).toBe(200);
    expect(headerOf(reply, 'content-type')).toContain('text/plain');
    // Engine.IO's open packet: 0{"sid":…}
    expect(bodyOf(reply)).toMatch(/^0\{"sid":"/);
    expect(bodyOf(reply)).not.toContain('<html');
    expect(headerOf(reply, 'x-frame-options')).toBe('DENY');
    // a target it cannot take is still the HTTP handler's 400 problem, not Engine.IO's
    const bad = await raw(
      `GET http://user:pw@${host()}/socket.io/?EIO=4&transport=polling HTTP/1.1\r\nHost: ${host()}\r\nConnection: close\r\n\r\n`,
    );
    expect(statusOf(bad)).toBe(400);
    expect(headerOf(bad, 'content-type')).toContain('application/problem+json');
  });
});

describe('sweep four: dates far in the past or future are refused with a message that says why', () => {
  it('refuses an interview in year 1 or 9999 and a task due in year 0 or 9999; says a malformed time is not valid (not missing)', async () => {
    const candidate = await admin.post('/api/candidates', candidateBody());
    expect(candidate.status).toBe(201);
    const candidateId = (candidate.json as { id: number }).id;
    const errorsOf = (json: unknown) => (json as { errors: Array<{ path: string; message: string }> }).errors;
    for (const scheduledAt of ['0001-01-01T00:00:00Z', '9999-12-31T23:00:00Z', '1899-12-31T10:00:00Z', '2200-01-01T10:00:00Z']) {
      const res = await admin.post('/api/interviews', { candidateId, scheduledAt });
      expect(res.status, scheduledAt).toBe(400);
      expect(errorsOf(res.json), scheduledAt).toEqual([{ path: 'scheduledAt', message: 'Pick a date between the years 1900 and 2199' }]);
    }
    for (const scheduledAt of ['2026-02-30T10:00:00Z', 'tomorrow']) {
      const res = await admin.post('/api/interviews', { candidateId, scheduledAt });
      expect(errorsOf(res.json), scheduledAt).toEqual([{ path: 'scheduledAt', message: 'Enter a valid date and time' }]);
    }
    const missing = await admin.post('/api/interviews', { candidateId });
    expect(errorsOf(missing.json)).toEqual([{ path: 'scheduledAt', message: 'Interview time is required' }]);
    expect((await admin.post('/api/interviews', { candidateId, scheduledAt: '2027-03-01T10:00:00Z' })).status).toBe(201);

    for (const dueDate of ['0000-01-01', '9999-12-31', '9999-12-31T10:00:00Z']) {
      const res = await admin.post('/api/tasks', { title: `due ${dueDate}`, dueDate });
      expect(res.status, dueDate).toBe(400);
      expect(errorsOf(res.json), dueDate).toEqual([{ path: 'dueDate', message: 'Pick a date between the years 1900 and 2199' }]);
    }
    const badDue = await admin.post('/api/tasks', { title: 'due never', dueDate: '2026-02-30' });
    expect(errorsOf(badDue.json)).toEqual([{ path: 'dueDate', message: 'Enter a valid due date' }]);
    expect((await admin.post('/api/tasks', { title: 'due soon', dueDate: '2027-01-15' })).status).toBe(201);
  });
});
