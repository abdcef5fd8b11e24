/**
 * Drill: the raw HTTP surface. Malformed paths and %-escapes on every route prefix, header abuse
 * (huge headers, duplicate Host / Content-Length, bad Content-Type, absurd X-Forwarded-For) and a
 * slow body: none of them crashes or freezes the server, bad input is a 4xx (never a 500), and
 * after each one the server still answers /healthz.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { silentLogger } from '@ats/http-kit';
import { type Client, signedIn } from '../services/standalone/test/support/test-app';
import { startStandalone, type Standalone } from '../services/standalone/src/server';

let app: Standalone;
let port: number;
let admin: Client;

beforeAll(async () => {
  // a web root of its own, so the drill does not depend on a built web/dist
  const webDir = mkdtempSync(join(tmpdir(), 'ats-web-'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>TalentFlow</title><div id="root"></div>');
  writeFileSync(join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = await startStandalone({
    port: 0,
    host: '127.0.0.1',
    dataDir: undefined,
    sessionSecret: 'test-secret-test-secret-test-secret',
    webDir,
    log: silentLogger,
    validateResponses: true,
  });
  port = Number(new URL(app.url).port);
  admin = await signedIn(app, 'admin');
});
afterAll(async () => app?.close());

interface RawReply {
  status: number;
  head: string;
  body: string;
}

/** Writes bytes as they are (no client-side normalisation) and reads until the server closes. */
function raw(request: string | Buffer, options: { timeoutMs?: number; chunks?: { data: string; delayMs: number }[] } = {}) {
  return new Promise<RawReply>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${options.timeoutMs ?? 5000} ms`));
    }, options.timeoutMs ?? 5000);
    socket.on('connect', async () => {
      socket.write(request);
      for (const chunk of options.chunks ?? []) {
        await new Promise((r) => setTimeout(r, chunk.delayMs));
        if (!socket.destroyed) socket.write(chunk.data);
      }
    });
    socket.on('data', (d) => (data += d.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      const [head = '', ...rest] = data.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0);
      resolve({ status, head, body: rest.join('\r\n\r\n') });
    });
  });
}

const get = (path: string, headers: string[] = []) =>
  raw(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${headers.map((h) => h + '\r\n').join('')}Connection: close\r\n\r\n`);

async function stillHealthy() {
  const res = await fetch(`${app.url}/healthz`);
  expect(res.status).toBe(200);
}

/** 4xx or a served page: never a 5xx, never a dropped connection. */
function expectHandled(reply: RawReply, label: string) {
  expect(reply.status, `${label}: ${reply.head.split('\r\n')[0]}`).toBeGreaterThanOrEqual(200);
  expect(reply.status, `${label}: ${reply.head.split('\r\n')[0]}`).toBeLessThan(500);
}

describe('HTTP surface drill', () => {
  const prefixes = [
    '/',
    '/candidates/',
    '/assets/',
    '/api/',
    '/api/candidates/',
    '/api/candidates/1/',
    '/api/login/',
    '/api/auth/',
    '/socket.io/',
    '/healthz',
    '/api/openapi.json/',
  ];
  const escapes = ['%ff', '%', '%zz', '%c0%af', '%00', '%E0%A4%A', '..%2f..%2fetc%2fpasswd', '%2e%2e/%2e%2e/', '%uD800'];

  it('malformed %-escapes on every route prefix answer 4xx (or the SPA), never crash', async () => {
    const wrong: string[] = [];
    for (const prefix of prefixes)
      for (const bad of escapes) {
        for (const path of [prefix + bad, `${prefix}?q=${bad}`, `${prefix}?next=${bad}&minPosition=${bad}`]) {
          const reply = await get(path, [admin.cookie ? `Cookie: ${admin.cookie}` : '']);
          if (reply.status < 200 || reply.status >= 500) wrong.push(`${path} → ${reply.status || 'no answer'}`);
        }
      }
    expect(wrong).toEqual([]);
    await stillHealthy();
  });

  it('a bad escape on a non-API path is a 400 problem+json, on an API path too', async () => {
    const page = await get('/%ff');
    expect(page.status).toBe(400);
    expect(page.head).toMatch(/content-type: application\/problem\+json/i);
    const api = await get('/api/candidates/%ff', [`Cookie: ${admin.cookie}`]);
    expect(api.status).toBeGreaterThanOrEqual(400);
    expect(api.status).toBeLessThan(500);
    expect(api.head).toMatch(/content-type: application\/problem\+json/i);
    await stillHealthy();
  });

  it('malformed request targets and methods', async () => {
    for (const line of [
      'GET * HTTP/1.1',
      'GET http://evil.invalid/ HTTP/1.1',
      'BREW / HTTP/1.1',
      'GET //etc/passwd HTTP/1.1',
      'GET /\\evil HTTP/1.1',
    ]) {
      const reply = await raw(`${line}\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
      expect(reply.status, line).toBeGreaterThan(0);
      expect(reply.status, line).toBeLessThan(500);
    }
    await stillHealthy();
  });

  it('huge headers are refused with 431, the server lives on', async () => {
    const reply = await get('/api/auth/user', [`X-Big: ${'a'.repeat(64 * 1024)}`]);
    expect(reply.status).toBe(431);
    // a problem like every other error, with the security headers (not Node's bare status line)
    expect(reply.head).toMatch(/content-type: application\/problem\+json/i);
    expect(reply.head).toMatch(/x-content-type-options: nosniff/i);
    expect(JSON.parse(reply.body)).toMatchObject({ status: 431, code: 'header_fields_too_large' });
    // a 60 kB path overflows the parser the same way
    const longPath = await get(`/api/${'a'.repeat(60_000)}`);
    expect(longPath.status).toBe(431);
    expect(JSON.parse(longPath.body)).toMatchObject({ status: 431 });
    // a request line the parser cannot read is a 400 problem
    const garbled = await raw('GET /\x00 HTTP/9.9\r\n\r\n');
    expect(garbled.status).toBe(400);
    expect(JSON.parse(garbled.body)).toMatchObject({ status: 400, code: 'bad_request' });
    const many = await get(
      '/',
      Array.from({ length: 3000 }, (_, i) => `X-H${i}: v`),
    );
    expect([200, 431]).toContain(many.status);
    await stillHealthy();
  });

  it('duplicate Host or Content-Length is a 400', async () => {
    const twoHosts = await raw(`GET / HTTP/1.1\r\nHost: a.example\r\nHost: b.example\r\nConnection: close\r\n\r\n`);
    expect(twoHosts.status).toBe(400);
    const twoLengths = await raw(
      `POST /api/candidates HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 40\r\nConnection: close\r\n\r\n{}`,
    );
    expect(twoLengths.status).toBe(400);
    const smuggled = await raw(
      `POST /api/candidates HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\n`,
    );
    expect(smuggled.status).toBe(400);
    await stillHealthy();
  });

  it('a bad Content-Type or a truncated JSON body is a 4xx problem', async () => {
    for (const type of ['text/plain', 'application/json; charset=bogus-7', 'multipart/form-data', '\u0001\u0002', 'application/json']) {
      const body = type === 'application/json' ? '{"firstName": "A' : 'x=1';
      const reply = await raw(
        `POST /api/candidates HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${admin.cookie}\r\nContent-Type: ${type}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
      expectHandled(reply, type);
      expect(reply.status, type).toBeGreaterThanOrEqual(400);
    }
    await stillHealthy();
  });

  it('an absurd X-Forwarded-For (untrusted by default) changes nothing and breaks nothing', async () => {
    for (const xff of [
      'x'.repeat(8000),
      Array.from({ length: 500 }, (_, i) => `10.0.${i % 250}.1`).join(', '),
      ',,,,',
      '::::::',
      '"<script>"',
    ]) {
      const reply = await get('/api/auth/user', [`X-Forwarded-For: ${xff}`, 'X-Forwarded-Host: evil.invalid', 'X-Forwarded-Proto: gopher']);
      expect(reply.status).toBe(401);
    }
    await stillHealthy();
  });

  it('a slow body neither blocks other requests nor the server', async () => {
    const slow = raw(
      `POST /api/candidates HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${admin.cookie}\r\nContent-Type: application/json\r\nContent-Length: 100\r\nConnection: close\r\n\r\n{"a":`,
      { timeoutMs: 2000, chunks: [{ data: '1', delayMs: 300 }] },
    ).catch(() => null);
    const started = Date.now();
    await stillHealthy();
    expect(Date.now() - started).toBeLessThan(1000);
    expect((await admin.get('/api/auth/user')).status).toBe(200);
    // the client gives up: the server must notice and answer (or drop) without a crash
    await slow;
    await stillHealthy();
  });

  it('every reply carries the security headers (API, page, static file, error)', async () => {
    for (const path of [
      '/',
      '/api/login',
      '/api/auth/user',
      '/api/nowhere',
      '/favicon.svg',
      '/%ff',
      '/healthz',
      // Engine.IO answers these itself, outside Koa: a polling handshake and a bad one
      '/socket.io/?EIO=4&transport=polling',
      '/socket.io/?EIO=9&transport=nowhere',
    ]) {
      const reply = await get(path);
      expect(reply.head, path).toMatch(/content-security-policy: default-src 'self'/i);
      expect(reply.head, path).toMatch(/x-frame-options: DENY/i);
      expect(reply.head, path).toMatch(/x-content-type-options: nosniff/i);
      expect(reply.head, path).toMatch(/referrer-policy: (strict-origin-when-cross-origin|no-referrer)/i);
    }
  });
});
