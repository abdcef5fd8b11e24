import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { PresenceMessageSchema, type PresenceMember } from '@ats/contracts';
import { createTestSchema, type TestSchema } from '@ats/storage';
import { Client } from '@ats/http-kit/testing';

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
const reason = !DATABASE_URL ? 'DATABASE_URL is not set' : !REDIS_URL ? 'REDIS_URL is not set' : null;
if (reason) console.warn(`[skip] presence across two query-api instances (PostgreSQL + Redis): ${reason}`);

const ROOT = join(import.meta.dirname, '..', '..', '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitHealthy(url: string, proc: ChildProcess, output: () => string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`process exited (${proc.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url} not healthy in time:\n${output()}`);
}

async function socketTo(url: string, cookie: string): Promise<Socket> {
  const socket = connect(url, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { Cookie: cookie },
    reconnection: false,
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Resolves with the first `presence` message about `place` whose members pass `test`. */
function presenceWhere(socket: Socket, place: string, test: (members: PresenceMember[]) => boolean, timeoutMs = 20_000) {
  return new Promise<PresenceMember[]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no presence on ${place} as expected within ${timeoutMs} ms`)), timeoutMs);
    const on = (payload: unknown) => {
      const msg = PresenceMessageSchema.parse(payload);
      if (msg.place !== place || !test(msg.members)) return;
      clearTimeout(timer);
      socket.off('presence', on);
      resolve(msg.members);
    };
    socket.on('presence', on);
  });
}

describe.skipIf(reason !== null)('presence across two query-api instances sharing Redis', () => {
  const procs: ChildProcess[] = [];
  let schema: TestSchema;
  let commandUrl: string;
  let queryA: string;
  let queryB: string;
  const admin = { email: 'admin@presence.example', password: 'presence-admin-secret' };

  async function startService(service: string, port: number, extra: Record<string, string> = {}) {
    let out = '';
    const proc = spawn(TSX, [join(ROOT, 'services', service, 'src', 'main.ts')], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: schema.url,
        REDIS_URL: REDIS_URL!,
        CHANGES_CHANNEL: `ats:test:${schema.schema}`,
        SESSION_SECRET: 'presence-test-session-secret-presence',
        PORT: String(port),
        LOG_LEVEL: 'warn',
        ...extra,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc.stdout!.on('data', (d) => (out += d));
    proc.stderr!.on('data', (d) => (out += d));
    procs.push(proc);
    const url = `http://127.0.0.1:${port}`;
    return { url, ready: () => waitHealthy(url, proc, () => out) };
  }

  beforeAll(async () => {
    schema = await createTestSchema(DATABASE_URL!, 'presence');
    const [pc, pa, pb] = await Promise.all([freePort(), freePort(), freePort()]);
    const command = await startService('command-api', pc, { ATS_ADMIN_EMAIL: admin.email, ATS_ADMIN_PASSWORD: admin.password });
    await command.ready();
    const started = await Promise.all([startService('query-api', pa), startService('query-api', pb)]);
    await Promise.all(started.map((s) => s.ready()));
    commandUrl = command.url;
    queryA = started[0]!.url;
    queryB = started[1]!.url;
  }, 90_000);

  afterAll(async () => {
    await Promise.all(
      procs.map(
        (p) =>
          new Promise<void>((resolve) => {
            if (p.exitCode !== null) return resolve();
            p.once('exit', () => resolve());
            p.kill('SIGTERM');
            setTimeout(() => p.kill('SIGKILL'), 3000).unref();
          }),
      ),
    );
    await schema?.drop();
  });

  it('shows a socket on instance 1 to a socket on instance 2, its activity, and drops it after disconnect', async () => {
    const riley = await new Client(commandUrl).login(admin.email, admin.password);
    const auditorEmail = `audrey.${randomBytes(3).toString('hex')}@presence.example`;
    const created = await riley.post('/api/users', {
      email: auditorEmail,
      firstName: 'Audrey',
      lastName: 'Auditor',
      role: 'auditor',
      password: 'audrey-long-password-1',
    });
    expect(created.status).toBe(201);
    const audrey = await new Client(commandUrl).login(auditorEmail, 'audrey-long-password-1');

    const one = await socketTo(queryA, riley.cookie);
    const two = await socketTo(queryB, audrey.cookie);
    expect(await one.emitWithAck('presence:join', { place: 'nowhere' })).toEqual({ ok: false, error: 'invalid presence' });
    expect(await one.emitWithAck('presence:update', { place: 'candidate:3', activity: { typing: true } })).toEqual({
      ok: false,
      error: 'not on this place',
    });
    // only auditors may hide
    expect(await one.emitWithAck('presence:hide', { hidden: true })).toEqual({ ok: false, error: 'forbidden' });

    expect(await one.emitWithAck('presence:join', { place: 'candidate:3' })).toMatchObject({ ok: true });
    // the other instance sees Riley (admin, not read-only) at once, in the join reply
    const joined = await two.emitWithAck('presence:join', { place: 'candidate:3' });
    expect(joined.ok).toBe(true);
    const me = await Object.assign(new Client(queryA), { cookie: riley.cookie }).get('/api/auth/user');
    const rileyName = `${me.json.firstName} ${me.json.lastName}`;
    expect(joined.members.map((m: PresenceMember) => [m.name, m.readOnly])).toEqual(
      [
        [rileyName, false],
        ['Audrey Auditor', true],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    // and instance 1 hears of the auditor (read-only) through Redis
    await presenceWhere(one, 'candidate:3', (members) => members.some((m) => m.readOnly && m.name === 'Audrey Auditor'));

    // Riley types a note: instance 2 sees it
    const typing = presenceWhere(two, 'candidate:3', (members) => members.some((m) => !m.readOnly && m.activity.typing === true));
    expect(await one.emitWithAck('presence:update', { place: 'candidate:3', activity: { typing: true } })).toEqual({ ok: true });
    await typing;

    // the auditor hides: instance 1 no longer lists them
    const hidden = presenceWhere(one, 'candidate:3', (members) => members.every((m) => !m.readOnly));
    expect(await two.emitWithAck('presence:hide', { hidden: true })).toEqual({ ok: true });
    await hidden;

    // Riley's tab closes: gone on instance 2 within a few seconds
    const gone = presenceWhere(two, 'candidate:3', (members) => !members.some((m) => m.name === rileyName), 5000);
    const closedAt = Date.now();
    one.close();
    // the hidden auditor is not listed either
    expect(await gone).toEqual([]);
    expect(Date.now() - closedAt).toBeLessThan(3000);
    two.close();
  });
});
