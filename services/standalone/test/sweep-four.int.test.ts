import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from './support/raw-http';
import { signedIn, startTestApp, type Client } from './support/test-app';
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
