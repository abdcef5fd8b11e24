import { spawn, type ChildProcess } from 'node:child_process';
import { request, type IncomingHttpHeaders } from 'node:http';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { createPgClient, createTestSchema, type TestSchema } from '@ats/storage';
import { Client } from '@ats/http-kit/testing';

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
const reason = !DATABASE_URL ? 'DATABASE_URL is not set' : !REDIS_URL ? 'REDIS_URL is not set' : null;
if (reason) console.warn(`[skip] distributed mode (command-api, projector, 2× query-api on PostgreSQL + Redis): ${reason}`);

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
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url} not healthy in time:\n${output()}`);
}

describe.skipIf(reason !== null)('distributed mode: separate processes on PostgreSQL + Redis', () => {
  const procs: ChildProcess[] = [];
  let schema: TestSchema;
  let commandUrl: string;
  let queryA: string;
  let queryB: string;
  let projectorUrl: string;
  const admin = { email: 'admin@dist.example', password: 'distributed-secret' };

  async function startService(service: string, port: number, extra: Record<string, string> = {}) {
    let out = '';
    const proc = spawn(TSX, [join(ROOT, 'services', service, 'src', 'main.ts')], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: schema.url,
        REDIS_URL: REDIS_URL!,
        CHANGES_CHANNEL: `ats:test:${schema.schema}`,
        SESSION_SECRET: 'distributed-test-session-secret',
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
    schema = await createTestSchema(DATABASE_URL!, 'dist');
    const [pc, pp, pa, pb] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
    // the command-api creates the tables and the admin first, then the others start
    const command = await startService('command-api', pc, { ATS_ADMIN_EMAIL: admin.email, ATS_ADMIN_PASSWORD: admin.password });
    await command.ready();
    const started = await Promise.all([startService('projector', pp), startService('query-api', pa), startService('query-api', pb)]);
    await Promise.all(started.map((s) => s.ready()));
    commandUrl = command.url;
    queryA = started[1]!.url;
    queryB = started[2]!.url;
    projectorUrl = started[0]!.url;
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

  it('delivers the changed message on the other query-api instance, and reads with position are never stale', async () => {
    const writer = await new Client(commandUrl).login(admin.email, admin.password);
    // the session lives in PostgreSQL: the same cookie works on every instance
    const readerA = Object.assign(new Client(queryA), { cookie: writer.cookie });
    const me = await readerA.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.json.email).toBe(admin.email);

    const socket: Socket = connect(queryB, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { Cookie: writer.cookie },
      reconnection: false,
      forceNew: true,
    });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    expect(await socket.emitWithAck('join', 'pipeline')).toEqual({ ok: true });

    const client = await writer.post('/api/clients', { companyName: `Dist Co ${randomBytes(2).toString('hex')}` });
    const job = await writer.post('/api/jobs', { title: 'VP Distributed Systems', clientId: client.json.id });
    const cand = await writer.post('/api/candidates', {
      firstName: 'Dana',
      lastName: 'Dist',
      email: `dana.${randomBytes(3).toString('hex')}@example.com`,
      currentTitle: 'Staff Engineer',
    });
    const app = await writer.post('/api/applications', { candidateId: cand.json.id, jobId: job.json.id });
    expect(app.status).toBe(201);

    const changed = new Promise<{ readModel: string; ids: number[]; position: number }>((resolve) =>
      socket.on('changed', (msg: { readModel: string; ids: number[]; position: number; eventType: string }) => {
        if (msg.readModel === 'applications' && msg.ids.includes(app.json.id) && msg.eventType === 'ApplicationStageChanged') resolve(msg);
      }),
    );
    const move = await writer.patch(`/api/applications/${app.json.id}/stage`, { stage: 'interview', fromStage: 'applied' });
    expect(move.status).toBe(200);
    const msg = await changed;
    expect(msg.position).toBeGreaterThanOrEqual(move.json.position);
    socket.close();

    // read-your-writes across processes: every read with the returned position sees that write
    const stages = ['phone_screen', 'final_interview', 'offer', 'interview', 'placed', 'applied', 'offer', 'rejected'] as const;
    for (const stage of stages) {
      const res = await writer.patch(`/api/applications/${app.json.id}/stage`, { stage });
      const reader = Math.random() < 0.5 ? readerA : Object.assign(new Client(queryB), { cookie: writer.cookie });
      const board = await reader.get(`/api/applications?job=${job.json.id}&minPosition=${res.json.position}`);
      expect(board.status).toBe(200);
      expect(board.headers.get('x-read-stale')).toBeNull();
      expect(board.json[0].stage).toBe(stage);
    }
  });

  // sweep five: the projector's own port answered every method on /healthz with its status
  it("the projector's /healthz and /metrics take GET and HEAD only: OPTIONS 204, others a 405 problem with Allow", async () => {
    const send = (method: string, path: string) =>
      new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
        const req = request(`${projectorUrl}${path}`, { method }, (res) => {
          let body = '';
          res.on('data', (d) => (body += d));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
        });
        req.on('error', reject);
        req.end();
      });
    for (const path of ['/healthz', '/metrics']) {
      for (const method of ['TRACE', 'POST', 'PUT', 'DELETE', 'PROPFIND']) {
        const res = await send(method, path);
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.allow, `${method} ${path}`).toBe('GET, HEAD, OPTIONS');
        expect(res.headers['content-type'], `${method} ${path}`).toContain('application/problem+json');
        expect(JSON.parse(res.body).code, `${method} ${path}`).toBe('method_not_allowed');
      }
      const options = await send('OPTIONS', path);
      expect(options.status, `OPTIONS ${path}`).toBe(204);
      expect(options.headers.allow, `OPTIONS ${path}`).toBe('GET, HEAD, OPTIONS');
    }
    const health = await send('GET', '/healthz');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body).service).toBe('projector');
    const head = await send('HEAD', '/healthz');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    // the metrics still want their token; any other path is a 404 problem
    expect((await send('GET', '/metrics')).status).toBe(401);
    const other = await send('GET', '/elsewhere');
    expect(other.status).toBe(404);
    expect(other.headers['content-type']).toContain('application/problem+json');
  });

  // sweep nine: the erasure's new purges (merged record, e-mails, task texts) had never run with the
  // projector in its own process and the store on PostgreSQL
  it('an erasure leaves no byte of the person in any table of the PostgreSQL schema; the chain verifies', async () => {
    const writer = await new Client(commandUrl).login(admin.email, admin.password);
    const reader = Object.assign(new Client(queryA), { cookie: writer.cookie });
    const tag = randomBytes(3).toString('hex');
    const [first, last] = ['Wilhelmina', `Distquill${tag}`];
    const [email, dupEmail] = [`wilhelmina.${tag}@erase-dist.example`, `w.private.${tag}@erase-dist.example`];
    const secrets = ['Moving to Lisbon with her partner', 'Private line only, never the office', 'Call Wilhelmina back'];
    const ok = async (res: Promise<{ status: number; json: any }>, status = 200) => {
      const r = await res;
      expect(r.status, JSON.stringify(r.json)).toBe(status);
      return r.json;
    };
    const person = await ok(writer.post('/api/candidates', { firstName: first, lastName: last, email, currentTitle: 'Counsel' }), 201);
    const dup = await ok(
      writer.post('/api/candidates', { firstName: first, lastName: last, email: dupEmail, currentTitle: 'Counsel' }),
      201,
    );
    await ok(writer.post(`/api/candidates/${person.id}/notes`, { content: secrets[0] }), 201);
    await ok(writer.post('/api/email/send', { to: dupEmail, subject: secrets[1], text: secrets[1] }));
    const task = await ok(writer.post('/api/tasks', { title: secrets[2], relatedTo: { kind: 'candidate', id: person.id } }), 201);
    const seenA = await ok(reader.get(`/api/candidates/${person.id}?minPosition=${task.position}`));
    const seenB = await ok(reader.get(`/api/candidates/${dup.id}?minPosition=${task.position}`));
    await ok(
      writer.post(`/api/candidates/${person.id}/merge`, {
        absorbedId: dup.id,
        choices: {},
        survivorRevision: seenA.revision,
        absorbedRevision: seenB.revision,
      }),
    );
    const db = createPgClient(schema.url);
    const needles = [first, last, email, dupEmail, ...secrets];
    const where = async () => {
      const { rows: tables } = await db.query<{ name: string }>(
        `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
      );
      const hits: string[] = [];
      for (const { name } of tables)
        for (const needle of needles) {
          const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${name}" t WHERE t::text ILIKE $1`, [
            `%${needle}%`,
          ]);
          if (rows[0]!.n > 0) hits.push(`${name}: ${needle}`);
        }
      return hits;
    };
    try {
      // the task's title, like the note and the e-mail, is sealed in the log
      expect((await where()).filter((hit) => hit.startsWith('events:'))).toEqual([]);
      expect((await where()).length).toBeGreaterThan(0);
      const erased = await ok(writer.post(`/api/candidates/${person.id}/erase`, { reason: 'Art. 17 request (distributed)' }));
      expect(erased.id).toBe(person.id);
      expect(await where()).toEqual([]);
      expect((await reader.get(`/api/candidates/${dup.id}`)).status).toBe(404);
      const verify = await ok(reader.get('/api/audit/verify'));
      expect(verify.ok).toBe(true);
      const tasks = await ok(reader.get(`/api/tasks/${task.id}`));
      expect(tasks.title).toBe('[erased]');
    } finally {
      await db.close();
    }
  });
});
