import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from './support/raw-http';
import { candidateBody, signedIn, startTestApp, type Client } from './support/test-app';
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

describe('sweep five: a method a path does not take is a 405 with Allow, not a 404 "No route"', () => {
  it('refuses writes on the exports, subject access and retention lists, and GET on merge and extend, naming what is allowed', async () => {
    const cases: Array<[string, string, string]> = [
      ['PUT', '/api/exports/candidates', 'GET, HEAD, OPTIONS'],
      ['POST', '/api/exports/candidates', 'GET, HEAD, OPTIONS'],
      ['DELETE', '/api/candidates/1/subject-access', 'GET, HEAD, OPTIONS'],
      ['PATCH', '/api/privacy/retention', 'GET, HEAD, OPTIONS'],
      ['GET', '/api/candidates/1/merge', 'POST, OPTIONS'],
      ['GET', '/api/privacy/retention/extend', 'POST, OPTIONS'],
      ['HEAD', '/api/imports/00000000-0000-0000-0000-000000000000/start', 'POST, OPTIONS'],
    ];
    for (const [method, path, allow] of cases) {
      const reply = await raw(`${method} ${path} HTTP/1.1\r\nHost: ${host()}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
      expect(statusOf(reply), `${method} ${path}`).toBe(405);
      expect(headerOf(reply, 'allow'), `${method} ${path}`).toBe(allow);
      if (method !== 'HEAD') expect(JSON.parse(bodyOf(reply)).code, `${method} ${path}`).toBe('method_not_allowed');
    }
    // the sign-out page is a GET outside the contracts: still served, and named in Allow
    const options = await raw(`OPTIONS /api/logout HTTP/1.1\r\nHost: ${host()}\r\nConnection: close\r\n\r\n`);
    expect(headerOf(options, 'allow')).toBe('POST, GET, HEAD, OPTIONS');
    expect((await admin.get('/api/login')).status).toBe(302);
    expect((await admin.get('/api/openapi.json')).status).toBe(200);
    // the routes themselves still answer
    expect((await admin.get('/api/exports/candidates')).status).toBe(200);
    expect((await admin.get('/api/privacy/retention')).status).toBe(200);
  });
});

describe('sweep five: merge and id messages say what is wrong', () => {
  it('names the missing candidate of a merge (was "Candidate 0"), and says an id out of range is not a valid id (was "Required")', async () => {
    const a = await admin.post('/api/candidates', candidateBody());
    expect(a.status).toBe(201);
    const id = (a.json as { id: number }).id;
    const missing = await admin.post(`/api/candidates/${id}/merge`, { absorbedId: 99999999 });
    expect(missing.status).toBe(404);
    expect((missing.json as { detail: string }).detail).toBe('Candidate 99999999 not found');
    const missingSurvivor = await admin.post(`/api/candidates/99999998/merge`, { absorbedId: id });
    expect(missingSurvivor.status).toBe(404);
    expect((missingSurvivor.json as { detail: string }).detail).toBe('Candidate 99999998 not found');
    const errorsOf = (json: unknown) => (json as { errors: Array<{ path: string; message: string }> }).errors;
    for (const absorbedId of [1e20, -1, 1.5, 'x']) {
      const res = await admin.post(`/api/candidates/${id}/merge`, { absorbedId });
      expect(res.status, String(absorbedId)).toBe(400);
      expect(errorsOf(res.json), String(absorbedId)).toEqual([{ path: 'absorbedId', message: 'Expected an id (a whole number above 0)' }]);
    }
    const none = await admin.post(`/api/candidates/${id}/merge`, {});
    expect(errorsOf(none.json)).toEqual([{ path: 'absorbedId', message: 'Required' }]);
    // the same for every id in a body (an interview's candidate)
    const interview = await admin.post('/api/interviews', { candidateId: -5, scheduledAt: '2027-01-05T10:00:00Z' });
    expect(interview.status).toBe(400);
    expect(errorsOf(interview.json)).toContainEqual({ path: 'candidateId', message: 'Expected an id (a whole number above 0)' });
  });
});

describe('sweep five: an import file with two columns of one name', () => {
  it('offers both columns to the mapping ("Phone", "Phone (2)") and reads the one chosen', async () => {
    const tag = Date.now().toString(36);
    const csv = `First,Last,Title,Email,Email\nAnn,Lee,Dev,old.${tag}@example.com,new.${tag}@example.com\n`;
    const upload = await admin.post('/api/imports', { kind: 'candidates', fileName: 'two-emails.csv', csv });
    expect(upload.status).toBe(201);
    const { importId, headers } = upload.json as { importId: string; headers: string[] };
    expect(headers).toEqual(['First', 'Last', 'Title', 'Email', 'Email (2)']);
    const mapping = (email: string) => ({ firstName: 'First', lastName: 'Last', currentTitle: 'Title', email });
    const preview = async (email: string) => {
      const res = await admin.post(`/api/imports/${importId}/preview`, { mapping: mapping(email) });
      expect(res.status).toBe(200);
      return (res.json as { rows: Array<{ values: Record<string, unknown> }> }).rows[0]!.values.email;
    };
    // the first column is no longer lost to the last one of its name
    expect(await preview('Email')).toBe(`old.${tag}@example.com`);
    expect(await preview('Email (2)')).toBe(`new.${tag}@example.com`);
  });
});
