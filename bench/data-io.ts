/**
 * Import and export at scale (issue 16 targets) against an in-process standalone on in-memory
 * PGlite: a CSV import of N candidates (rows/s), another user's list reads meanwhile (p50/p95/p99), then
 * the CSV export of every candidate (time, heap) after topping the candidates read model up to
 * EXPORT_ROWS (default 50,000) documents, then ERASURES (default 5) erasures of imported candidates,
 * one at a time (each until its read models are purged). `node --import tsx bench/data-io.ts [n]`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PerformanceObserver, monitorEventLoopDelay } from 'node:perf_hooks';
import { ensureAdmin } from '@ats/command-api';
import { startStandalone } from '@ats/standalone';
import { Client } from '@ats/http-kit/testing';
import { silentLogger } from '@ats/http-kit';
import type { SqlClient } from '@ats/storage';
import type { QueryOptions } from '../packages/storage/src/sql/sql-client';
// the PGlite build the storage package runs (TRACE_SQL times its protocol calls)
import { PGlite } from '../packages/storage/node_modules/@electric-sql/pglite/dist/index.js';
import { io as connect } from 'socket.io-client';

const n = Number(process.argv[2] ?? 50_000);
// DATA_DIR=1: the store in a fresh directory on disk, as `npm start` runs it (PGlite's NODEFS:
// the page cache); unset, in memory (MEMFS), as before
const dataDir = process.env.DATA_DIR ? await mkdtemp(join(tmpdir(), 'ats-data-io-')) : undefined;
const app = await startStandalone({
  port: 0,
  dataDir,
  sessionSecret: 'x'.repeat(32),
  webDir: '/nonexistent',
  host: '127.0.0.1',
  log: silentLogger,
});
const admin = { email: 'bench@example.com', password: 'bench-password-123' };
await ensureAdmin(app.commandApi.deps, admin);
const importer = await new Client(app.url).login(admin.email, admin.password);
const reader = await new Client(app.url).login(admin.email, admin.password);

// TRACE_SQL=<ms>: every SQL statement's time, summed by its first words; those over <ms> printed.
// The time is PGlite's own run of the statement on this thread (its protocol calls, no queue
// wait): what the statement blocks every other request for. TRACE_SQL_WALL=1: the wall time of
// the call instead (queue wait included). A transaction is also counted whole (`transaction: `
// and its first statement, wall time): it holds the one connection from its start to its commit.
const sqlTimes = new Map<string, { n: number; ms: number; max: number; all: number[] }>();
const sqlRun = new AsyncLocalStorage<{ ms: number }>();
// the statements run since the hold monitor's last tick (TRACE_SQL): what a long hold was made of
let sinceTick: Array<{ key: string; ms: number }> = [];
function countSql(key: string, ms: number, slow: number) {
  if (!key.startsWith('transaction held')) sinceTick.push({ key, ms });
  const s = sqlTimes.get(key) ?? { n: 0, ms: 0, max: 0, all: [] };
  s.all.push(ms);
  sqlTimes.set(key, { n: s.n + 1, ms: s.ms + ms, max: Math.max(s.max, ms), all: s.all });
  if (ms > slow) process.stdout.write(`slow ${ms.toFixed(0)} ms: ${key}\n`);
}
if (process.env.TRACE_SQL) {
  const slow = Number(process.env.TRACE_SQL);
  const wall = Boolean(process.env.TRACE_SQL_WALL);
  const execProtocolRawSync = PGlite.prototype.execProtocolRawSync;
  // TRACE_SQL_CPU=1: the CPU time of PGlite's run of each statement instead (what it costs on a quiet box)
  const cpuClock = () => {
    const c = process.cpuUsage();
    return (c.user + c.system) / 1000;
  };
  const clock = process.env.TRACE_SQL_CPU ? cpuClock : () => performance.now();
  // MEMFS (the in-memory data dir) grows a file by 12.5 % at a time, copying it whole: timed apart
  let memfsPatched = false;
  const patchMemfs = (db: PGlite) => {
    memfsPatched = true;
    const memfs = (db as unknown as { mod?: { FS?: { root?: { mount?: { type?: Record<string, unknown> } } } } }).mod?.FS?.root?.mount
      ?.type as { expandFileStorage?: (node: { contents: Uint8Array }, size: number) => void } | undefined;
    const expand = memfs?.expandFileStorage;
    if (!memfs || !expand) return;
    memfs.expandFileStorage = function (node, size) {
      const before = node.contents?.length ?? 0;
      const t = clock();
      expand.call(this, node, size);
      const ms = clock() - t;
      if (node.contents.length !== before) countSql(`memfs expand (${Math.round(node.contents.length / 1e6)} MB)`, ms, slow);
    };
  };
  PGlite.prototype.execProtocolRawSync = function (this: PGlite, message: Uint8Array) {
    if (!memfsPatched) patchMemfs(this);
    const t = clock();
    try {
      return execProtocolRawSync.call(this, message);
    } finally {
      const run = sqlRun.getStore();
      if (run) run.ms += clock() - t;
    }
  };
  const keyOf = (text: string) => text.replace(/\s+/g, ' ').slice(0, Number(process.env.TRACE_SQL_KEY ?? 70));
  const traced = (client: SqlClient, inTransaction: { first: string | null; ms: number } | null): SqlClient => {
    const query = client.query.bind(client);
    const transaction = client.transaction.bind(client);
    return Object.assign(client, {
      async query(text: string, params?: readonly unknown[], options?: QueryOptions) {
        const t = performance.now();
        const run = { ms: 0 };
        try {
          return await sqlRun.run(run, () => query(text, params, options));
        } finally {
          const ms = wall ? performance.now() - t : run.ms;
          if (inTransaction) {
            inTransaction.first ??= keyOf(text);
            inTransaction.ms += ms;
          }
          countSql(keyOf(text), ms, slow);
        }
      },
      async transaction(fn: (tx: SqlClient) => Promise<unknown>) {
        const whole = { first: null as string | null, ms: 0 };
        let held = performance.now();
        try {
          return await transaction((tx) => {
            held = performance.now();
            return fn(traced(tx, whole));
          });
        } finally {
          // from the moment it has the connection to its commit: what every other query waits for
          countSql(`transaction held: ${whole.first ?? ''}`, performance.now() - held, slow);
        }
      },
    } as Partial<SqlClient>);
  };
  traced(app.sql, null);
}

// GIN_OPTION='fastupdate=off' (or 'gin_pending_list_limit=64', …): an experiment on the trigram
// indexes' storage option, set on every one before the import (the store's own is TRIGRAM_INDEX_OPTION)
if (process.env.GIN_OPTION && app.sql) {
  const { rows } = await app.sql.query<{ name: string }>(
    `SELECT format('%I.%I', schemaname, indexname) AS name FROM pg_indexes WHERE indexdef LIKE '%gin_trgm_ops%'`,
  );
  for (const { name } of rows) await app.sql.query(`ALTER INDEX ${name} SET (${process.env.GIN_OPTION})`);
  process.stdout.write(`${process.env.GIN_OPTION} on ${rows.length} trigram indexes\n`);
}

// B1 during the import: another user moves applications at 10 commands/s and waits for `changed`
// at their own socket (the pipeline room), as bench/run.ts measures B1
const probeUser = { email: 'probe@example.com', password: 'probe-password-123' };
const created = await importer.post('/api/users', { ...probeUser, firstName: 'Probe', lastName: 'User', role: 'recruiter' });
if (created.status !== 201) throw new Error(created.text);
const probe = await new Client(app.url).login(probeUser.email, probeUser.password);
const company = await probe.post('/api/clients', { companyName: 'Probe Co' });
const job = await probe.post('/api/jobs', { title: 'Probe Role', clientId: company.json.id });
const apps: number[] = [];
for (let i = 0; i < 20; i++) {
  const cand = await probe.post('/api/candidates', {
    firstName: 'Probe',
    lastName: `P${i}`,
    email: `probe.${i}@example.com`,
    currentTitle: 'CEO',
  });
  if (cand.status !== 201) throw new Error(cand.text);
  const application = await probe.post('/api/applications', { candidateId: cand.json.id, jobId: job.json.id });
  if (application.status !== 201) throw new Error(application.text);
  apps.push(application.json.id);
}
const socket = connect(app.url, {
  path: '/socket.io',
  transports: ['websocket'],
  extraHeaders: { Cookie: probe.cookie },
  reconnection: false,
  forceNew: true,
});
await new Promise<void>((resolve, reject) => {
  socket.once('connect', () => resolve());
  socket.once('connect_error', reject);
});
await socket.emitWithAck('join', 'pipeline');
const STAGES = ['phone_screen', 'interview', 'final_interview', 'offer', 'applied'];
const b1: number[] = [];
const b1Waiting = new Map<number, number>();
socket.on('changed', (msg: { readModel: string; ids: Array<number | string>; eventType: string }) => {
  if (msg.readModel !== 'applications' || msg.eventType !== 'ApplicationStageChanged') return;
  for (const id of msg.ids) {
    const sent = b1Waiting.get(Number(id));
    if (sent !== undefined) {
      b1.push(performance.now() - sent);
      b1Waiting.delete(Number(id));
    }
  }
});
let b1Errors = 0;
// the command's own part of B1: the PATCH's response (the rest is its projection and notice)
const b1Commands: number[] = [];
async function b1Probe(until: () => boolean) {
  const inflight: Promise<unknown>[] = [];
  for (let i = 0; !until(); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const id = apps[i % apps.length]!;
    if (b1Waiting.has(id)) continue; // the previous move of this card is still on its way
    b1Waiting.set(id, performance.now());
    const stage = STAGES[Math.floor(i / apps.length) % STAGES.length]!;
    const sent = performance.now();
    inflight.push(
      probe.patch(`/api/applications/${id}/stage`, { stage }).then(
        (r) => {
          b1Commands.push(performance.now() - sent);
          if (r.status !== 200) b1Errors++;
        },
        () => b1Errors++,
      ),
    );
  }
  await Promise.all(inflight);
  const deadline = Date.now() + 5000;
  while (b1Waiting.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
}
// B1 alone first (the same probe, no import), for comparison
{
  let stop = false;
  const quiet = b1Probe(() => stop);
  await new Promise((resolve) => setTimeout(resolve, 5000));
  stop = true;
  await quiet;
  process.stdout.write(
    `B1 before the import (no import running): ${b1.length} moves, ${pcts(b1)}; the command alone ${pcts(b1Commands)}\n`,
  );
  b1.length = 0;
  b1Commands.length = 0;
}

function p(xs: number[], q: number) {
  return [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))] ?? 0;
}
function pcts(xs: number[]) {
  return `p50 ${p(xs, 0.5).toFixed(1)} ms, p95 ${p(xs, 0.95).toFixed(1)} ms, p99 ${p(xs, 0.99).toFixed(1)} ms, max ${Math.max(0, ...xs).toFixed(1)} ms`;
}

const lines = ['First Name,Last Name,Email,Title,Company,Location,Skills'];
for (let i = 0; i < n; i++)
  lines.push(`Bulk${i},"Person, ${i % 97}",bulk.${i}@import.example,Engineer,Company ${i % 500},City ${i % 50},"Go; SQL"`);
const csv = lines.join('\r\n');

const t0 = performance.now();
const up = await importer.post('/api/imports', { kind: 'candidates', fileName: 'bulk.csv', csv });
if (up.status !== 201) throw new Error(up.text);
const tUpload = performance.now() - t0;
// how long the event loop is ever blocked, from the upload on
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
const tp0 = performance.now();
const preview = await importer.post(`/api/imports/${up.json.importId}/preview`, { mapping: up.json.mapping });
if (preview.status !== 200) throw new Error(preview.text);
process.stdout.write(
  `upload of ${n} rows ${Math.round(tUpload)} ms; preview ${Math.round(performance.now() - tp0)} ms (${preview.json.valid} valid); ` +
    `event loop delay max so far ${(loop.max / 1e6).toFixed(0)} ms\n`,
);
if (process.env.PREVIEW_ONLY) {
  await app.close();
  process.exit(0);
}
if (process.env.NO_PROJECTOR) await app.projector.stop(); // experiment: the import's own cost
// Holds of the one thread, load-independent: a timer every 2 ms records the CPU time of this
// process between two of its turns (one turn of the event loop's work, which a request that
// arrives meanwhile waits for), and the wall time. On a loaded box the wall gap grows with the
// load; the CPU gap is what the same work costs on a quiet one (GC helper threads included).
type Hold = { cpu: number; wall: number; sql: Array<{ key: string; ms: number }>; from: number; to: number };
// the garbage collector's pauses of this thread (start, duration, kind), to tell what a long hold was made of
const gcLog: Array<{ start: number; ms: number; kind: string }> = [];
const gcIn = (h: Hold) => gcLog.filter((g) => g.start >= h.from && g.start < h.to);
function monitorHolds() {
  const holds: Hold[] = [];
  let on = true;
  const running = (async () => {
    let c = process.cpuUsage();
    let t = performance.now();
    while (on) {
      await new Promise((resolve) => setTimeout(resolve, 2));
      const c2 = process.cpuUsage();
      const t2 = performance.now();
      const cpu = (c2.user - c.user + c2.system - c.system) / 1000;
      holds.push({ cpu, wall: t2 - t - 2, sql: cpu > 20 ? sinceTick : [], from: t, to: t2 });
      sinceTick = [];
      c = c2;
      t = t2;
    }
  })();
  return {
    async stop() {
      on = false;
      await running;
      return holds;
    },
  };
}
function reportHolds(what: string, holds: Hold[]) {
  const cpus = holds.map((h) => h.cpu);
  const walls = holds.map((h) => h.wall);
  const over = (xs: number[], ms: number) => xs.filter((x) => x > ms).length;
  process.stdout.write(
    `holds of the thread ${what} (CPU between two 2 ms ticks, ${holds.length} turns): p99 ${p(cpus, 0.99).toFixed(1)}, ` +
      `p99.9 ${p(cpus, 0.999).toFixed(1)}, max ${Math.max(0, ...cpus).toFixed(1)} ms; over 20 ms ${over(cpus, 20)}, over 40 ms ${over(cpus, 40)}; ` +
      `wall gaps p99 ${p(walls, 0.99).toFixed(1)}, max ${Math.max(0, ...walls).toFixed(1)} ms, over 40 ms ${over(walls, 40)}\n`,
  );
  {
    // how much of the long holds (over 20 ms of CPU) was the garbage collector's pauses
    const long = holds.filter((h) => h.cpu > 20);
    const gcs = long.map((h) => gcIn(h).reduce((sum, g) => sum + g.ms, 0));
    const withGc = gcs.filter((ms) => ms > 0).length;
    const gcMs = gcs.reduce((a, b) => a + b, 0);
    const cpuMs = long.reduce((a, h) => a + h.cpu, 0);
    process.stdout.write(
      `  the ${long.length} holds over 20 ms: ${withGc} with a GC pause in them; GC ${gcMs.toFixed(0)} of ${cpuMs.toFixed(0)} ms (wall pause / CPU)\n`,
    );
  }
  if (process.env.TRACE_SQL)
    for (const h of [...holds].sort((a, b) => b.cpu - a.cpu).slice(0, Number(process.env.HOLDS_SHOWN ?? 15))) {
      const sqlMs = h.sql.reduce((sum, q) => sum + q.ms, 0);
      const byKey = new Map<string, { n: number; ms: number }>();
      for (const q of h.sql) {
        const k = byKey.get(q.key) ?? { n: 0, ms: 0 };
        byKey.set(q.key, { n: k.n + 1, ms: k.ms + q.ms });
      }
      const top = [...byKey].sort((a, b) => b[1].ms - a[1].ms).slice(0, 4);
      process.stdout.write(
        `hold ${h.cpu.toFixed(1)} ms CPU (${h.wall.toFixed(0)} ms wall): GC ${
          gcIn(h)
            .map((g) => `${g.kind} ${g.ms.toFixed(1)}`)
            .join(' + ') || '0'
        } ms; SQL ${sqlMs.toFixed(1)} ms in ${h.sql.length} statements; ` +
          top.map(([k, v]) => `${v.n}× ${v.ms.toFixed(1)} ms ${k}`).join(' | ') +
          '\n',
      );
    }
}
const holdMonitor = monitorHolds();
// the garbage collector's pauses of this thread during the import, by kind (major = mark-compact)
const gcPauses = new Map<string, number[]>();
const gcObserver = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    const kind =
      ({ 1: 'minor', 2: 'major', 4: 'incremental', 8: 'weak callbacks' } as Record<number, string>)[
        (e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? 0
      ] ?? 'other';
    gcPauses.set(kind, [...(gcPauses.get(kind) ?? []), e.duration]);
    gcLog.push({ start: e.startTime, ms: e.duration, kind });
  }
});
gcObserver.observe({ entryTypes: ['gc'] });
const t1 = performance.now();
const cpu0 = process.cpuUsage();
const started = await importer.post(`/api/imports/${up.json.importId}/start`, { mapping: up.json.mapping });
if (started.status !== 202) throw new Error(started.text);
// another user reads the candidates list (and its count) every 200 ms while the import runs
const reads: number[] = [];
let readErrors = 0;
let done = false;
// NO_PROBES=1: no reads and no B1 probe during the import, so its CPU time is the import's and
// the projection's alone (comparable run to run whatever the wall time)
const probes = !process.env.NO_PROBES;
const readLoop = (async () => {
  while (!done && probes) {
    const t = performance.now();
    // a keep-alive connection the server closed just as it was reused: count it and go on
    const r = await reader.get('/api/candidates?limit=50').catch(() => null);
    if (r && r.status !== 200) throw new Error(r.text);
    if (!r) readErrors++;
    else reads.push(performance.now() - t);
    if (process.env.TRACE) process.stdout.write(`read ${(performance.now() - t).toFixed(0)} ms\n`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
})();
const b1Loop = probes ? b1Probe(() => done) : Promise.resolve();
// PROGRESS=1: the rate, CPU and memory by tenth of the import (does the rate fall as the store
// grows, does memory stay bounded); the import's status read in this process every 2 s
type Sample = { t: number; rows: number; cpu: number; rss: number; heap: number };
const samples: Sample[] = [];
const takeSample = async () => {
  const { processed } = await app.commandApi.imports.status(up.json.importId);
  const c = process.cpuUsage(cpu0);
  const m = process.memoryUsage();
  samples.push({ t: performance.now() - t1, rows: processed, cpu: (c.user + c.system) / 1000, rss: m.rss, heap: m.heapUsed });
};
const progressLoop = (async () => {
  while (!done && process.env.PROGRESS) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    if (!done) await takeSample();
  }
})();
await app.commandApi.imports.settled(up.json.importId);
const tImport = performance.now() - t1;
const cpu = process.cpuUsage(cpu0);
const cpuMs = (cpu.user + cpu.system) / 1000;
done = true;
const holds = await holdMonitor.stop();
gcObserver.disconnect();
// HOLDS_AFTER_S=<s>: the holds of the next seconds too (the store maintenance's pass after an import)
const afterMonitor = process.env.HOLDS_AFTER_S ? monitorHolds() : null;
await readLoop;
await b1Loop;
// the importer's keep-alive connection sat idle through the import: a reset on reuse is retried once
const statusUrl = `/api/imports/${up.json.importId}`;
const status = (await importer.get(statusUrl).catch(() => importer.get(statusUrl))).json;
process.stdout.write(
  `import of ${n} candidates: upload ${Math.round(tUpload)} ms, run ${Math.round(tImport)} ms = ${Math.round((n / tImport) * 1000)} rows/s; ` +
    `created ${status.created}, failed ${status.failed}; CPU ${Math.round(cpuMs)} ms = ${Math.round((n / cpuMs) * 1000)} rows per CPU second ` +
    `(load average ${loadavg()[0]!.toFixed(1)})\n` +
    `event loop delay during upload, preview and import: p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms, max ${(loop.max / 1e6).toFixed(0)} ms\n` +
    `another user's list reads meanwhile: ${reads.length}, ${pcts(reads)}${readErrors > 0 ? `, ${readErrors} connection resets` : ''}\n` +
    `B1 during the import (another user's stage move → changed at their socket, 10/s): ${b1.length} moves, ${pcts(b1)}` +
    `${b1Waiting.size > 0 ? `, ${b1Waiting.size} never arrived` : ''}${b1Errors > 0 ? `, ${b1Errors} errors` : ''} (target p50 ≤ 15 ms, p99 ≤ 50 ms); ` +
    `the command alone ${pcts(b1Commands)}\n`,
);
reportHolds('during the import', holds);
if (process.env.PROGRESS) {
  await progressLoop;
  await takeSample();
  // the samples nearest each tenth of the rows, and the stretch between two of them
  let from: Sample = { t: 0, rows: 0, cpu: 0, rss: 0, heap: 0 };
  for (let tenth = 1; tenth <= 10; tenth++) {
    const to = samples.find((x) => x.rows >= (n * tenth) / 10 && x.rows > from.rows);
    if (!to) continue;
    const rows = to.rows - from.rows;
    process.stdout.write(
      `progress ${String(from.rows).padStart(6)}–${String(to.rows).padEnd(6)}: ${Math.round((rows / (to.t - from.t)) * 1000)} rows/s, ` +
        `${Math.round((rows / (to.cpu - from.cpu)) * 1000)} rows per CPU second; RSS ${(to.rss / 1e6).toFixed(0)} MB, heap ${(to.heap / 1e6).toFixed(0)} MB\n`,
    );
    from = to;
  }
}
{
  process.stdout.write(
    `garbage collector's pauses during the import: ${[...gcPauses]
      .map(
        ([kind, ms]) => `${kind} ${ms.length}× total ${Math.round(ms.reduce((a, b) => a + b, 0))} ms, max ${Math.max(...ms).toFixed(1)} ms`,
      )
      .join('; ')}\n`,
  );
}
{
  // the sizes of the import's batches of new candidates (one IdsReserved block each)
  const blocks = (await app.eventStore.readAll({ types: ['IdsReserved'] })).map((e) => (e.data as { count: number }).count);
  const sorted = [...blocks].sort((a, b) => a - b);
  process.stdout.write(
    `batches of new candidates: ${blocks.length}, size min ${sorted[0] ?? 0}, median ${p(sorted, 0.5)}, max ${sorted.at(-1) ?? 0}\n`,
  );
}
if (process.env.TRACE_SQL) {
  const top = [...sqlTimes].sort((a, b) => b[1].ms - a[1].ms).slice(0, 40);
  for (const [key, t] of top)
    process.stdout.write(
      `sql ${t.ms.toFixed(0).padStart(7)} ms ${String(t.n).padStart(7)}× p50 ${p(t.all, 0.5).toFixed(1).padStart(5)} p99 ${p(t.all, 0.99).toFixed(1).padStart(5)} max ${t.max.toFixed(0).padStart(5)} ms  ${key}\n`,
    );
}
socket.close();
if (process.env.NO_PROJECTOR) {
  const c0 = process.cpuUsage();
  sqlTimes.clear();
  const tq = performance.now();
  await app.projector.start();
  await app.projector.waitFor(await app.eventStore.headPosition(), 600_000);
  const c = process.cpuUsage(c0);
  process.stdout.write(`projector alone: ${Math.round(performance.now() - tq)} ms, CPU ${Math.round((c.user + c.system) / 1000)} ms\n`);
  for (const [key, t] of [...sqlTimes].sort((a, b) => b[1].ms - a[1].ms).slice(0, 40))
    process.stdout.write(
      `sql ${t.ms.toFixed(0).padStart(7)} ms ${String(t.n).padStart(7)}× p50 ${p(t.all, 0.5).toFixed(1).padStart(5)} p99 ${p(t.all, 0.99).toFixed(1).padStart(5)} max ${t.max.toFixed(0).padStart(5)} ms  ${key}\n`,
    );
}
const tp = performance.now();
await app.projector.waitFor(await app.eventStore.headPosition(), 600_000);
process.stdout.write(`projector caught up ${Math.round(performance.now() - tp)} ms after the import\n`);
if (afterMonitor) {
  const since = performance.now() - t1 - tImport;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(process.env.HOLDS_AFTER_S) * 1000 - since)));
  reportHolds(`in the ${process.env.HOLDS_AFTER_S} s after the import`, await afterMonitor.stop());
}

// the export reads the read model only: top it up to EXPORT_ROWS documents directly (fast)
const exportRows = Number(process.env.EXPORT_ROWS ?? 50_000);
const collection = app.documents.collection('candidates');
const [sample] = await collection.find({ limit: 1 });
if (!sample) throw new Error('no candidate to copy');
const existingCount = await collection.count();
for (let from = 0; from < exportRows - existingCount; from += 2000) {
  const docs = [];
  for (let i = from; i < Math.min(from + 2000, exportRows - existingCount); i++)
    docs.push({
      ...sample,
      id: 10_000_000 + i,
      email: `copy.${i}@export.example`,
      lastName: `=Copy ${i}`,
      createdAt: new Date(Date.now() - i).toISOString(),
    });
  await (collection.upsertMany ? collection.upsertMany(docs) : Promise.all(docs.map((d) => collection.upsert(d))));
}

global.gc?.();
const heapBefore = process.memoryUsage().heapUsed;
let peak = heapBefore;
const rssBefore = process.memoryUsage().rss;
let peakRss = rssBefore;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50);
const te = performance.now();
// a pooled keep-alive connection the server closed while the top-up held the event loop: once more
const exportUrl = `${app.url}/api/exports/candidates`;
const res = await fetch(exportUrl, { headers: { Cookie: importer.cookie } }).catch(() =>
  fetch(exportUrl, { headers: { Cookie: importer.cookie } }),
);
let bytes = 0;
let rows = 0;
for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
  bytes += chunk.length;
  for (const b of chunk) if (b === 10) rows++;
}
clearInterval(sampler);
process.stdout.write(
  `export of ${rows - 1} candidates: ${Math.round(performance.now() - te)} ms, ${(bytes / 1e6).toFixed(1)} MB, heap growth at peak ${((peak - heapBefore) / 1e6).toFixed(0)} MB, ` +
    `RSS ${(rssBefore / 1e6).toFixed(0)} MB before, growth at peak ${((peakRss - rssBefore) / 1e6).toFixed(0)} MB (target ≤ 10 s, constant memory)\n`,
);

// one erasure (issue 16: ≤ 1 s including read models), with the imported candidates and the
// top-up's documents present: POST …/erase answers once the projector applied the erasure and
// every read model is purged of the person. ERASURES (default 5) imported candidates, one by one.
const erasures: number[] = [];
const erasureCpu: number[] = [];
for (let i = 0; i < Number(process.env.ERASURES ?? 5); i++) {
  const email = `bulk.${Math.floor(((i + 0.5) * n) / Number(process.env.ERASURES ?? 5))}@import.example`;
  const searchUrl = `/api/candidates?search=${encodeURIComponent(email)}`;
  const [found] = (await importer.get(searchUrl).catch(() => importer.get(searchUrl))).json as Array<{ id: number }>;
  if (!found) throw new Error(`no imported candidate ${email} to erase`);
  const c0 = process.cpuUsage();
  const t = performance.now();
  const erased = await importer.post(`/api/candidates/${found.id}/erase`, { reason: 'Bench: erasure request' });
  erasures.push(performance.now() - t);
  const c = process.cpuUsage(c0);
  erasureCpu.push((c.user + c.system) / 1000);
  if (erased.status !== 200) throw new Error(erased.text);
}
process.stdout.write(
  `erasure of one candidate (${await collection.count()} candidate documents present): ${erasures.length} erasures, ` +
    `${erasures.map((ms) => Math.round(ms)).join(', ')} ms (max ${Math.round(Math.max(...erasures))} ms), ` +
    `CPU ${erasureCpu.map((ms) => Math.round(ms)).join(', ')} ms (target ≤ 1 s; load average ${loadavg()[0]!.toFixed(1)})\n`,
);
await app.close();
if (dataDir) await rm(dataDir, { recursive: true, force: true });
