/**
 * `pnpm bench` / `npm run bench`: speed, scale and survival figures next to floors measured in
 * the same run on the same machine. Embedded store always; PostgreSQL too when DATABASE_URL is
 * set, and with REDIS_URL the reads, commands and fan-out run against the three services as
 * separate processes (distributed mode). Prints a table and writes bench/results.json with the
 * machine facts.
 *
 *   --quick     smaller sizes (about a minute)
 *   --b7-large  also B7 at ten years of a large agency (1,000,000 events; the data dir is built
 *               once under the OS temp dir, which takes many minutes; bench/b7.ts runs it alone)
 *   --only B4   the read benchmark alone (with the dataset it needs)
 *   --postgres-only   PostgreSQL (and distributed mode) only
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, freemem, platform, release, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Server as IoServer } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { allProjections, createProjector } from '@ats/projector';
import {
  createMemoryChangeBus,
  createPgClient,
  createPgliteClient,
  createTestSchema,
  openStorage,
  type SqlClient,
  type Storage,
} from '@ats/storage';
import { appendDataset, type DatasetSize } from '../drills/support/dataset';
import { Client } from '@ats/http-kit/testing';
import { startPgCommandApi } from '../drills/support/pg-app';
import { freePort, spawnTsx } from '../drills/support/harness';
import { floorReadAll } from './floors';
import { analyticsBench } from './b10';
import { B7_READ_BOUND_MS, b7DataDir, measureB7 } from './b7';
import { b3Dataset } from './b3';
import { runStageChanges, stageCycler } from './support/command-throughput';
import { startStandaloneChild as startChild } from './support/standalone-child';
import { B4_BOUND_MS, B4_TARGET_RATE, curveText, readThroughput } from './b4';

const ROOT = join(import.meta.dirname, '..');
const QUICK = process.argv.includes('--quick');
const B7_LARGE = process.argv.includes('--b7-large');
const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
const ADMIN = { email: 'bench@agency.example', password: 'bench-password-123' };

// ── sizes ────────────────────────────────────────────────────────────────────
/** B3/B4 share one log: 50k candidates + 100k applications + 50k stage moves = 200k events. */
const FULL: DatasetSize = QUICK
  ? { candidates: 5_000, applications: 10_000, moves: 5_000, notes: 0, jobs: 40, clients: 10 }
  : { candidates: 50_000, applications: 100_000, moves: 50_000, notes: 0, jobs: 200, clients: 40 };
const B1_COMMANDS = QUICK ? 40 : 100;
const B2_COMMANDS = QUICK ? 100 : 300;
/** B4: how long each rate of the ladder is held */
const B4_STEP_MS = QUICK ? 4000 : 8000;
/** `--only B4`: the dataset, its build and the reads, nothing else (a quick way to measure read work) */
const ONLY = (() => {
  const i = process.argv.indexOf('--only');
  return i >= 0 ? (process.argv[i + 1] ?? null) : null;
})();
const runs = (id: string) => ONLY === null || ONLY === id;
/** `--postgres-only`: skip the embedded store (with DATABASE_URL set) */
const POSTGRES_ONLY = process.argv.includes('--postgres-only');
const B5_SOCKETS = QUICK ? 200 : 500;

// ── helpers ──────────────────────────────────────────────────────────────────
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const now = () => performance.now();
function pct(samples: number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
const r2 = (n: number) => Math.round(n * 100) / 100;
const stats = (s: number[]) => ({ n: s.length, p50: r2(pct(s, 50)), p95: r2(pct(s, 95)), p99: r2(pct(s, 99)), max: r2(Math.max(...s)) });
const log = (msg: string) => process.stdout.write(`[bench] ${msg}\n`);
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

type Row = { id: string; store: string; metric: string; value: string; target: string; floor: string; ok: boolean | null };
const rows: Row[] = [];
/** Runs one benchmark; a failure becomes a row with the reason instead of ending the run. */
async function guarded(id: string, store: string, fn: () => Promise<void>, context?: () => string) {
  try {
    await fn();
  } catch (error) {
    row(id, store, 'FAILED', String((error as Error)?.message ?? error).slice(0, 200), '', context?.().slice(-300) ?? '', false);
  }
}
const results: Record<string, unknown> = {};
function row(id: string, store: string, metric: string, value: string, target = '', floor = '', ok: boolean | null = null) {
  rows.push({ id, store, metric, value, target, floor, ok });
  log(
    `${id} ${store} ${metric}: ${value}${target ? `  (target ${target}${ok === null ? '' : ok ? ', met' : ', MISSED'})` : ''}${floor ? `  [${floor}]` : ''}`,
  );
}

// ── floors ───────────────────────────────────────────────────────────────────
/** F1: loopback HTTP round trip against a bare Node server (keep-alive, like the app's clients). */
async function floorHttp(): Promise<number[]> {
  const server = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok'));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const samples: number[] = [];
  for (let i = 0; i < 1200; i++) {
    const t = now();
    await (await fetch(url)).text();
    if (i >= 200) samples.push(now() - t);
  }
  await new Promise<void>((r) => server.close(() => r()));
  return samples;
}

/** F2: one single-row INSERT commit (autocommit) on the given store. */
async function floorInsert(sql: SqlClient, count: number): Promise<number[]> {
  await sql.query('CREATE TABLE IF NOT EXISTS bench_floor (id serial primary key, v text)');
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const t = now();
    await sql.query('INSERT INTO bench_floor (v) VALUES ($1)', [`row-${i}`]);
    samples.push(now() - t);
  }
  await sql.query('DROP TABLE bench_floor');
  return samples;
}

/** F3: a raw Socket.IO relay, client A → server → client B. */
async function floorSocketRelay(): Promise<number[]> {
  const http = createServer();
  const io = new IoServer(http, { serveClient: false });
  io.on('connection', (s) => s.on('m', (payload) => s.broadcast.emit('m', payload)));
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const a = connect(url, { transports: ['websocket'], forceNew: true });
  const b = connect(url, { transports: ['websocket'], forceNew: true });
  await Promise.all([a, b].map((s) => new Promise<void>((r) => s.on('connect', () => r()))));
  const samples: number[] = [];
  for (let i = 0; i < 700; i++) {
    const got = new Promise<void>((r) => b.once('m', () => r()));
    const t = now();
    a.emit('m', { i, position: i });
    await got;
    if (i >= 100) samples.push(now() - t);
  }
  a.close();
  b.close();
  io.close();
  await new Promise<void>((r) => http.close(() => r()));
  return samples;
}

// ── B3: rebuild ──────────────────────────────────────────────────────────────
/**
 * The projector building every read model from scratch: empty read side, checkpoint 0, catch-up
 * to the head (what a fresh deployment or a wiped read side does; rebuild() does the same work
 * into fresh collections while the live runner keeps serving).
 */
async function rebuild(storage: Storage) {
  const head = await storage.eventStore.headPosition();
  const projector = createProjector({
    eventStore: storage.eventStore,
    documentStore: storage.documentStore,
    changeBus: createMemoryChangeBus(),
    projections: allProjections,
    batchSize: 1000,
  });
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const t = now();
  await projector.start();
  if (!(await projector.waitFor(head, 600_000))) throw new Error('the projector did not reach the head');
  const ms = now() - t;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const status = await projector.status();
  await projector.stop();
  const events = (await floorReadAll(storage)).events;
  return {
    events,
    ms: Math.round(ms),
    perSecond: Math.round(events / (ms / 1000)),
    peakRssMb: mb(peak),
    rssGrowthMb: mb(peak - baseline),
    deadLetters: status.deadLettered,
  };
}

// ── the standalone as a child process (B7 start-up; B1, B2, B4, B5 against it) ──
const startStandaloneChild = (dataDir: string) =>
  startChild(dataDir, { nodeArgs: process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [] });

/** The three services as separate processes on one PostgreSQL schema and Redis (distributed mode). */
async function startDistributed(databaseUrl: string, redisUrl: string) {
  const [commandPort, projectorPort, queryPort] = await Promise.all([freePort(), freePort(), freePort()]);
  const channel = `ats:bench:${randomUUID().slice(0, 8)}`;
  const env = (port: number, extra: Record<string, string> = {}) => ({
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    CHANGES_CHANNEL: channel,
    SESSION_SECRET: 'bench-session-secret-bench-session-secret',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    ...extra,
  });
  const main = (service: string) => join(ROOT, 'services', service, 'dist', 'main.js');
  const children = [spawnTsx(main('command-api'), env(commandPort, { ATS_ADMIN_EMAIL: ADMIN.email, ATS_ADMIN_PASSWORD: ADMIN.password }))];
  const healthy = async (url: string, index: number) => {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (children[index]!.proc.exitCode !== null) throw new Error(`service exited: ${children[index]!.output()}`);
      try {
        if ((await fetch(`${url}/healthz`)).ok) return;
      } catch {
        /* not up yet */
      }
      if (Date.now() > deadline) throw new Error(`service not ready: ${children[index]!.output()}`);
      await sleep(100);
    }
  };
  const commandUrl = `http://127.0.0.1:${commandPort}`;
  const queryUrl = `http://127.0.0.1:${queryPort}`;
  await healthy(commandUrl, 0);
  children.push(spawnTsx(main('projector'), env(projectorPort)), spawnTsx(main('query-api'), env(queryPort)));
  await Promise.all([healthy(`http://127.0.0.1:${projectorPort}`, 1), healthy(queryUrl, 2)]);
  /** one more query-api instance on the same store and change bus (B4's scale-out) */
  const addQueryInstance = async () => {
    const port = await freePort();
    children.push(spawnTsx(main('query-api'), env(port)));
    const url = `http://127.0.0.1:${port}`;
    await healthy(url, children.length - 1);
    return url;
  };
  return {
    commandUrl,
    queryUrl,
    addQueryInstance,
    /** the query-api processes (the first and any added) */
    queryPids: () => [children[2]!, ...children.slice(3)].map((c) => c.proc.pid!),
    output: () => children.map((c) => c.output()).join('\n'),
    queryRssMb() {
      const status = readFileSync(`/proc/${children[2]!.proc.pid}/status`, 'utf8');
      return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 102.4) / 10;
    },
    async stop() {
      await Promise.all(children.map((c) => c.stop()));
    },
  };
}

async function signedIn(url: string) {
  return new Client(url).login(ADMIN.email, ADMIN.password);
}

async function socketFor(url: string, cookie: string, room = 'pipeline'): Promise<Socket> {
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
  await socket.emitWithAck('join', room);
  return socket;
}

/** A client, a job and `n` applications created by commands, for the command benchmarks. */
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

const STAGES = ['phone_screen', 'interview', 'final_interview', 'offer', 'applied'];
/** Every application's stage as the bench last set it: each move goes somewhere new (a no-op move appends nothing). */
const nextStage = stageCycler(STAGES);

/** B2: stage changes back to back, from `clients` concurrent clients on disjoint applications. */
async function commandThroughput(clients: Client[], apps: number[], total: number) {
  const { commands, ms, latencies, errors } = await runStageChanges(clients, apps, total, nextStage);
  return {
    commands,
    perSecond: r2(commands / (ms / 1000)),
    latency: stats(latencies),
    errors,
  };
}

/** B1: command by A → `changed` at B; open loop at `rate` commands/s. */
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
  const interval = 1000 / rate;
  const start = now();
  const inflight: Promise<unknown>[] = [];
  let errors = 0;
  for (let i = 0; i < count; i++) {
    const due = start + i * interval;
    const wait = due - now();
    if (wait > 0) await sleep(wait);
    const id = apps[i % apps.length]!;
    if (waiting.has(id)) continue; // the previous move of this card is still on its way
    waiting.set(id, now());
    inflight.push(a.patch(`/api/applications/${id}/stage`, { stage: nextStage(id) }).then((res) => res.status !== 200 && errors++));
  }
  await Promise.all(inflight);
  const deadline = Date.now() + 5000;
  while (waiting.size > 0 && Date.now() < deadline) await sleep(10);
  b.off('changed');
  if (waiting.size > 0) log(`  B1 at ${rate}/s: ${waiting.size} changes never arrived (${samples.length} did)`);
  return { rate, sent: count, received: samples.length, lost: waiting.size, errors, latency: stats(samples) };
}

/**
 * B4 as throughput at a latency bound: the screens' read mix from an open-loop generator, the
 * highest rate that keeps p99 ≤ 50 ms (`b4.ts`). Signed in at `commandUrl`, reads at `queryUrls`.
 */
async function readBenchmarks(
  store: string,
  commandUrl: string,
  queryUrls: string[],
  into: Record<string, unknown>,
  pids: number[],
  label = '',
) {
  const cookie = (await signedIn(commandUrl)).cookie;
  const b4 = await readThroughput({ urls: queryUrls, cookie, size: FULL, stepMs: B4_STEP_MS, pids, log });
  const cpu = b4.cpuMsPerRead === null ? '' : `; server CPU ${b4.cpuMsPerRead} ms/read`;
  const instances = queryUrls.length > 1 ? `, ${queryUrls.length} query-api instances` : label;
  const best = b4.best;
  row(
    'B4',
    store,
    `screens' read mix, highest rate with p99 ≤ ${B4_BOUND_MS} ms${instances}`,
    best ? `${best.rate} reads/s (p50 ${best.p50} ms, p99 ${best.p99} ms)` : `none (p99 ${b4.curve[0]?.p99} ms at ${b4.curve[0]?.rate}/s)`,
    queryUrls.length > 1 ? '' : `≥ ${B4_TARGET_RATE}/s`,
    curveText(b4.curve) + cpu,
    queryUrls.length > 1 ? null : (best?.rate ?? 0) >= B4_TARGET_RATE,
  );
  into[queryUrls.length > 1 ? `B4x${queryUrls.length}` : 'B4'] = b4;
  return best?.rate ?? 0;
}

interface Floors {
  f1: { p50: number };
  f2: { p50: number };
  f3: { p50: number };
}

/** B2 command throughput, B1 command → changed at a second client, B5 fan-out. */
async function commandBenchmarks(
  store: string,
  target: { commandUrl: string; queryUrl: string; rssMb(): number },
  floors: Floors,
  into: Record<string, unknown>,
) {
  const { f1, f2, f3 } = floors;
  const f2Rate = Math.round(1000 / f2.p50);
  const a = await signedIn(target.commandUrl);
  const apps = await makeApplications(a, 40);
  const seq = await commandThroughput([a], apps, B2_COMMANDS);
  const eight = await commandThroughput(await Promise.all(Array.from({ length: 8 }, () => signedIn(target.commandUrl))), apps, B2_COMMANDS);
  row(
    'B2',
    store,
    'commands/s, 1 sequential client',
    `${seq.perSecond}/s (p50 ${seq.latency.p50} ms)`,
    'p50 ≤ 3 ms, ≥ 300/s (issue 18)',
    `${r2(seq.perSecond / f2Rate)} × F2`,
    seq.latency.p50 <= 3 && seq.perSecond >= 300,
  );
  row(
    'B2',
    store,
    'commands/s, 8 concurrent clients',
    `${eight.perSecond}/s (p50 ${eight.latency.p50} ms)`,
    '≥ 2 × sequential',
    `${r2(eight.perSecond / seq.perSecond)} × sequential`,
    eight.perSecond >= 2 * seq.perSecond,
  );
  into.B2 = { sequential: seq, concurrent8: eight };

  // B1: command → changed at a second client (on the query side)
  const b = await signedIn(target.commandUrl);
  const bSocket = await socketFor(target.queryUrl, b.cookie);
  const floorSum = f1.p50 + f2.p50 + f3.p50;
  const at10 = await commandToChanged(a, bSocket, apps, 10, B1_COMMANDS);
  row(
    'B1',
    store,
    'command → changed at B, 10 commands/s',
    `p50 ${at10.latency.p50} ms, p95 ${at10.latency.p95} ms, p99 ${at10.latency.p99} ms`,
    'p50 ≤ 15 ms, p99 ≤ 50 ms',
    `${r2(at10.latency.p50 / floorSum)} × (F1+F2+F3 = ${r2(floorSum)} ms)`,
    at10.latency.p50 <= 15 && at10.latency.p99 <= 50,
  );
  const sustainable = Math.max(eight.perSecond, seq.perSecond);
  const at80 = await commandToChanged(a, bSocket, apps, Math.max(1, Math.floor(0.8 * sustainable)), B1_COMMANDS * 2);
  row(
    'B1',
    store,
    `command → changed at B, ${at80.rate}/s (80% of sustainable)`,
    `p50 ${at80.latency.p50} ms, p95 ${at80.latency.p95} ms, p99 ${at80.latency.p99} ms`,
    '',
    `${r2(at80.latency.p50 / floorSum)} × (F1+F2+F3)`,
  );
  bSocket.close();
  into.B1 = { at10, at80, floorSumMs: r2(floorSum) };

  // B5: fan-out
  const b5 = await fanOut(target.queryUrl, target.rssMb, a, apps, B5_SOCKETS);
  const memory =
    b5.perConnectionKb > 0
      ? `${b5.perConnectionKb} KB per connection`
      : 'memory per connection below RSS noise (garbage collection moves RSS more than the sockets take)';
  row(
    'B5',
    store,
    `one change to ${b5.sockets} sockets`,
    `p50 ${b5.delivery.p50} ms, p99 ${b5.delivery.p99} ms; ${memory}`,
    'p99 ≤ 100 ms',
    `${b5.delivery.n} deliveries`,
    b5.delivery.p99 <= 100,
  );
  into.B5 = b5;
}

/** B5: one stage change delivered to N sockets. */
async function fanOut(queryUrl: string, rssMb: () => number, client: Client, apps: number[], n: number) {
  const before = rssMb();
  const sockets: Socket[] = [];
  for (let i = 0; i < n; i += 25)
    sockets.push(...(await Promise.all(Array.from({ length: Math.min(25, n - i) }, () => socketFor(queryUrl, client.cookie)))));
  await sleep(1000);
  const after = rssMb();
  const rounds: number[] = [];
  const all: number[] = [];
  for (let round = 0; round < 5; round++) {
    const id = apps[round % apps.length]!;
    const arrivals: number[] = [];
    const t = now();
    const done = new Promise<void>((resolve) => {
      for (const s of sockets)
        s.once('changed', () => {
          arrivals.push(now() - t);
          if (arrivals.length === sockets.length) resolve();
        });
    });
    await client.patch(`/api/applications/${id}/stage`, { stage: nextStage(id) });
    await Promise.race([done, sleep(10_000)]);
    if (arrivals.length < sockets.length) log(`  B5 round ${round}: ${arrivals.length}/${sockets.length} delivered`);
    for (const s of sockets) s.removeAllListeners('changed');
    all.push(...arrivals);
    rounds.push(pct(arrivals, 99));
    await sleep(200);
  }
  for (const s of sockets) s.close();
  return {
    sockets: n,
    delivery: stats(all),
    perConnectionKb: Math.round(((after - before) * 1024) / n),
    rssBeforeMb: before,
    rssAfterMb: after,
  };
}

// ── main ─────────────────────────────────────────────────────────────────────
async function main() {
  const started = Date.now();
  results.machine = {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    memoryGb: Math.round(totalmem() / 1024 ** 3),
    freeMemoryGb: Math.round(freemem() / 1024 ** 3),
    platform: `${platform()} ${release()}`,
    node: process.version,
    quick: QUICK,
    date: new Date().toISOString(),
  };
  // the services as `npm start` and the Docker image run them: bundled by esbuild
  const tBuild = now();
  const { buildServices } = (await import(pathToFileURL(join(ROOT, 'scripts', 'build.mjs')).href)) as { buildServices(): Promise<void> };
  await buildServices();
  log(`services built in ${Math.round(now() - tBuild)} ms`);
  log(`machine: ${JSON.stringify(results.machine)}`);

  // floors without a store
  const f1 = stats(await floorHttp());
  row('F1', '-', 'loopback HTTP round trip p50', `${f1.p50} ms`, '', `p99 ${f1.p99} ms`);
  const f3 = stats(await floorSocketRelay());
  row('F3', '-', 'Socket.IO relay A→server→B p50', `${f3.p50} ms`, '', `p99 ${f3.p99} ms`);
  results.floors = { F1: f1, F3: f3 };

  if (!POSTGRES_ONLY) {
    // ── embedded ──
    const work = mkdtempSync(join(tmpdir(), 'ats-bench-'));
    const dataDir = join(work, 'data');
    /** where the standalone keeps its PGlite files inside ATS_DATA_DIR */
    const storeDir = join(dataDir, 'pglite');
    try {
      const floorSql = await createPgliteClient(join(work, 'floor'));
      const f2 = stats(await floorInsert(floorSql, 500));
      await floorSql.close();
      const f2Rate = Math.round(1000 / f2.p50);
      row('F2', 'embedded', 'single-row INSERT commit p50', `${f2.p50} ms (${f2Rate}/s)`);

      log(`B3: appending ${FULL.candidates + FULL.applications + FULL.moves} events to the embedded store…`);
      const storage = await openStorage({ kind: 'embedded', dataDir: storeDir });
      const tAppend = now();
      const appended = await appendDataset(storage.eventStore, FULL, 2000, { reservations: false });
      log(`  appended ${appended.events} events in ${Math.round(now() - tAppend)} ms`);
      const f4 = await floorReadAll(storage);
      row('F4', 'embedded', 'sequential read of the whole log', `${f4.perSecond} events/s`, '', `${f4.events} events in ${f4.ms} ms`);
      const b3 = await rebuild(storage);
      const b3ok = b3.perSecond >= 10_000 && b3.perSecond >= 0.25 * f4.perSecond;
      row(
        'B3',
        'embedded',
        `rebuild of ${b3.events} events`,
        `${b3.perSecond} events/s, ${r2(b3.ms / 1000)} s, peak RSS ${b3.peakRssMb} MB`,
        '≥ 10,000/s and ≥ 0.25 × F4',
        `${r2(b3.perSecond / f4.perSecond)} × F4`,
        b3ok,
      );
      await storage.close();
      results.embedded = { F2: { ...f2, perSecond: f2Rate }, F4: f4, B3: b3 };
      // B10: the analytics endpoints over 100,000 applications (about 300,000 moves), issue 15
      if (runs('B10'))
        await guarded('B10', 'embedded', async () => {
          results.analytics = await analyticsBench(ROOT, QUICK ? 10_000 : 100_000, row);
        });

      // B7: start-up on the existing data dir
      const child = await startStandaloneChild(dataDir);
      // PGlite has no autovacuum: the standalone analyzes the freshly loaded tables in the
      // background after start-up; the read benchmarks run once that is done
      const tMaintenance = now();
      for (let i = 0; i < 600; i++) {
        // a loaded box may drop a poll (fetch failed): ask again
        const health = (await fetch(`${child.url}/healthz`)
          .then((r) => r.json())
          .catch(() => ({}))) as { maintenance?: string };
        if (health.maintenance === 'idle') break;
        await sleep(250);
      }
      const maintenanceMs = Math.round(now() - tMaintenance);
      await sleep(1000);
      const idle = child.rssMb();
      row(
        'B7',
        'embedded',
        'start-up on an existing data dir (200k events)',
        `${r2(child.readyMs / 1000)} s, idle RSS ${idle} MB`,
        '≤ 5 s',
        `then ${r2(maintenanceMs / 1000)} s until the first background VACUUM ANALYZE pass is done`,
        child.readyMs <= 5000,
      );
      (results.embedded as Record<string, unknown>).B7 = {
        readyMs: Math.round(child.readyMs),
        idleRssMb: idle,
        backgroundMaintenanceMs: maintenanceMs,
      };

      try {
        // B4: the screens' reads on 50k candidates and 100k applications, open loop
        const into = results.embedded as Record<string, unknown>;
        if (runs('B4'))
          await guarded(
            'B4',
            'embedded',
            async () => void (await readBenchmarks('embedded', child.url, [child.url], into, [child.pid])),
            () => child.output(),
          );
        if (runs('B1/B2/B5'))
          await guarded(
            'B1/B2/B5',
            'embedded',
            () =>
              commandBenchmarks(
                'embedded',
                { commandUrl: child.url, queryUrl: child.url, rssMb: () => child.rssMb() },
                { f1, f2, f3 },
                into,
              ),
            () => child.output(),
          );
      } finally {
        if (process.env.BENCH_DEBUG) log(`standalone output: ${child.output()}`);
        await child.stop();
      }

      // B7 at ten years of a large agency: 1M events, 250k candidates (opt-in: building the data dir takes minutes)
      if (B7_LARGE)
        await guarded('B7', 'embedded', async () => {
          const events = 1_000_000;
          const b7 = await measureB7(await b7DataDir(events), b3Dataset(events));
          row(
            'B7',
            'embedded',
            'start-up on an existing data dir (1M events, 250k candidates)',
            `${r2(b7.readyMs / 1000)} s, idle RSS ${b7.idleRssMb} MB`,
            '≤ 5 s, idle RSS ≤ 400 MB',
            `heap ${b7.memory.heapTotalMb} MB, external (PGlite memory) ${b7.memory.externalMb} MB, other ${b7.memory.otherMb} MB`,
            b7.readyMs <= 5000 && b7.idleRssMb <= 400,
          );
          // each read's worse of: the median of repeats, the read right after a change
          const worst = (r: (typeof b7.reads)[number]) => Math.max(r.ms, r.afterChangeMs);
          const slowest = b7.reads.reduce((a, b) => (worst(b) > worst(a) ? b : a));
          row(
            'B7',
            'embedded',
            'every B4 screen read at 1M events, one request alone (repeated, and right after a change)',
            `slowest ${slowest.read} ${worst(slowest)} ms`,
            `each ≤ ${B7_READ_BOUND_MS} ms`,
            b7.reads.map((r) => `${r.read} ${r.ms} / ${r.afterChangeMs}`).join('; '),
            b7.reads.every((r) => worst(r) <= B7_READ_BOUND_MS && r.status === 200),
          );
          (results.embedded as Record<string, unknown>).B7large = { events, ...b7 };
        });
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }

  // ── PostgreSQL ──
  if (DATABASE_URL) {
    const schema = await createTestSchema(DATABASE_URL, 'bench');
    try {
      const floorSql = createPgClient(schema.url);
      const f2 = stats(await floorInsert(floorSql, 500));
      await floorSql.close();
      const f2Rate = Math.round(1000 / f2.p50);
      row('F2', 'postgres', 'single-row INSERT commit p50', `${f2.p50} ms (${f2Rate}/s)`);
      const storage = await openStorage({ kind: 'postgres', url: schema.url });
      log('B3: appending to PostgreSQL…');
      await appendDataset(storage.eventStore, FULL, 2000, { reservations: false });
      const f4 = await floorReadAll(storage);
      row('F4', 'postgres', 'sequential read of the whole log', `${f4.perSecond} events/s`, '', `${f4.events} events in ${f4.ms} ms`);
      const b3 = await rebuild(storage);
      row(
        'B3',
        'postgres',
        `rebuild of ${b3.events} events`,
        `${b3.perSecond} events/s, ${r2(b3.ms / 1000)} s, peak RSS ${b3.peakRssMb} MB`,
        '≥ 10,000/s and ≥ 0.25 × F4',
        `${r2(b3.perSecond / f4.perSecond)} × F4`,
        b3.perSecond >= 10_000 && b3.perSecond >= 0.25 * f4.perSecond,
      );
      await storage.close();

      const pgResults: Record<string, unknown> = { F2: { ...f2, perSecond: f2Rate }, F4: f4, B3: b3 };
      results.postgres = pgResults;
      if (REDIS_URL) {
        // production's shape: command-api, projector and query-api as separate processes on
        // PostgreSQL, change notices through Redis. Autovacuum analyzes the freshly loaded tables
        // within a minute or so; the bench does it at once so the reads meet a settled database.
        const analyzeSql = createPgClient(schema.url);
        await analyzeSql.query('ANALYZE');
        await analyzeSql.close();
        const stack = await startDistributed(schema.url, REDIS_URL);
        try {
          if (runs('B4'))
            await guarded(
              'B4',
              'postgres',
              async () => {
                // one query-api instance, then two behind a round-robin client (nginx's job in production)
                const one = await readBenchmarks(
                  'postgres',
                  stack.commandUrl,
                  [stack.queryUrl],
                  pgResults,
                  stack.queryPids(),
                  ', 1 query-api instance',
                );
                const second = await stack.addQueryInstance();
                const two = await readBenchmarks('postgres', stack.commandUrl, [stack.queryUrl, second], pgResults, stack.queryPids());
                row(
                  'B4',
                  'postgres',
                  'scale-out: 2 query-api instances vs 1',
                  `${r2(two / Math.max(1, one))} ×`,
                  '≥ 1.7 ×',
                  `${one} → ${two} reads/s`,
                  two >= 1.7 * one,
                );
              },
              () => stack.output(),
            );
          if (runs('B1/B2/B5'))
            await guarded(
              'B1/B2/B5',
              'postgres',
              () =>
                commandBenchmarks(
                  'postgres',
                  { commandUrl: stack.commandUrl, queryUrl: stack.queryUrl, rssMb: stack.queryRssMb },
                  { f1, f2, f3 },
                  pgResults,
                ),
              () => stack.output(),
            );
        } finally {
          await stack.stop();
        }
      } else if (runs('B1/B2/B5')) {
        log('REDIS_URL is not set: the PostgreSQL command benchmark runs without the query side');
        const api = await startPgCommandApi(schema.url);
        try {
          const a = await api.signedIn('recruiter');
          // the command-api alone (no query side): create the applications through it
          const apps = await makeApplications(a, 40);
          const seq = await commandThroughput([a], apps, B2_COMMANDS);
          const eight = await commandThroughput(
            await Promise.all(Array.from({ length: 8 }, () => api.signedIn('recruiter'))),
            apps,
            B2_COMMANDS,
          );
          row(
            'B2',
            'postgres',
            'commands/s, 1 sequential client',
            `${seq.perSecond}/s (p50 ${seq.latency.p50} ms)`,
            'p50 ≤ 3 ms, ≥ 300/s (issue 18)',
            `${r2(seq.perSecond / f2Rate)} × F2`,
            seq.latency.p50 <= 3 && seq.perSecond >= 300,
          );
          row(
            'B2',
            'postgres',
            'commands/s, 8 concurrent clients',
            `${eight.perSecond}/s (p50 ${eight.latency.p50} ms)`,
            '≥ 2 × sequential',
            `${r2(eight.perSecond / seq.perSecond)} × sequential`,
            eight.perSecond >= 2 * seq.perSecond,
          );
          pgResults.B2 = { sequential: seq, concurrent8: eight };
        } finally {
          await api.close();
        }
      }
    } finally {
      await schema.drop();
    }
  } else {
    log('DATABASE_URL is not set: PostgreSQL figures skipped');
  }

  results.rows = rows;
  results.durationSeconds = Math.round((Date.now() - started) / 1000);
  writeFileSync(join(ROOT, 'bench', 'results.json'), JSON.stringify(results, null, 2) + '\n');

  const table = [
    '| id | store | measure | value | target | vs floor | met |',
    '|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) => `| ${r.id} | ${r.store} | ${r.metric} | ${r.value} | ${r.target} | ${r.floor} | ${r.ok === null ? '' : r.ok ? 'yes' : 'no'} |`,
    ),
  ].join('\n');
  process.stdout.write(`\n${table}\n\nwritten bench/results.json (${results.durationSeconds} s)\n`);
  process.exit(0);
}

main().catch((error) => {
  process.stderr.write(`bench failed: ${error?.stack ?? error}\n`);
  process.exit(1);
});
