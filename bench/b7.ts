/**
 * B7 on its own (`npx tsx bench/b7.ts [--events N] [--fresh] [--runs R]`): the standalone server
 * started on an existing data dir of a large agency (N events, default 1,000,000: 250,000
 * candidates, 500,000 applications, 250,000 stage moves), measured as `npm start` runs it (the
 * esbuild bundle):
 *
 * - ready: spawn → first `/healthz` 200;
 * - idle RSS once the background maintenance is done and the warmed AI worker threads have
 *   idled out, and where it goes (the server's /metrics: V8 heap, external = mostly PGlite's
 *   WebAssembly memory, the rest native: code, malloc arenas, thread stacks);
 * - every B4 screen read, one request alone (no concurrency), against its bound.
 *
 * The data dir is built once and kept under the OS temp dir (`ats-b7-<N>`): appending and
 * building the read models of 1M events takes many minutes; `--fresh` rebuilds it.
 * `pnpm bench -- --b7-large` runs the same rows at 1M inside the full bench (opt-in).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openStorage } from '@ats/storage';
import { Client } from '@ats/http-kit/testing';
import { appendDataset } from '../drills/support/dataset';
import { b3Dataset, rebuild } from './b3';
import { freePort } from '../drills/support/harness';
import { startStandaloneChild as startChild, type StandaloneChild } from './support/standalone-child';

const ROOT = join(import.meta.dirname, '..');
const ADMIN = { email: 'bench@agency.example', password: 'bench-password-123' };
const METRICS_TOKEN = 'b7-metrics-token-b7-metrics-token';
const now = () => performance.now();
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const r2 = (n: number) => Math.round(n * 100) / 100;
const log = (msg: string) => process.stdout.write(`[b7] ${msg}\n`);

/** The B4 bound for one request alone (the screens' reads; README "Performance and fault drills"). */
export const B7_READ_BOUND_MS = 50;

export type { StandaloneChild };

/** How the measured server is started: `main` another build's bundle, `plainLaunch` without `scripts/server-launch.json` (an A/B). */
export interface B7Launch {
  main?: string;
  plainLaunch?: boolean;
}

/** The standalone bundle on `dataDir` with B7's metrics token, ready when /healthz answers. */
export const startStandaloneChild = (
  dataDir: string,
  extraEnv: Record<string, string> = {},
  launch: B7Launch = {},
): Promise<StandaloneChild> =>
  startChild(dataDir, { env: { METRICS_TOKEN, ...extraEnv }, readyTimeoutMs: 600_000, killAfterMs: 10_000, ...launch });

/** The process's CPU time so far (user + system, ms), from /proc. */
export function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux)
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * The floor of `ready` in the same conditions: a bare Node process serving HTTP (spawn → first
 * 200), so a loaded machine's figure can be read against it.
 */
export async function floorStart(): Promise<number> {
  const port = await freePort();
  const t = now();
  const proc = spawn(process.execPath, ['-e', `require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1')`], {
    stdio: 'ignore',
  });
  try {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return Math.round(now() - t);
      await sleep(10);
    }
  } finally {
    proc.kill('SIGKILL');
  }
}

/** Waits for the first background VACUUM (ANALYZE) pass (`/healthz` maintenance idle); returns ms. */
export async function waitMaintenance(url: string, limitMs = 600_000): Promise<number> {
  const t = now();
  while (now() - t < limitMs) {
    // a busy server may drop a poll (ECONNRESET under load): ask again
    const health = (await fetch(`${url}/healthz`)
      .then((r) => r.json())
      .catch(() => ({ maintenance: 'unknown' }))) as { maintenance?: string };
    if (health.maintenance === 'idle' || health.maintenance === undefined) break;
    await sleep(250);
  }
  return Math.round(now() - t);
}

/**
 * A data dir (the standalone's `ATS_DATA_DIR` layout) with `events` events and every read model
 * built, cached under the OS temp dir. Returns its path.
 */
export async function b7DataDir(events: number, fresh = false): Promise<string> {
  const base = join(tmpdir(), `ats-b7-${events}`);
  const dataDir = join(base, 'data');
  const marker = join(base, 'ready');
  // two steps, each marked when done: a killed build resumes (the projector's fresh build commits its progress per batch)
  const appendedMarker = join(base, 'appended');
  if (fresh) rmSync(base, { recursive: true, force: true });
  if (!existsSync(appendedMarker)) {
    rmSync(base, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    const storage = await openStorage({ kind: 'embedded', dataDir: join(dataDir, 'pglite') });
    const t = now();
    const appended = await appendDataset(storage.eventStore, b3Dataset(events), 2000, { reservations: false });
    log(`appended ${appended.events} events in ${Math.round(now() - t)} ms`);
    await storage.close();
    writeFileSync(appendedMarker, new Date().toISOString() + '\n');
  }
  if (!existsSync(marker)) {
    const storage = await openStorage({ kind: 'embedded', dataDir: join(dataDir, 'pglite') });
    const t = now();
    const built = await rebuild(storage);
    log(`read models built in ${Math.round(now() - t)} ms (${built.perSecond} events/s, peak RSS ${built.peakRssMb} MB)`);
    await storage.close();
    // the first start records the version, creates the admin and analyzes the bulk-built tables
    const child = await startStandaloneChild(dataDir);
    const maintenanceMs = await waitMaintenance(child.url);
    log(`first start ${Math.round(child.readyMs)} ms, first maintenance pass ${maintenanceMs} ms`);
    await child.stop();
    writeFileSync(marker, new Date().toISOString() + '\n');
  }
  return dataDir;
}

/** The B4 screen reads, each one request alone; returns per read the median of `repeat` tries. */
export async function screenReads(url: string, size: { jobs: number; candidates: number }, repeat = 5) {
  const { jobs } = size;
  const candidate = Math.ceil(size.candidates / 2);
  const client = await new Client(url).login(ADMIN.email, ADMIN.password);
  const reads: Array<[string, string]> = [
    ['candidate search (page of 30)', '/api/candidates?search=lovelace&limit=30'],
    ['candidate search, no match', '/api/candidates?search=zzz-no-match&limit=30'],
    ['candidate search count', '/api/candidates/count?search=lovelace'],
    ['candidate list (first page)', '/api/candidates?limit=30'],
    ['a candidate', `/api/candidates/${candidate}`],
    ["a candidate's applications", `/api/candidates/${candidate}/jobs`],
    ['pipeline column page (one job)', `/api/applications?job=${Math.ceil(jobs / 2)}&stage=interview&limit=30`],
    ['pipeline summary (one job)', `/api/applications/summary?job=${Math.ceil(jobs / 2)}`],
    ['whole board summary', '/api/applications/summary'],
    ['whole board column page', '/api/applications?stage=offer&limit=30'],
    ['dashboard metrics', '/api/dashboard/metrics'],
    ['dashboard recent activities', '/api/dashboard/recent-activities'],
    ['dashboard priority tasks', '/api/dashboard/priority-tasks'],
    ['jobs list (dashboard, Jobs screen)', '/api/jobs'],
    ["dashboard cards' change labels", '/api/analytics/dashboard-changes'],
    ['dashboard first screen (one read)', '/api/dashboard/first-screen'],
  ];
  // a live agency changes things between reads: each read also once right after a recruiter added a
  // candidate and put them on a job (the result caches of the read models those touch are then stale)
  // (the dataset's own records were appended as bulk seed streams, so the commands cannot load them: a job of the bench's own)
  let benchJob: number | null = null;
  let added = 0;
  const change = async () => {
    if (benchJob === null) {
      const job = await client.post('/api/jobs', { title: 'Chief Engine Officer', status: 'open' });
      if (job.status !== 201) throw new Error(`job refused: ${job.status} ${job.text}`);
      benchJob = Number(job.json.id);
    }
    added++;
    const person = await client.post('/api/candidates', {
      firstName: 'Bench',
      lastName: `Newcomer ${added}`,
      email: `b7-newcomer-${Date.now()}-${added}@agency.example`,
      currentTitle: 'Head of Engines',
      currentCompany: 'Analytical Engines',
      location: 'London, UK',
      skills: ['Leadership'],
      salaryExpectation: 250,
    });
    if (person.status !== 201) throw new Error(`candidate refused: ${person.status} ${person.text}`);
    const applied = await client.post('/api/applications', { candidateId: person.json.id, jobId: benchJob });
    if (applied.status !== 201) throw new Error(`application refused: ${applied.status} ${applied.text}`);
    return Number(applied.json.position);
  };
  // `firstMs`: the first try, before the query-api's result caches hold the answer
  const results: Array<{ read: string; path: string; status: number; ms: number; firstMs: number; afterChangeMs: number }> = [];
  for (const [read, path] of reads) {
    const samples: number[] = [];
    let status = 0;
    for (let i = 0; i < repeat; i++) {
      const t = now();
      const response = await client.get(path);
      samples.push(now() - t);
      status = response.status;
    }
    const firstMs = r2(samples[0]!);
    samples.sort((a, b) => a - b);
    // the read right after a change, once the change is in the read models (minPosition)
    const position = await change();
    const t = now();
    const after = await client.get(`${path}${path.includes('?') ? '&' : '?'}minPosition=${position}`);
    const afterChangeMs = r2(now() - t);
    if (after.status !== 200) status = after.status;
    results.push({ read, path, status, ms: r2(samples[Math.floor(samples.length / 2)]!), firstMs, afterChangeMs });
  }
  return results;
}

/** Where the memory goes, from the server's own /metrics (prom-client's process and V8 figures). */
export async function memoryBreakdown(url: string) {
  const text = await (await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const value = (name: string) => Math.round(Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN) / 1048576);
  const rss = value('ats_process_resident_memory_bytes');
  const heapTotal = value('ats_nodejs_heap_size_total_bytes');
  // external: ArrayBuffers outside the V8 heap, mostly PGlite's WebAssembly memory (shared_buffers included)
  const external = value('ats_nodejs_external_memory_bytes');
  return {
    rssMb: rss,
    heapUsedMb: value('ats_nodejs_heap_size_used_bytes'),
    heapTotalMb: heapTotal,
    externalMb: external,
    otherMb: rss - heapTotal - external,
  };
}

/** Idle = the background maintenance and the warm-up after it done, and the AI worker threads (warmed at start, 30 s idle timeout) gone. */
const WORKERS_IDLE_MS = 35_000;
/** Idle RSS is the median of this many samples, 2 s apart (one sample moved with a passing timer's work). */
const IDLE_SAMPLES = 5;

export async function measureB7(
  dataDir: string,
  size: { jobs: number; candidates: number },
  env: Record<string, string> = {},
  launch: B7Launch = {},
) {
  const child = await startStandaloneChild(dataDir, env, launch);
  // the server's CPU from spawn to its first /healthz answer (ready), beside the wall time
  const readyCpuMs = processCpuMs(child.pid);
  try {
    const maintenanceMs = await waitMaintenance(child.url);
    await sleep(2000);
    const settledRssMb = child.rssMb();
    // the read memories' warm-up starts once maintenance is done (5–30 s at 1M, more at load) and the
    // AI worker threads leave 30 s after start-up: idle is counted from the end of maintenance, not
    // from the start (a maintenance pass longer than 35 s at load had the samples taken mid-warm-up)
    await sleep(WORKERS_IDLE_MS - 2000);
    const idleSamplesMb: number[] = [];
    for (let i = 0; i < IDLE_SAMPLES; i++) {
      if (i > 0) await sleep(2000);
      idleSamplesMb.push(child.rssMb());
    }
    const idleRssMb = [...idleSamplesMb].sort((a, b) => a - b)[Math.floor(IDLE_SAMPLES / 2)]!;
    const memory = await memoryBreakdown(child.url);
    const startCpuMs = processCpuMs(child.pid);
    const readsStarted = now();
    const reads = await screenReads(child.url, size);
    // the server's CPU over all the reads (and the changes between them): wall time at load is mostly waiting for a core
    const readsCpuMs = processCpuMs(child.pid) - startCpuMs;
    const readsWallMs = Math.round(now() - readsStarted);
    const afterReadsRssMb = child.rssMb();
    return {
      readyMs: Math.round(child.readyMs),
      maintenanceMs,
      settledRssMb,
      idleRssMb,
      idleSamplesMb,
      afterReadsRssMb,
      memory,
      reads,
      readsCpuMs,
      readsWallMs,
      startCpuMs,
      readyCpuMs,
    };
  } finally {
    await child.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const events = Number(arg('events') ?? 1_000_000);
  const runs = Number(arg('runs') ?? 1);
  // `--main <bundle>`: another build's dist/main.js (main's, for the before side); `--plain-launch`: without scripts/server-launch.json
  const launch: B7Launch = { ...(arg('main') ? { main: arg('main')! } : {}), plainLaunch: process.argv.includes('--plain-launch') };
  // `--shared-buffers 128MB`: the embedded store's shared_buffers for the measured starts (the figure before the cut)
  const env: Record<string, string> = arg('shared-buffers') ? { ATS_PGLITE_SHARED_BUFFERS: arg('shared-buffers')! } : {};
  // `--env NAME=VALUE` (repeatable): more of the measured server's environment (an A/B of a setting)
  process.argv.forEach((a, i) => {
    const pair = a === '--env' ? process.argv[i + 1] : undefined;
    if (pair?.includes('=')) env[pair.slice(0, pair.indexOf('='))] = pair.slice(pair.indexOf('=') + 1);
  });
  if (!process.argv.includes('--no-build')) {
    const { buildServices } = (await import(pathToFileURL(join(ROOT, 'scripts', 'build.mjs')).href)) as { buildServices(): Promise<void> };
    await buildServices();
  }
  const dataDir = await b7DataDir(events, process.argv.includes('--fresh'));
  if (process.argv.includes('--prepare-only')) process.exit(0);
  for (let run = 0; run < runs; run++) {
    log(`floor: a bare Node HTTP server answers ${await floorStart()} ms after spawn`);
    const b7 = await measureB7(dataDir, b3Dataset(events), env, launch);
    const how = { ...env, ...(launch.main ? { main: launch.main } : {}), ...(launch.plainLaunch ? { launch: 'plain' } : {}) };
    log(
      `${events} events${Object.keys(how).length > 0 ? ` (${JSON.stringify(how)})` : ''}: ready ${r2(b7.readyMs / 1000)} s (target ≤ 5 s), ` +
        `idle RSS ${b7.idleRssMb} MB (target ≤ 400 MB; samples ${b7.idleSamplesMb.join(', ')}; ${b7.settledRssMb} MB 2 s after maintenance), ` +
        `after the reads ${b7.afterReadsRssMb} MB, maintenance ${b7.maintenanceMs} ms; load ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
    );
    log(
      `  server CPU: ${b7.readyCpuMs} ms to ready, ${b7.startCpuMs} ms to idle, ${b7.readsCpuMs} ms over the reads (${b7.readsWallMs} ms wall)`,
    );
    for (const read of b7.reads)
      log(
        `  ${read.read}: ${read.ms} ms (${read.status}; first ${read.firstMs} ms; right after a change ${read.afterChangeMs} ms)` +
          (Math.max(read.ms, read.afterChangeMs) <= B7_READ_BOUND_MS ? '' : `  MISSED ≤ ${B7_READ_BOUND_MS} ms`),
      );
    log(`  memory (MB): ${JSON.stringify(b7.memory)}`);
  }
  process.exit(0);
}
