/**
 * Drill: access control at every door. Every endpoint of the contracts without a session is 401
 * (public ones excepted), with a role it does not allow is 403; a cross-origin state-changing
 * request is refused and appends nothing; a socket without a (valid) session is refused at the
 * handshake and never joins a room or hears a change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { ROLES, contracts, type Contract, type Role } from '@ats/contracts';
import { Client, candidateBody, signedIn, startTestApp } from '@ats/standalone/testing';
import type { Standalone } from '@ats/standalone';

let app: Standalone;
const sessions = new Map<Role, Client>();

beforeAll(async () => {
  app = await startTestApp();
  for (const role of ROLES) sessions.set(role, await signedIn(app, role));
});
afterAll(async () => app?.close());

const endpoints = Object.values(contracts) as Contract[];
const pathOf = (c: Contract) => c.path.replace(/:([A-Za-z]+)/g, '1');
/** Contracts whose route is not bound yet (work in progress elsewhere) answer 404 "No route for …". */
const unbound = new Set<string>();
const isUnbound = (c: Contract, res: { status: number; json: any }) => {
  if (res.status === 404 && typeof res.json?.detail === 'string' && res.json.detail.startsWith('No route for')) {
    if (!unbound.has(c.name)) console.warn(`[drill] ${c.method} ${c.path} (${c.name}) has no route yet; not checked`);
    unbound.add(c.name);
    return true;
  }
  return false;
};
const send = (client: Client, c: Contract, headers: Record<string, string> = {}) =>
  client.request(c.method, pathOf(c), c.method === 'GET' ? undefined : {}, headers);

describe('security drill', () => {
  it('every protected endpoint without a session is 401 problem+json', async () => {
    const anon = new Client(app.url);
    const protectedOnes = endpoints.filter((c) => c.roles.length > 0);
    expect(protectedOnes.length).toBeGreaterThan(5);
    const wrong: string[] = [];
    for (const c of protectedOnes) {
      const before = await app.eventStore.headPosition();
      const res = await send(anon, c);
      if (isUnbound(c, res)) continue;
      if (res.status !== 401 || res.json?.code !== 'unauthorized') wrong.push(`${c.method} ${c.path} → ${res.status}`);
      if ((await app.eventStore.headPosition()) !== before) wrong.push(`${c.method} ${c.path} appended events`);
    }
    expect(wrong).toEqual([]);
  });

  it('a forged or expired session cookie is 401 too', async () => {
    const forged = Object.assign(new Client(app.url), { cookie: 'ats.sid=forged-session-id; ats.sid.sig=bad' });
    expect((await forged.get('/api/auth/user')).status).toBe(401);
    expect((await forged.post('/api/candidates', candidateBody())).status).toBe(401);
  });

  it('every endpoint with a role it does not allow is 403 and appends nothing', async () => {
    const checked: string[] = [];
    const wrong: string[] = [];
    for (const c of endpoints.filter((e) => e.roles.length > 0)) {
      for (const role of ROLES.filter((r) => !c.roles.includes(r))) {
        const before = await app.eventStore.headPosition();
        const res = await send(sessions.get(role)!, c);
        if (isUnbound(c, res)) continue;
        checked.push(`${role} ${c.name}`);
        if (res.status !== 403 || res.json?.code !== 'forbidden') wrong.push(`${role}: ${c.method} ${c.path} → ${res.status}`);
        if ((await app.eventStore.headPosition()) !== before) wrong.push(`${role}: ${c.method} ${c.path} appended events`);
      }
    }
    // at least every command on the agency's data is refused to the read-only auditor (the ones
    // every role may call change only the caller's own state: notification read marks, follows)
    expect(checked.filter((x) => x.startsWith('auditor')).length).toBeGreaterThanOrEqual(
      endpoints.filter((e) => e.method !== 'GET' && e.roles.length > 0 && !e.roles.includes('auditor') && !unbound.has(e.name)).length,
    );
    expect(wrong).toEqual([]);
  });

  it('refuses cross-origin state-changing requests, even with a valid session', async () => {
    const writer = sessions.get('recruiter')!;
    const commands = endpoints.filter((c) => c.method !== 'GET' && c.roles.length > 0);
    for (const headers of <Array<Record<string, string>>>[
      { Origin: 'http://evil.example' },
      { Origin: 'null' },
      { 'Sec-Fetch-Site': 'cross-site' },
      { Origin: 'http://localhost.evil.example' },
    ]) {
      for (const c of commands) {
        const before = await app.eventStore.headPosition();
        const res = await writer.request(c.method, pathOf(c), c.name === 'createCandidate' ? candidateBody() : {}, headers);
        if (isUnbound(c, res)) continue;
        expect(res.status, `${c.method} ${c.path} with ${JSON.stringify(headers)}`).toBe(403);
        expect(await app.eventStore.headPosition()).toBe(before);
      }
    }
    // the same request from the app's own origin goes through
    const ok = await writer.request('POST', '/api/candidates', candidateBody(), { Origin: app.url, 'Sec-Fetch-Site': 'same-origin' });
    expect(ok.status).toBe(201);
  });

  it('refuses a socket without a session at the handshake; it cannot join a room or hear changes', async () => {
    const attempts: Array<Record<string, string>> = [{}, { Cookie: 'ats.sid=forged; ats.sid.sig=forged' }];
    for (const extraHeaders of attempts) {
      const socket: Socket = connect(app.url, {
        path: '/socket.io',
        transports: ['websocket'],
        extraHeaders,
        reconnection: false,
        forceNew: true,
        timeout: 5000,
      });
      let heard = 0;
      socket.on('changed', () => heard++);
      const outcome = await new Promise<string>((resolve) => {
        socket.on('connect', () => resolve('connected'));
        socket.on('connect_error', (error) => resolve(`refused: ${error.message}`));
      });
      expect(outcome).toBe('refused: unauthorized');
      // a join attempted anyway is never acknowledged (the socket is not connected)
      const joined = await Promise.race([
        socket
          .timeout(500)
          .emitWithAck('join', 'pipeline')
          .then(
            () => 'joined',
            () => 'no ack',
          ),
        new Promise((r) => setTimeout(() => r('no ack'), 700)),
      ]);
      expect(joined).toBe('no ack');
      const writer = sessions.get('recruiter')!;
      const res = await writer.post('/api/clients', { companyName: 'Eavesdrop Target' });
      await app.projector.waitFor(res.json.position, 5000);
      await new Promise((r) => setTimeout(r, 200));
      expect(heard).toBe(0);
      socket.close();
    }
  });

  it('a signed-in socket may join known rooms only', async () => {
    const cookie = sessions.get('auditor')!.cookie;
    const socket: Socket = connect(app.url, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { Cookie: cookie },
      reconnection: false,
      forceNew: true,
    });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    expect(await socket.emitWithAck('join', 'pipeline')).toEqual({ ok: true });
    expect((await socket.emitWithAck('join', 'user:someone-else')).ok).toBe(false);
    expect((await socket.emitWithAck('join', { $ne: null })).ok).toBe(false);
    expect((await socket.emitWithAck('join', 'x'.repeat(100_000))).ok).toBe(false);
    socket.close();
  });
});
