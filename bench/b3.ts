/**
 * B3 on its own (`npx tsx bench/b3.ts [--events N] [--store embedded|postgres|both] [--keep]`):
 * F4 (sequential read of the whole log, no handler) and the projector's catch-up from position 0
 * over the same log, exactly as bench/run.ts measures them, without the rest of the run.
 *
 * The appended log is cached (embedded: a PGlite data dir under the OS temp dir, copied for each
 * run; PostgreSQL: a schema whose events table is copied into a fresh schema), so iterating on
 * the projector does not pay for the append every time. `--fresh` re-appends.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { allProjections, createProjector } from '@ats/projector';
import { createMemoryChangeBus, createTestSchema, openStorage, withSearchPath, type Storage } from '@ats/storage';
import { appendDataset, type DatasetSize } from '../drills/support/dataset';
import { floorReadAll } from './floors';

const now = () => performance.now();
/** `--catch-up`: the event-batch-by-batch catch-up even on a fresh read side (the path before bulk builds) */
/** `--profile FILE`: a CPU profile of the projector's part only (open in Chrome DevTools) */
const PROFILE = process.argv.includes('--profile') ? process.argv[process.argv.indexOf('--profile') + 1] : undefined;
const OPTIONS = process.argv.includes('--catch-up') ? { freshBuildFrom: Number.MAX_SAFE_INTEGER } : {};
/** `--without-analytics`: every projection but the analytics ones (issue 15: they may add ≤ 15 % to B3); `--without a,b`: but those */
const WITHOUT = process.argv.includes('--without') ? process.argv[process.argv.indexOf('--without') + 1]!.split(',') : [];
const PROJECTIONS = allProjections.filter(
  (p) => !(process.argv.includes('--without-analytics') && p.name.startsWith('analytics_')) && !WITHOUT.includes(p.name),
);
/** `--log`: print the projector's log lines (the rebuild's phases and their durations) */
/** `--memory`: each log line also says where the memory is (RSS, JS heap, memory outside it: PGlite's WebAssembly), in MB */
const MEMORY = process.argv.includes('--memory');
const line = (msg: string, fields?: Record<string, unknown>) => {
  // with `node --expose-gc`: a full collection first, so the heap figure is what is alive
  if (MEMORY) (globalThis as { gc?: () => void }).gc?.();
  const usage = MEMORY ? process.memoryUsage() : null;
  const memory = usage
    ? ` rss ${mb(usage.rss)} heapTotal ${mb(usage.heapTotal)} heapUsed ${mb(usage.heapUsed)} external ${mb(usage.external)} arrayBuffers ${mb(usage.arrayBuffers)} wasmResident ${wasmResidentMb()}`
    : '';
  process.stdout.write(`[projector] ${msg} ${JSON.stringify(fields ?? {})}${memory}\n`);
};
const LOG = process.argv.includes('--log') || MEMORY ? { info: line, warn: line, error: line } : undefined;
/** `--shared-buffers 32MB`: PGlite's shared_buffers for the rebuild (default PostgreSQL's 128MB; `npm start` runs with 32MB) */
const SHARED_BUFFERS = process.argv.includes('--shared-buffers') ? process.argv[process.argv.indexOf('--shared-buffers') + 1] : undefined;
/** `--sizes`: after the build, each read model's documents (count, per event, stored bytes) */
const SIZES = process.argv.includes('--sizes');
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/**
 * B3: the projector building every read model from scratch: empty read side, checkpoint 0,
 * catch-up to the head (what a fresh deployment or a wiped read side does; rebuild() does the
 * same work into fresh collections while the live runner keeps serving).
 */
export async function rebuild(storage: Storage, options: { freshBuildFrom?: number } = {}) {
  const head = await storage.eventStore.headPosition();
  const projector = createProjector({
    eventStore: storage.eventStore,
    documentStore: storage.documentStore,
    changeBus: createMemoryChangeBus(),
    projections: PROJECTIONS,
    batchSize: 1000,
    ...(LOG ? { log: LOG } : {}),
    ...options,
  });
  const baseline = process.memoryUsage().rss;
  resetPeakRss();
  let peak = baseline;
  /** where the memory was at the peak: the JS heap, memory outside it (PGlite's WebAssembly memory), and when */
  let atPeak = { heapUsedMb: 0, externalMb: 0, arrayBuffersMb: 0, atMs: 0 };
  const started = now();
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    if (usage.rss <= peak) return;
    peak = usage.rss;
    atPeak = {
      heapUsedMb: mb(usage.heapUsed),
      externalMb: mb(usage.external),
      arrayBuffersMb: mb(usage.arrayBuffers),
      atMs: Math.round(now() - started),
    };
  }, 50);
  const profiler = PROFILE ? new Session() : null;
  if (profiler) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
  }
  const t = now();
  const cpu0 = process.cpuUsage();
  await projector.start();
  if (!(await projector.waitFor(head, 600_000))) throw new Error('the projector did not reach the head');
  const ms = now() - t;
  const cpu = process.cpuUsage(cpu0);
  if (profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    writeFileSync(PROFILE!, JSON.stringify(profile));
    profiler.disconnect();
  }
  clearInterval(sampler);
  // the timer barely runs while PGlite replays (its promises settle without yielding): the end is often the highest sample
  const end = process.memoryUsage();
  if (end.rss > peak) {
    peak = end.rss;
    atPeak = {
      heapUsedMb: mb(end.heapUsed),
      externalMb: mb(end.external),
      arrayBuffersMb: mb(end.arrayBuffers),
      atMs: Math.round(now() - started),
    };
  }
  // the kernel's high-water mark since resetPeakRss(): the true peak, which the starved timer can miss
  const kernelPeak = peakRssBytes();
  if (kernelPeak !== undefined && kernelPeak > peak) peak = kernelPeak;
  const status = await projector.status();
  await projector.stop();
  const events = (await floorReadAll(storage)).events;
  if (SIZES) await printSizes(storage, events);
  return {
    events,
    ms: Math.round(ms),
    perSecond: Math.round(events / (ms / 1000)),
    peakRssMb: mb(peak),
    rssGrowthMb: mb(peak - baseline),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    deadLetters: status.deadLettered,
    atPeak,
  };
}

/**
 * Linux: the most resident single mapping, which is PGlite's WebAssembly memory (one block of
 * about its size, as large as PostgreSQL ever needed: it never shrinks; the JS heap is many
 * small ones)
 */
function wasmResidentMb(): number | undefined {
  try {
    let largest = 0;
    for (const row of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
      if (row.startsWith('Rss:')) largest = Math.max(largest, Number(row.split(/\s+/)[1]));
    }
    return mb(largest * 1024);
  } catch {
    return undefined;
  }
}

/** Linux: reset the process's peak RSS (VmHWM) so it measures the rebuild alone, not the F4 read or the append before it */
function resetPeakRss() {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    // not Linux, or not allowed: the sampled peak stays
  }
}

/** Linux: the process's peak RSS (VmHWM) in bytes since the last reset */
function peakRssBytes(): number | undefined {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined;
  }
}

/** what each read model stores: documents, documents per event, and their bytes as stored (jsonb, compressed when large) */
async function printSizes(storage: Storage, events: number) {
  if (!storage.sql) return;
  const rows: string[] = [];
  let documents = 0;
  for (const p of PROJECTIONS) {
    const { rows: found } = await storage.sql.query<{ n: number; bytes: number }>(
      `SELECT count(*)::int AS n, coalesce(sum(pg_column_size(doc)), 0)::bigint AS bytes FROM doc_${p.collection.name}`,
    );
    const { n, bytes } = found[0]!;
    documents += n;
    rows.push(`${p.name}: ${n} documents (${(n / events).toFixed(2)} per event), ${mb(Number(bytes))} MB`);
  }
  process.stdout.write(`[b3] sizes: ${(documents / events).toFixed(2)} documents per event\n  ${rows.join('\n  ')}\n`);
}

/** B3/B4's log: 50k candidates + 100k applications + 50k stage moves = 200k events (scaled by `total`). */
export function b3Dataset(total = 200_000): DatasetSize {
  const k = total / 200_000;
  return {
    candidates: Math.round(50_000 * k),
    applications: Math.round(100_000 * k),
    moves: Math.round(50_000 * k),
    notes: 0,
    jobs: Math.max(5, Math.round(200 * k)),
    clients: Math.max(2, Math.round(40 * k)),
  };
}

async function embedded(total: number, fresh: boolean) {
  if (MEMORY) line('[b3] before the store opens');
  const cache = join(tmpdir(), `ats-b3-cache-${total}`);
  if (fresh) rmSync(cache, { recursive: true, force: true });
  if (!existsSync(cache)) {
    const storage = await openStorage({ kind: 'embedded', dataDir: cache });
    const t = now();
    await appendDataset(storage.eventStore, b3Dataset(total), 2000, { reservations: false });
    process.stdout.write(`[b3] appended ${total} events to ${cache} in ${Math.round(now() - t)} ms\n`);
    await storage.close();
  }
  const work = mkdtempSync(join(tmpdir(), 'ats-b3-'));
  try {
    cpSync(cache, join(work, 'pglite'), { recursive: true });
    const storage = await openStorage({
      kind: 'embedded',
      dataDir: join(work, 'pglite'),
      ...(SHARED_BUFFERS ? { sharedBuffers: SHARED_BUFFERS } : {}),
    });
    if (MEMORY) line('[b3] store open');
    const f4 = await floorReadAll(storage);
    if (MEMORY) line('[b3] log read (F4)');
    const b3 = await rebuild(storage, OPTIONS);
    await storage.close();
    report('embedded', f4, b3);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function postgres(url: string, total: number, fresh: boolean) {
  const cacheSchema = `b3_cache_${total}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    if (fresh) await admin.query(`DROP SCHEMA IF EXISTS ${cacheSchema} CASCADE`);
    const { rows } = await admin.query(`SELECT 1 FROM information_schema.tables WHERE table_schema = $1 AND table_name = 'events'`, [
      cacheSchema,
    ]);
    if (rows.length === 0) {
      await admin.query(`DROP SCHEMA IF EXISTS ${cacheSchema} CASCADE`);
      await admin.query(`CREATE SCHEMA ${cacheSchema}`);
      const storage = await openStorage({ kind: 'postgres', url: withSearchPath(url, cacheSchema) });
      await appendDataset(storage.eventStore, b3Dataset(total), 2000, { reservations: false });
      await storage.close();
    }
    const schema = await createTestSchema(url, 'b3');
    try {
      const storage = await openStorage({ kind: 'postgres', url: schema.url });
      await admin.query(`INSERT INTO ${schema.schema}.events SELECT * FROM ${cacheSchema}.events ORDER BY position`);
      // the data keys personal fields are sealed with (without them the events cannot be read)
      await admin.query(`INSERT INTO ${schema.schema}.subject_keys SELECT * FROM ${cacheSchema}.subject_keys`);
      await admin.query(
        `SELECT setval(pg_get_serial_sequence('${schema.schema}.events', 'position'), (SELECT max(position) FROM ${schema.schema}.events))`,
      );
      await admin.query(`VACUUM ANALYZE ${schema.schema}.events`);
      const f4 = await floorReadAll(storage);
      const b3 = await rebuild(storage, OPTIONS);
      await storage.close();
      report('postgres', f4, b3);
    } finally {
      await schema.drop();
    }
  } finally {
    await admin.end();
  }
}

function report(store: string, f4: Awaited<ReturnType<typeof floorReadAll>>, b3: Awaited<ReturnType<typeof rebuild>>) {
  const ratio = Math.round((b3.perSecond / f4.perSecond) * 100) / 100;
  const ok = b3.perSecond >= 10_000 && ratio >= 0.25;
  process.stdout.write(
    `[b3] ${store}${
      PROJECTIONS.length < allProjections.length
        ? ` (without ${allProjections
            .filter((p) => !PROJECTIONS.includes(p))
            .map((p) => p.name)
            .join(', ')})`
        : ''
    }: F4 ${f4.perSecond} events/s (${f4.ms} ms); B3 ${b3.perSecond} events/s, ${b3.ms} ms, ${ratio} × F4, peak RSS ${b3.peakRssMb} MB (+${b3.rssGrowthMb}), process CPU ${b3.cpuMs} ms, dead letters ${b3.deadLetters} — ${ok ? 'met' : 'MISSED'}; at the peak ${JSON.stringify(b3.atPeak)}\n`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const total = Number(arg('events') ?? 200_000);
  const which = arg('store') ?? 'embedded';
  const fresh = process.argv.includes('--fresh');
  if (which === 'embedded' || which === 'both') await embedded(total, fresh);
  if (which === 'postgres' || which === 'both') {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('DATABASE_URL is not set');
    await postgres(url, total, fresh);
  }
  process.exit(0);
}
