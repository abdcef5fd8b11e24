import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from './support/raw-http';
import { signedIn, startTestApp, type Client } from './support/test-app';
import type { Standalone } from '../src/server';

// Defects found by the fifth attacker / new-user sweep (2026-11-25), one case each.

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

describe('sweep five: /socket.io/ refuses an ambiguous request as the API does', () => {
  it('answers HTTP/1.1 without Host, two Hosts or a malformed Host with the 400 problem, on polling and on upgrades', async () => {
    const polling = '/socket.io/?EIO=4&transport=polling';
    const cases = [
      `GET ${polling} HTTP/1.1\r\nConnection: close\r\n\r\n`,
      `GET ${polling} HTTP/1.1\r\nHost: ${host()}\r\nHost: other.example\r\nConnection: close\r\n\r\n`,
      `GET ${polling} HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n`,
      // a WebSocket upgrade without Host
      `GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
        `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`,
    ];
    for (const request of cases) {
      const reply = await raw(request);
      const label = request.split('\r\n').slice(0, 3).join(' | ');
      expect(statusOf(reply), label).toBe(400);
      expect(headerOf(reply, 'content-type'), label).toContain('application/problem+json');
      expect(headerOf(reply, 'x-frame-options'), label).toBe('DENY');
      expect(JSON.parse(bodyOf(reply)).code, label).toBe('bad_request');
      expect(bodyOf(reply), label).not.toContain('"sid"');
    }
    // the API answers the same request the same way
    const api = await raw(`GET /api/candidates HTTP/1.1\r\nConnection: close\r\n\r\n`);
    expect(statusOf(api)).toBe(400);
    // a well-formed polling handshake still opens a session
    const ok = await raw(`GET ${polling} HTTP/1.1\r\nHost: ${host()}\r\nConnection: close\r\n\r\n`);
    expect(statusOf(ok)).toBe(200);
    expect(bodyOf(ok)).toMatch(/^0\{"sid":"/);
    expect((await admin.get('/api/auth/user')).status).toBe(200);
  });
});
