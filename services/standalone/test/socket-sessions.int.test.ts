import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { Client, signedIn, startTestApp } from './support/test-app';
import type { Standalone } from '../src/server';

let app: Standalone;
let admin: Client;
beforeAll(async () => {
  app = await startTestApp();
  admin = await signedIn(app, 'admin', 'Root');
});
afterAll(async () => {
  await app?.close();
});

const open = (client: Client, headers: Record<string, string> = {}): Socket =>
  connect(app.url, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { Cookie: client.cookie, ...headers },
    reconnection: false,
    forceNew: true,
  });
const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
const closedWithin = (socket: Socket, ms: number) =>
  new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`socket still open after ${ms} ms`)), ms);
    socket.on('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
const idOf = async (client: Client) => (await client.get('/api/auth/user')).json.id as string;

describe('sockets follow the session and the account', () => {
  it('refuses to leave the private user room, and a deactivation still ends the socket', async () => {
    const user = await signedIn(app, 'recruiter', 'Leaver');
    const socket = open(user);
    await connected(socket);
    const id = await idOf(user);
    expect(await socket.emitWithAck('leave', `user:${id}`)).toEqual({ ok: false, error: 'private room' });
    expect(await socket.emitWithAck('join', 'pipeline')).toEqual({ ok: true });
    expect(await socket.emitWithAck('leave', 'pipeline')).toEqual({ ok: true });
    const closed = closedWithin(socket, 5000);
    expect((await admin.patch(`/api/users/${id}`, { active: false })).status).toBe(200);
    expect(await closed).toBe('io server disconnect');
    // and it cannot come back
    const again = open(user);
    await expect(connected(again)).rejects.toThrow('unauthorized');
    again.close();
  });

  it('ends the socket within a second of logout, and only that session’s', async () => {
    const user = await signedIn(app, 'recruiter', 'Quitter');
    const other = await new Client(app.url).login(user.user.email, user.user.password);
    const socket = open(user);
    const kept = open(other);
    await Promise.all([connected(socket), connected(kept)]);
    const closed = closedWithin(socket, 1000);
    const cookie = user.cookie;
    expect((await user.get('/api/logout')).status).toBe(302);
    expect(await closed).toBe('io server disconnect');
    expect(kept.connected).toBe(true);
    // the old cookie opens nothing any more
    const again = connect(app.url, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { Cookie: cookie },
      reconnection: false,
      forceNew: true,
    });
    await expect(connected(again)).rejects.toThrow('unauthorized');
    again.close();
    kept.close();
  });

  it('closes a refused connection’s transport, so a client that never signs in cannot hold it open', async () => {
    // Engine.IO long-polling by hand: a client that ignores the refusal and keeps polling
    const base = `${app.url}/socket.io/?EIO=4&transport=polling`;
    const open = await (await fetch(base)).text();
    const sid = (JSON.parse(open.slice(1)) as { sid: string }).sid;
    const poll = `${base}&sid=${encodeURIComponent(sid)}`;
    expect((await fetch(poll, { method: 'POST', body: '40' })).status).toBe(200);
    expect(await (await fetch(poll)).text()).toContain('44{"message":"unauthorized"}');
    // the next polls end with a close packet or an unknown session, well before a ping would come (4 s)
    const started = Date.now();
    let closed = false;
    while (!closed && Date.now() - started < 3_000) {
      const reply = await fetch(poll);
      const body = await reply.text();
      closed = reply.status === 400 || body.split('\x1e').includes('1');
    }
    expect(closed).toBe(true);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('refuses a handshake from a foreign Origin even with a valid cookie', async () => {
    const user = await signedIn(app, 'recruiter', 'Origin');
    const port = new URL(app.url).port;
    for (const origin of ['https://evil.example', `http://localhost:${Number(port) + 1}`, 'null']) {
      const socket = open(user, { Origin: origin });
      await expect(connected(socket)).rejects.toThrow('forbidden origin');
      socket.close();
    }
    const own = open(user, { Origin: `http://localhost:${port}` });
    await connected(own);
    own.close();
  });

  it('re-authorises on a role change: a demoted admin leaves the team room but stays connected', async () => {
    const demoted = await signedIn(app, 'admin', 'Demoted');
    const watcher = await signedIn(app, 'admin', 'Watcher');
    const [socket, control] = [open(demoted), open(watcher)];
    await Promise.all([connected(socket), connected(control)]);
    for (const s of [socket, control]) {
      expect(await s.emitWithAck('join', 'team')).toEqual({ ok: true });
      expect(await s.emitWithAck('join', 'pipeline')).toEqual({ ok: true });
    }
    const heard: string[] = [];
    socket.on('changed', (msg: { readModel: string; eventType: string }) => heard.push(`${msg.readModel}:${msg.eventType}`));
    let disconnected = false;
    socket.on('disconnect', () => (disconnected = true));

    expect((await admin.patch(`/api/users/${await idOf(demoted)}`, { role: 'auditor' })).status).toBe(200);
    // the socket takes the new role once the users read model reports the change
    const deadline = Date.now() + 5000;
    while ((await socket.emitWithAck('join', 'team')).ok && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await socket.emitWithAck('join', 'team')).toEqual({ ok: false, error: 'forbidden' });

    // a change for the team room reaches the admin, not the demoted auditor
    heard.length = 0;
    const controlHeard = new Promise<void>((resolve) =>
      control.on('changed', (msg: { readModel: string; eventType: string }) => msg.eventType === 'UserRegistered' && resolve()),
    );
    const created = await admin.post('/api/users', {
      email: `team.${Date.now()}@example.com`,
      firstName: 'Nina',
      lastName: 'New',
      password: 'a-long-password-1',
    });
    expect(created.status).toBe(201);
    await controlHeard;
    await new Promise((r) => setTimeout(r, 200));
    expect(heard).not.toContain('users:UserRegistered');
    expect(disconnected).toBe(false);
    expect(socket.connected).toBe(true);
    socket.close();
    control.close();
  });
});
