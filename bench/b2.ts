/**
 * B2 alone (`npx tsx bench/b2.ts [commands] [--no-build]`): stage changes back to back from one
 * client and from 8 concurrent clients, as `pnpm bench` runs them, without the 200k-event data
 * set of the full run (the command path does not read it). Embedded: the standalone as `npm start`
 * builds it (esbuild bundle) in a child process on a fresh data dir. PostgreSQL (DATABASE_URL):
 * with REDIS_URL the three services as separate processes (distributed mode), otherwise the
 * command-api alone in this process. Prints p50/p99 and commands/s for each. `--b1`: then B1 too
 * on the embedded store, as `pnpm bench` runs it (command by A → `changed` at B's socket, open
 * loop at 10 commands/s; distributed, B's socket received nothing here, not looked into).
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createTestSchema } from '@ats/storage';
import { io as connect, type Socket } from 'socket.io-client';
import { Client } from '@ats/http-kit/testing';
import { freePort, spawnTsx } from '../drills/support/harness';
import { startPgCommandApi } from '../drills/support/pg-app';
import { runStageChanges, stageCycler } from './support/command-throughput';
import { SERVER_LAUNCH } from './support/standalone-child';

const ROOT = join(import.meta.dirname, '..');
const COMMANDS = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 300);
const ADMIN = { email: 'bench@agency.example', password: 'bench-password-123' };
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const now = () => performance.now();
const r2 = (n: number) => Math.round(n * 100) / 100;
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
const log = (msg: string) => process.stdout.write(`[b2] ${msg}\n`);
/** CPU time (user + system) the processes have used, in ms: steadier than wall time on a loaded machine */
const cpuMsOf = (pids: number[]) =>
  pids.reduce((sum, pid) => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return sum + ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  }, 0);

const STAGES = ['phone_screen', 'interview', 'final_interview', 'offer', 'applied'];
const nextStage = stageCycler(STAGES);

async function makeApplications(client: Client, n: number): Promise<number[]> {
  const co = await client.post('/api/clients', { companyName: `Bench Co ${randomUUID().slice(0, 6)}` });
  const job = await client.post('/api/jobs', { title: 'Bench Role', clientId: co.json.id });
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const cand = await client.post('/api/candidates', {
      firstName: 'Bench',
      lastName: `Person${i}`,
      email: `bench.${randomUUID().slice(0, 10)}@example.com`,
      currentTitle: 'CEO',
    });
    const app = await client.post('/api/applications', { candidateId: cand.json.id, jobId: job.json.id });
    if (app.status !== 201) throw new Error(`could not create an application: ${app.status} ${app.text}`);
    ids.push(app.json.id);
  }
  return ids;
}

/** the same loop as `pnpm bench`'s B2: `clients` concurrent clients on disjoint applications */
async function commandThroughput(clients: Client[], apps: number[], total: number) {
  const { commands, ms, latencies, errors } = await runStageChanges(clients, apps, total, nextStage);
  latencies.sort((a, b) => a - b);
  return { perSecond: r2(commands / (ms / 1000)), p50: r2(pct(latencies, 50)), p99: r2(pct(latencies, 99)), errors };
}

/** B1 as `pnpm bench` measures it: A's stage change → `changed` at B's socket, open loop at `rate`/s */
async function commandToChanged(a: Client, b: Socket, apps: number[], rate: number, count: number) {
  const waiting = new Map<number, number>();
  const samples: number[] = [];
  b.on('changed', (msg: { readModel: string; ids: Array<number | string>; eventType: string }) => {
    if (msg.readModel !== 'applications' || msg.eventType !== 'ApplicationStageChanged') return;
    for (const id of msg.ids) {
      const sent = waiting.get(Number(id));
      if (sent !== undefined) {
        samples.push(now() - sent);
        waiting.delete(Number(id));
      }
    }
  });
  const start = now();
  const inflight: Promise<unknown>[] = [];
  for (let i = 0; i < count; i++) {
    const wait = start + (i * 1000) / rate - now();
    if (wait > 0) await sleep(wait);
    const id = apps[i % apps.length]!;
    if (waiting.has(id)) continue;
    waiting.set(id, now());
    inflight.push(a.patch(`/api/applications/${id}/stage`, { stage: nextStage(id) }));
  }
  await Promise.all(inflight);
  const deadline = Date.now() + 5000;
  while (waiting.size > 0 && Date.now() < deadline) await sleep(10);
  b.off('changed');
  samples.sort((x, y) => x - y);
  return { received: samples.length, lost: waiting.size, p50: r2(pct(samples, 50)), p99: r2(pct(samples, 99)) };
}

async function b1(store: string, a: Client, apps: number[], signIn: () => Promise<Client>, queryUrl: string) {
  const b = await signIn();
  const socket = connect(queryUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { Cookie: b.cookie },
    reconnection: false,
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  await socket.emitWithAck('join', 'pipeline');
  try {
    const load = loadavg()[0]!.toFixed(1);
    const r = await commandToChanged(a, socket, apps, 10, 100);
    log(
      `${store}: B1 at 10 commands/s: p50 ${r.p50} ms, p99 ${r.p99} ms (${r.received} received, ${r.lost} lost); load average ${load} at the start`,
    );
  } finally {
    socket.close();
  }
}

async function measure(store: string, signIn: () => Promise<Client>, pids: number[], queryUrl?: string) {
  // the first admin is created just after the service answers /healthz
  let a: Client | null = null;
  for (let i = 0; !a; i++) {
    a = await signIn().catch((error: unknown) => {
      if (i >= 100) throw error;
      return null;
    });
    if (!a) await sleep(100);
  }
  const apps = await makeApplications(a, 40);
  // warm up (JIT, caches), then measure
  await commandThroughput([a], apps, 40);
  const load = loadavg()[0]!.toFixed(1);
  const cpu0 = cpuMsOf(pids);
  const seq = await commandThroughput([a], apps, COMMANDS);
  const cpu1 = cpuMsOf(pids);
  const clients = await Promise.all(Array.from({ length: 8 }, () => signIn()));
  const cpu2 = cpuMsOf(pids);
  const eight = await commandThroughput(clients, apps, COMMANDS);
  const cpu3 = cpuMsOf(pids);
  log(
    `${store}: 1 client ${seq.perSecond}/s (p50 ${seq.p50} ms, p99 ${seq.p99} ms, server CPU ${r2((cpu1 - cpu0) / COMMANDS)} ms per command); ` +
      `8 clients ${eight.perSecond}/s (p50 ${eight.p50} ms, p99 ${eight.p99} ms, server CPU ${r2((cpu3 - cpu2) / COMMANDS)} ms per command) = ` +
      `${r2(eight.perSecond / seq.perSecond)} × sequential; errors ${seq.errors + eight.errors}; load average ${load} at the start`,
  );
  if (queryUrl && process.argv.includes('--b1')) await b1(store, a, apps, signIn, queryUrl);
}

async function healthy(url: string, exited: () => boolean, output: () => string) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited()) throw new Error(`exited: ${output()}`);
    if (Date.now() > deadline) throw new Error(`not ready: ${output()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      /* not yet */
    }
    await sleep(50);
  }
}

async function embedded() {
  const work = mkdtempSync(join(tmpdir(), 'ats-b2-'));
  const port = await freePort();
  let out = '';
  const proc = spawn(process.execPath, [...SERVER_LAUNCH.nodeArgs, join(ROOT, 'services', 'standalone', 'dist', 'main.js')], {
    cwd: ROOT,
    env: {
      ...SERVER_LAUNCH.env,
      ...process.env,
      PORT: String(port),
      ATS_DATA_DIR: join(work, 'data'),
      ATS_DEMO_DATA: 'false',
      ATS_ADMIN_EMAIL: ADMIN.email,
      ATS_ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout!.on('data', (d) => (out = (out + d).slice(-5000)));
  proc.stderr!.on('data', (d) => (out = (out + d).slice(-5000)));
  const url = `http://127.0.0.1:${port}`;
  try {
    await healthy(
      url,
      () => proc.exitCode !== null,
      () => out,
    );
    await measure('embedded', () => new Client(url).login(ADMIN.email, ADMIN.password), [proc.pid!], url);
  } finally {
    const exited = new Promise<void>((r) => proc.once('exit', () => r()));
    proc.kill('SIGTERM');
    await exited;
    rmSync(work, { recursive: true, force: true });
  }
}

async function postgres(databaseUrl: string) {
  const schema = await createTestSchema(databaseUrl, 'b2');
  try {
    const redisUrl = process.env.REDIS_URL;
    if (!redisUrl) {
      const api = await startPgCommandApi(schema.url);
      try {
        await measure('postgres (command-api alone)', () => api.signedIn('recruiter'), [process.pid]);
      } finally {
        await api.close();
      }
      return;
    }
    const [commandPort, projectorPort, queryPort] = await Promise.all([freePort(), freePort(), freePort()]);
    const env = (port: number, extra: Record<string, string> = {}) => ({
      DATABASE_URL: schema.url,
      REDIS_URL: redisUrl,
      CHANGES_CHANNEL: `ats:b2:${randomUUID().slice(0, 8)}`,
      SESSION_SECRET: 'bench-session-secret-bench-session-secret',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...extra,
    });
    const main = (service: string) => join(ROOT, 'services', service, 'dist', 'main.js');
    const command = spawnTsx(main('command-api'), env(commandPort, { ATS_ADMIN_EMAIL: ADMIN.email, ATS_ADMIN_PASSWORD: ADMIN.password }));
    const children = [command];
    try {
      const commandUrl = `http://127.0.0.1:${commandPort}`;
      await healthy(commandUrl, () => command.proc.exitCode !== null, command.output);
      const projector = spawnTsx(main('projector'), env(projectorPort));
      const query = spawnTsx(main('query-api'), env(queryPort));
      children.push(projector, query);
      await healthy(`http://127.0.0.1:${projectorPort}`, () => projector.proc.exitCode !== null, projector.output);
      await healthy(`http://127.0.0.1:${queryPort}`, () => query.proc.exitCode !== null, query.output);
      await measure(
        'postgres (distributed: three processes + Redis)',
        () => new Client(commandUrl).login(ADMIN.email, ADMIN.password),
        children.map((c) => c.proc.pid!),
      );
    } finally {
      await Promise.all(children.map((c) => c.stop()));
    }
  } finally {
    await schema.drop();
  }
}

if (!process.argv.includes('--no-build')) {
  const { buildServices } = (await import(pathToFileURL(join(ROOT, 'scripts', 'build.mjs')).href)) as { buildServices(): Promise<void> };
  await buildServices();
}
await embedded();
if (process.env.DATABASE_URL) await postgres(process.env.DATABASE_URL);
else log('DATABASE_URL is not set: PostgreSQL skipped');
