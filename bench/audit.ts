/**
 * The audit log's targets (issue 14) on a large log: a filtered page of the browser (p95 ≤ 100
 * ms), verification (≥ 100,000 events/s) and export (≥ 50,000 events/s, constant memory).
 *
 *   npx tsx bench/audit.ts [--events 1000000] [--pg]
 *
 * The log is written straight into the events table (rows with their chained hashes, 1,000 a
 * statement), as a real agency's would look: candidate, application, note and job streams,
 * twenty actors, requests of a few events, a year of time. Embedded PGlite (in a temp dir) by
 * default; `--pg` uses DATABASE_URL on a fresh schema.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  GENESIS_HASH,
  chainHash,
  createPgClient,
  createPgliteClient,
  createSqlAuditLog,
  createSqlEventStore,
  createTestSchema,
  type EventLogPage,
  type SqlClient,
} from '@ats/storage';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const TOTAL = Number(arg('--events') ?? 1_000_000);
const PG = process.argv.includes('--pg');
const log = (msg: string) => process.stdout.write(`[bench audit] ${msg}\n`);
const pct = (s: number[], p: number) => [...s].sort((a, b) => a - b)[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;

/** on a loaded machine wall time says little; CPU time of this process is steadier (all of it with PGlite, which runs in process) */
const cpuSeconds = (used: NodeJS.CpuUsage) => (used.user + used.system) / 1e6;

const TYPES = ['CandidateRegistered', 'CandidateUpdated', 'ApplicationCreated', 'ApplicationStageChanged', 'NoteAdded', 'JobUpdated'];
const ACTORS = Array.from({ length: 20 }, (_, i) => ({ id: randomUUID(), name: `User ${i}`, role: 'recruiter' }));

async function main() {
  let sql: SqlClient;
  let cleanup: () => Promise<void>;
  if (PG) {
    const schema = await createTestSchema(process.env.DATABASE_URL!);
    sql = createPgClient(schema.url);
    cleanup = async () => {
      await sql.close();
      await schema.drop();
    };
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'ats-bench-audit-'));
    sql = await createPgliteClient(dir);
    cleanup = async () => {
      await sql.close();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const store = createSqlEventStore(sql);
  await store.migrate();
  const audit = createSqlAuditLog(sql);

  // ── the log ──
  const start = Date.parse('2025-06-01T00:00:00.000Z');
  const span = 365 * 24 * 3600 * 1000;
  let prev = GENESIS_HASH;
  const revisions = new Map<string, number>();
  let t = performance.now();
  let correlation = randomUUID();
  const sampleCorrelations: string[] = [];
  for (let base = 1; base <= TOTAL; base += 1000) {
    const params: unknown[] = [];
    const values: string[] = [];
    for (let position = base; position < Math.min(base + 1000, TOTAL + 1); position++) {
      if (position % 3 === 0) correlation = randomUUID();
      if (position % 100_003 === 0) sampleCorrelations.push(correlation);
      const type = TYPES[position % TYPES.length]!;
      const entity = Math.floor(position / 7) % 50_000;
      const stream = type.startsWith('Application')
        ? `application-${entity}`
        : type === 'NoteAdded'
          ? `note-${position}`
          : type === 'JobUpdated'
            ? `job-${entity % 500}`
            : `candidate-${entity}`;
      const revision = revisions.get(stream) ?? 0;
      revisions.set(stream, revision + 1);
      const data = { candidateId: entity, jobId: entity % 500, note: `text ${position} ${type}`, stage: 'interview' };
      const metadata = {
        actor: ACTORS[position % ACTORS.length]!,
        correlationId: correlation,
        causationId: null,
        occurredAt: new Date(start + Math.floor((position / TOTAL) * span)).toISOString(),
        schemaVersion: 1,
      };
      const hash = chainHash(prev, { position, stream, revision, type, data, metadata });
      params.push(position, randomUUID(), stream, revision, type, JSON.stringify(data), JSON.stringify(metadata), hash, prev);
      prev = hash;
      const n = params.length;
      values.push(
        `($${n - 8}::bigint, $${n - 7}::uuid, $${n - 6}, $${n - 5}, $${n - 4}, $${n - 3}::jsonb, $${n - 2}::jsonb, $${n - 1}, $${n})`,
      );
    }
    await sql.query(
      `INSERT INTO events (position, id, stream, revision, type, data, metadata, hash, prev_hash) VALUES ${values.join(',')}`,
      params,
    );
    if ((base - 1) % 100_000 === 0) log(`written ${base - 1} events (${Math.round(performance.now() - t)} ms)`);
  }
  await sql.query(`SELECT setval(pg_get_serial_sequence('events', 'position'), $1)`, [TOTAL]);
  await sql.query('ANALYZE events');
  log(`log of ${TOTAL} events written in ${Math.round(performance.now() - t)} ms (${PG ? 'PostgreSQL' : 'PGlite'})`);

  // ── filtered pages (the browser's requests) ──
  const actor = ACTORS[3]!.id;
  const cases: [string, Omit<EventLogPage, 'limit'>][] = [
    ['newest first, no filter', { order: 'desc' }],
    ['one stream', { order: 'desc', stream: 'candidate-1234' }],
    ['stream prefix + type', { order: 'desc', streamPrefix: 'application-12', types: ['ApplicationStageChanged'] }],
    ['actor + two weeks', { order: 'desc', actor, from: '2025-09-01T00:00:00Z', to: '2025-09-15T00:00:00Z' }],
    [
      'type + two weeks, oldest first',
      { order: 'asc', types: ['NoteAdded', 'CandidateUpdated'], from: '2026-01-01T00:00:00Z', to: '2026-01-15T00:00:00Z' },
    ],
    ['correlation id', { order: 'asc', correlationId: sampleCorrelations[0] ?? correlation }],
    ['free text (bounded window)', { order: 'desc', q: 'text 99' }],
    ['deep page (before = middle)', { order: 'desc', before: Math.floor(TOTAL / 2), types: ['JobUpdated'] }],
  ];
  const all: number[] = [];
  for (const [name, filter] of cases) {
    const samples: number[] = [];
    for (let i = 0; i < 25; i++) {
      t = performance.now();
      const page = await audit.page({ ...filter, limit: 100 });
      samples.push(performance.now() - t);
      if (i === 0 && page.events.length === 0 && name !== 'correlation id') log(`  (no events for ${name})`);
    }
    all.push(...samples.slice(3));
    log(`page: ${name.padEnd(34)} p50 ${pct(samples, 50).toFixed(1)} ms  p95 ${pct(samples, 95).toFixed(1)} ms`);
  }
  log(`page: every case                           p95 ${pct(all, 95).toFixed(1)} ms (target ≤ 100 ms)`);

  // ── verification ──
  t = performance.now();
  let cpu = process.cpuUsage();
  const result = await audit.verify();
  const verifyMs = performance.now() - t;
  const verifyCpu = cpuSeconds(process.cpuUsage(cpu));
  log(
    `verify: ${result.checked} events in ${Math.round(verifyMs)} ms = ${Math.round(result.checked / (verifyMs / 1000))} events/s, ${Math.round(result.checked / verifyCpu)} events per CPU second of this process (ok ${result.ok}; target ≥ 100,000/s)`,
  );

  // ── export (what the route does per event: the line and the export hash), constant memory ──
  const { createHash } = await import('node:crypto');
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let peak = heapBefore;
  let bytes = 0;
  let count = 0;
  let exportHash = GENESIS_HASH;
  t = performance.now();
  cpu = process.cpuUsage();
  for await (const batch of audit.stream({}, { upTo: TOTAL })) {
    for (const event of batch) {
      bytes += JSON.stringify(event).length + 1;
      exportHash = createHash('sha256')
        .update(exportHash)
        .update(event.hash ?? '')
        .digest('hex');
      count += 1;
    }
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }
  const exportMs = performance.now() - t;
  const exportCpu = cpuSeconds(process.cpuUsage(cpu));
  log(
    `export: ${count} events (${Math.round(bytes / 1024 / 1024)} MB) in ${Math.round(exportMs)} ms = ${Math.round(count / (exportMs / 1000))} events/s, ${Math.round(count / exportCpu)} per CPU second, heap peak +${Math.round((peak - heapBefore) / 1024 / 1024)} MB (target ≥ 50,000/s)`,
  );
  await cleanup();
}

await main();
