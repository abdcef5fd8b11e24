/**
 * Profiling aid for B7's jobs list right after a change (`npx tsx bench/profile-jobs-list.ts
 * [--events N] [--runs R] [--path /api/jobs]`): the standalone server in this process on B7's data
 * dir (built by `bench/b7.ts` if missing), its background warm-up done; then R times a recruiter's
 * change (a candidate added and put on a job, as `bench/b7.ts` does), the projector and the
 * query side's notice let through, and one `GET <path>` timed alone: wall and CPU time
 * (process.cpuUsage; nothing else runs then) and every SQL statement the read sent to the store.
 * PROFILE=<file>: a CPU profile of the timed reads only. `--extra-jobs J`: J more jobs added first
 * (to a copy of the data dir), so a small data dir's list is as long as 1M's (1,000 jobs).
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Session } from 'node:inspector/promises';
import { createJob, ensureAdmin } from '@ats/command-api';
import { contracts } from '@ats/contracts';
import { startStandalone } from '@ats/standalone';
import { Client } from '@ats/http-kit/testing';
import type { SqlClient } from '@ats/storage';
import { b7DataDir, waitMaintenance } from './b7';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const events = Number(arg('events') ?? 1_000_000);
const runs = Number(arg('runs') ?? 5);
const path = arg('path') ?? '/api/jobs';
const log = (msg: string) => process.stdout.write(`[jobs-list] ${msg}\n`);
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const r1 = (n: number) => Math.round(n * 10) / 10;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** the statements sent through `client` while `recording` (transactions' own included) */
let recording: string[] | null = null;
function recordStatements(client: SqlClient): SqlClient {
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  return Object.assign(client, {
    query: (async (sql: string, params?: readonly unknown[], options?: Parameters<SqlClient['query']>[2]) => {
      const list = recording;
      const t = performance.now();
      try {
        return await query(sql, params, options);
      } finally {
        list?.push(`${r1(performance.now() - t)} ms ${sql.replace(/\s+/g, ' ').slice(0, 150)}`);
      }
    }) as SqlClient['query'],
    transaction: (<T>(fn: (tx: SqlClient) => Promise<T>) => transaction((tx) => fn(recordStatements(tx)))) as SqlClient['transaction'],
  });
}

const extraJobs = Number(arg('extra-jobs') ?? 0);
const builtDir = await b7DataDir(events);
// more jobs are written to a copy (the bench's data dir stays as built)
const copy = extraJobs > 0 ? mkdtempSync(join(tmpdir(), 'ats-jobs-list-')) : null;
if (copy) cpSync(builtDir, copy, { recursive: true });
const dataDir = copy ?? builtDir;
const admin = { email: 'bench@agency.example', password: 'bench-password-123' };
const started = performance.now();
const app = await startStandalone({
  port: 0,
  dataDir: join(dataDir, 'pglite'),
  sessionSecret: randomBytes(32).toString('base64url'),
  webDir: '/nonexistent',
  host: '127.0.0.1',
});
log(`started in ${Math.round(performance.now() - started)} ms on ${dataDir}`);
if (app.sql) recordStatements(app.sql);
await ensureAdmin(app.commandApi.deps, admin);
for (let j = 0; j < extraJobs; j++) {
  const input = contracts.createJob.body.parse({ title: `Extra Role ${j}`, salaryMin: 200, salaryMax: 300, status: 'open' });
  const call = {
    correlationId: `extra-${j}`,
    metadata: { now: new Date().toISOString(), actor: { id: 'u-bench', name: 'Bench Recruiter' } },
  };
  await createJob(app.commandApi.deps, call, input);
}
if (extraJobs > 0) log(`${extraJobs} jobs added`);
await waitMaintenance(app.url);
// the warm-up after maintenance (memories loaded in keyset pages)
await sleep(Number(arg('settle-ms') ?? 15_000));
const client = await new Client(app.url).login(admin.email, admin.password);
const job = await client.post('/api/jobs', { title: 'Chief Engine Officer', status: 'open' });
const jobId = Number(job.json.id);
// a first read (caches filled)
await client.get(path);
const session = process.env.PROFILE ? new Session() : null;
if (session) {
  session.connect();
  await session.post('Profiler.enable');
}
const samples: Array<{ wallMs: number; cpuMs: number; statements: number }> = [];
// `--gap-ms G`: a pause before each change, as between a recruiter's reads (the result caches keep an entry 10 s at most)
const gapMs = Number(arg('gap-ms') ?? 0);
for (let run = 0; run < runs; run++) {
  await sleep(gapMs);
  const person = await client.post('/api/candidates', {
    firstName: 'Bench',
    lastName: `Newcomer ${run}`,
    email: `jobs-list-${Date.now()}-${run}@agency.example`,
    currentTitle: 'Head of Engines',
    location: 'London, UK',
  });
  const applied = await client.post('/api/applications', { candidateId: person.json.id, jobId });
  const position = Number(applied.json.position);
  await app.projector.waitFor(position);
  await sleep(200);
  recording = [];
  if (session) await session.post('Profiler.start');
  const cpu = process.cpuUsage();
  const t = performance.now();
  const response = await client.get(`${path}${path.includes('?') ? '&' : '?'}minPosition=${position}`);
  const wallMs = performance.now() - t;
  const used = process.cpuUsage(cpu);
  if (session) writeFileSync(`${process.env.PROFILE}.${run}.cpuprofile`, JSON.stringify((await session.post('Profiler.stop')).profile));
  const statements = recording;
  recording = null;
  samples.push({ wallMs: r1(wallMs), cpuMs: r1((used.user + used.system) / 1000), statements: statements.length });
  log(
    `run ${run + 1}: ${path} ${response.status} ${response.text.length} chars, ${r1(wallMs)} ms wall, ${r1((used.user + used.system) / 1000)} ms CPU, ` +
      `${statements.length} statements (load ${load()})`,
  );
  for (const sql of statements) log(`    ${sql}`);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
log(
  `median: ${median(samples.map((s) => s.wallMs))} ms wall, ${median(samples.map((s) => s.cpuMs))} ms CPU (client and server in this process)`,
);
await app.close();
if (copy) rmSync(copy, { recursive: true, force: true });
process.exit(0);
