import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rawRequest } from './support/raw-http';
import { candidateBody, signedIn, startTestApp, type Client } from './support/test-app';
import type { Standalone } from '../src/server';

// Defects found by the third attacker / new-user sweep (2026-11-25), one case each.

let app: Standalone;
let admin: Client;
beforeAll(async () => {
  app = await startTestApp();
  admin = await signedIn(app, 'admin', 'Root');
});
afterAll(async () => {
  await app?.close();
});

const raw = (request: string, port?: number) => rawRequest(app.url, request, port);
const host = () => new URL(app.url).host;
const statusOf = (reply: string) => Number(/^HTTP\/1\.1 (\d{3}) /.exec(reply)?.[1]);
const headerOf = (reply: string, name: string) =>
  new RegExp(`\r\n${name}: ([^\r]*)\r\n`, 'i').exec(reply.split('\r\n\r\n')[0]! + '\r\n')?.[1];
const bodyOf = (reply: string) => JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;

describe('sweep three: an absolute-form request target routes by its path (RFC 9112 §3.2.2)', () => {
  it('answers GET http://other.host/api/… from the API, not with the web app page', async () => {
    const reply = await raw(
      `GET http://${host()}/api/candidates?limit=1 HTTP/1.1\r\nHost: ${host()}\r\nCookie: ${admin.cookie}\r\nConnection: close\r\n\r\n`,
    );
    expect(statusOf(reply)).toBe(200);
    expect(headerOf(reply, 'content-type')).toContain('application/json');
    // another host in the target: the same path, and no more trust than a Host header gets
    const other = await raw(`GET http://other.host/api/candidates HTTP/1.1\r\nHost: ${host()}\r\nConnection: close\r\n\r\n`);
    expect(statusOf(other)).toBe(401);
    expect(headerOf(other, 'content-type')).toContain('application/problem+json');
    const health = await raw(`GET HTTP://${host()}/healthz HTTP/1.1\r\nHost: ${host()}\r\nConnection: close\r\n\r\n`);
    expect(statusOf(health)).toBe(200);
    expect(headerOf(health, 'content-type')).toContain('application/json');
  });

  it('takes the target host as the request origin: a write from another origin is still refused', async () => {
    const body = JSON.stringify(candidateBody({ email: `abs-${Date.now()}@agency.example` }));
    const write = (target: string, origin: string) =>
      raw(
        `POST ${target} HTTP/1.1\r\nHost: ${host()}\r\nOrigin: ${origin}\r\nCookie: ${admin.cookie}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    // the Host header's origin does not pass for a target that names another host
    expect(statusOf(await write('http://evil.example/api/candidates', `http://${host()}`))).toBe(403);
    expect(statusOf(await write(`http://${host()}/api/candidates`, 'http://evil.example'))).toBe(403);
    expect(statusOf(await write(`http://${host()}/api/candidates`, `http://${host()}`))).toBe(201);
  });

  it('refuses a target that is neither a path nor an http(s) URL, or names user info, with a problem', async () => {
    for (const target of ['http://user:pw@other.host/api/candidates', 'ftp://other.host/api/candidates', 'http://a b/']) {
      const reply = await raw(`GET ${target} HTTP/1.1\r\nHost: ${host()}\r\nConnection: close\r\n\r\n`);
      expect(statusOf(reply), target).toBe(400);
      expect(headerOf(reply, 'content-type'), target).toContain('application/problem+json');
    }
  });
});

describe('sweep three: an import is its uploader’s and the admins’', () => {
  const csv = 'First Name,Last Name,E-mail,Job Title,Company\r\nGrace,Hopper,grace-s3@navy.example,Rear Admiral,US Navy\r\n';

  it('answers 404 to another writer for the status, the preview and the start, as for an unknown id', async () => {
    const owner = await signedIn(app, 'recruiter', 'Owner');
    const other = await signedIn(app, 'recruiter', 'Other');
    const manager = await signedIn(app, 'manager', 'Manager');
    const up = await owner.post('/api/imports', { kind: 'candidates', fileName: 'mine.csv', csv });
    expect(up.status).toBe(201);
    const { importId, mapping } = up.json as { importId: string; mapping: Record<string, string> };
    const unknown = '00000000-0000-4000-8000-000000000000';

    for (const intruder of [other, manager]) {
      const status = await intruder.get(`/api/imports/${importId}`);
      expect(status.status).toBe(404);
      // the same reply as for an id that does not exist: nothing tells that it does
      expect(status.json).toMatchObject({ code: 'not_found', detail: (await intruder.get(`/api/imports/${unknown}`)).json.detail });
      expect((await intruder.post(`/api/imports/${importId}/preview`, { mapping })).status).toBe(404);
      expect((await intruder.post(`/api/imports/${importId}/start`, { mapping })).status).toBe(404);
    }
    // nothing was started by them
    expect((await owner.get(`/api/imports/${importId}`)).json).toMatchObject({ status: 'uploaded' });

    // the uploader previews, starts and reads it; an admin reads it too
    expect((await owner.post(`/api/imports/${importId}/preview`, { mapping })).json).toMatchObject({ total: 1, valid: 1 });
    expect((await owner.post(`/api/imports/${importId}/start`, { mapping })).status).toBe(202);
    await app.commandApi.imports.settled(importId);
    expect((await owner.get(`/api/imports/${importId}`)).json).toMatchObject({ importId, created: 1 });
    expect((await admin.get(`/api/imports/${importId}`)).json).toMatchObject({ importId, created: 1 });
  });
});

describe('sweep three: odd methods, expectations and a missing Host are answered with a problem, never a 5xx', () => {
  const request = (line: string, extra = '') => raw(`${line} HTTP/1.1\r\nHost: ${host()}\r\n${extra}Connection: close\r\n\r\n`);

  it('answers TRACE and PROPFIND on an API route with 405 and what the route takes, on an unknown one 404', async () => {
    for (const method of ['TRACE', 'PROPFIND']) {
      const reply = await request(`${method} /api/candidates`);
      expect(statusOf(reply), method).toBe(405);
      expect(headerOf(reply, 'content-type')).toContain('application/problem+json');
      expect(headerOf(reply, 'allow')?.split(', ').sort()).toEqual(['GET', 'HEAD', 'OPTIONS', 'POST']);
      expect(bodyOf(reply)).toMatchObject({ code: 'method_not_allowed' });
    }
    const unknown = await request('TRACE /api/no-such-thing');
    expect(statusOf(unknown)).toBe(404);
    expect(headerOf(unknown, 'content-type')).toContain('application/problem+json');
    // the API's root itself: a 404 problem like any unknown API path (it was Koa's plain "Not Found")
    const root = await request('GET /api');
    expect(statusOf(root)).toBe(404);
    expect(bodyOf(root)).toMatchObject({ code: 'not_found' });
  });

  it('answers OPTIONS on an API route with every method both sides serve', async () => {
    const reply = await request('OPTIONS /api/candidates/12');
    expect(statusOf(reply)).toBe(204);
    expect(headerOf(reply, 'allow')?.split(', ').sort()).toEqual(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH']);
  });

  it('answers CONNECT with a 405 problem instead of dropping the connection', async () => {
    const reply = await raw(`CONNECT ${host()} HTTP/1.1\r\nHost: ${host()}\r\n\r\n`);
    expect(statusOf(reply)).toBe(405);
    expect(bodyOf(reply)).toMatchObject({ code: 'method_not_allowed' });
  });

  it('answers an Expect it cannot meet with a 417 problem, and 100-continue with 100 then the reply', async () => {
    const odd = await request('POST /api/auth/login', 'Expect: 200-ok\r\nContent-Type: application/json\r\nContent-Length: 2\r\n');
    expect(statusOf(odd)).toBe(417);
    expect(headerOf(odd, 'content-type')).toContain('application/problem+json');
    expect(headerOf(odd, 'content-security-policy')).toBeTruthy();
    const body = '{"email":"nobody@agency.example","password":"not-the-password"}';
    const go = await raw(
      `POST /api/auth/login HTTP/1.1\r\nHost: ${host()}\r\nExpect: 100-continue\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
    expect(go).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 401 /);
  });

  it('answers an HTTP/1.1 request without Host with a 400 problem', async () => {
    const reply = await raw('GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect(statusOf(reply)).toBe(400);
    expect(bodyOf(reply)).toMatchObject({ code: 'bad_request', detail: 'The request has no Host header.' });
    // HTTP/1.0 needs none
    expect(statusOf(await raw('GET /healthz HTTP/1.0\r\n\r\n')).toString()).toMatch(/^200$/);
  });

  it('has the API services on their own (distributed mode) answer TRACE with a 405 problem, not the router’s 501', async () => {
    for (const service of [app.queryApi.app, app.commandApi.app]) {
      const server = createServer(service.callback());
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const port = (server.address() as AddressInfo).port;
        const reply = await raw(`TRACE /api/candidates HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`, port);
        expect(statusOf(reply)).toBe(405);
        expect(headerOf(reply, 'content-type')).toContain('application/problem+json');
        expect(headerOf(reply, 'allow')).toBeTruthy();
        const absolute = await raw(
          `GET http://127.0.0.1:${port}/api/candidates HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
          port,
        );
        // routed by its path: the read side wants a session, the write side has only POST there
        expect(statusOf(absolute)).toBe(service === app.queryApi.app ? 401 : 405);
        expect(headerOf(absolute, 'content-type')).toContain('application/problem+json');
      } finally {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    }
  });
});
