/**
 * B10 on its own (`npx tsx bench/analytics.ts [--applications N] [--reads N] [--only funnel,placements]`): the analytics
 * endpoints over a generated history, one reader and then 10 concurrent readers, over loopback
 * HTTP against an in-process standalone on in-memory PGlite. Targets (issue 15): p95 ≤ 100 ms for
 * one reader, ≤ 250 ms with 10 concurrent readers.
 *
 * The history: applications created over the last two years on 200 jobs of 40 clients, each
 * moved along the stages at increasing times (about three moves each; some moved back, about 40%
 * rejected, about 6% placed with a placement record). Every read asks for a different range
 * (the start shifted by a day), so none is served from the result cache; a repeated read (cached)
 * is measured apart.
 */
import { randomUUID } from 'node:crypto';
import { ensureAdmin } from '@ats/command-api';
import type { ApplicationStage, DomainEvent } from '@ats/events';
import { silentLogger } from '@ats/http-kit';
import { Client } from '@ats/http-kit/testing';
import { startStandalone } from '@ats/standalone';
import { appendDataset, toNewEvent } from '../drills/support/dataset';

const arg = (name: string, fallback: number) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback;
const APPLICATIONS = arg('--applications', 20_000);
const READS = arg('--reads', 60);
const JOBS = 200;
const log = (msg: string) => process.stdout.write(`[bench] ${msg}\n`);
const pct = (s: number[], p: number) => [...s].sort((a, b) => a - b)[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
const r2 = (n: number) => Math.round(n * 100) / 100;
const DAY = 86_400_000;
const PATH: ApplicationStage[] = ['applied', 'phone_screen', 'interview', 'final_interview', 'offer', 'placed'];

/** a deterministic pseudo-random number in [0, 1) for (i, salt) */
const rand = (i: number, salt: number) => (((i * 2654435761 + salt * 40503) >>> 0) % 10_000) / 10_000;

/** one application's events with their times */
function applicationHistory(id: number, start: number): Array<[DomainEvent, number]> {
  const jobId = 1 + (id % JOBS);
  const candidateId = 1 + (id % 5000);
  let at = start + rand(id, 1) * 700 * DAY;
  const out: Array<[DomainEvent, number]> = [
    [
      {
        type: 'ApplicationCreated',
        data: { applicationId: id, candidateId, jobId, stage: 'applied', appliedAt: new Date(at).toISOString() },
      },
      at,
    ],
  ];
  let rank = 0;
  const steps = Math.floor(rand(id, 2) * 6);
  const move = (to: ApplicationStage) => {
    at += (1 + rand(id, out.length + 3) * 20) * DAY;
    if (at > Date.now()) return false;
    const from = out.length === 1 ? 'applied' : (out.at(-1)![0].data as { toStage: ApplicationStage }).toStage;
    const changedBy = { id: `u-${id % 7}`, name: `Recruiter ${id % 7}` };
    out.push([
      {
        type: 'ApplicationStageChanged',
        data: { applicationId: id, candidateId, jobId, fromStage: from, toStage: to, changedBy, changedAt: new Date(at).toISOString() },
      },
      at,
    ]);
    return true;
  };
  for (let s = 0; s < steps && rank < 5; s++) {
    // now and then a card goes back one stage
    const back = rank > 1 && rand(id, 10 + s) < 0.1;
    rank = back ? rank - 1 : rank + 1;
    if (!move(PATH[rank]!)) return out;
    if (PATH[rank] === 'placed') {
      const fee = 30 + Math.round(rand(id, 4) * 70);
      out.push([
        {
          type: 'PlacementRecorded',
          data: { applicationId: id, candidateId, jobId, salary: fee * 4, feePercentage: 25, fee, placedAt: new Date(at).toISOString() },
        },
        at,
      ]);
    }
  }
  if (rank < 5 && rand(id, 5) < 0.5) move('rejected');
  return out;
}

const app = await startStandalone({
  port: 0,
  dataDir: undefined,
  sessionSecret: 'x'.repeat(32),
  webDir: '/nonexistent',
  host: '127.0.0.1',
  log: silentLogger,
});
try {
  const started = performance.now();
  await appendDataset(app.eventStore, { candidates: 0, applications: 0, moves: 0, notes: 0, jobs: JOBS, clients: 40 }, 2000, {
    reservations: false,
  });
  const start = Date.now() - 730 * DAY;
  let head = 0;
  let moves = 0;
  let batch: Array<[DomainEvent, number]> = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const result = await app.eventStore.append(
      `seed-${randomUUID()}`,
      batch.map(([e, t]) => toNewEvent(e, new Date(t).toISOString())),
      { expectedRevision: 'no_stream' },
    );
    head = result.position;
    batch = [];
  };
  for (let id = 1; id <= APPLICATIONS; id++) {
    const events = applicationHistory(id, start);
    moves += events.filter(([e]) => e.type === 'ApplicationStageChanged').length;
    batch.push(...events);
    if (batch.length >= 2000) await flush();
  }
  await flush();
  log(`appended ${APPLICATIONS} applications and ${moves} stage moves; projecting…`);
  await app.projector.waitFor(head, 1_800_000);
  log(`projected in ${Math.round((performance.now() - started) / 1000)} s`);
  await app.maintenance?.runNow();
  const admin = { email: 'bench@example.com', password: 'bench-password-123' };
  await ensureAdmin(app.commandApi.deps, admin);
  const clients = await Promise.all(Array.from({ length: 10 }, () => new Client(app.url).login(admin.email, admin.password)));
  const today = new Date().toISOString().slice(0, 10);
  const fromDay = (i: number) => new Date(Date.now() - (365 + (i % 300)) * DAY).toISOString().slice(0, 10);
  const results: Record<string, unknown> = { applications: APPLICATIONS, moves };
  const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1]!.split(',') : null;
  for (const figure of ['funnel', 'time-in-stage', 'time-to-fill', 'placements'].filter((f) => !only || only.includes(f))) {
    const path = (i: number) => `/api/analytics/${figure}?from=${fromDay(i)}&to=${today}`;
    for (let i = 0; i < 3; i++) await clients[0]!.get(path(1000 + i));
    const timed = async (c: Client, p: string) => {
      const t = performance.now();
      const r = await c.get(p);
      if (r.status !== 200) throw new Error(`${p}: ${r.status}`);
      return performance.now() - t;
    };
    const one: number[] = [];
    for (let i = 0; i < READS; i++) one.push(await timed(clients[0]!, path(i)));
    const cached: number[] = [];
    for (let i = 0; i < 20; i++) cached.push(await timed(clients[0]!, path(0)));
    const ten: number[] = [];
    for (let round = 0; round < Math.ceil(READS / 10); round++) {
      ten.push(...(await Promise.all(clients.map((c, k) => timed(c, path(2000 + round * 10 + k))))));
    }
    const row = {
      oneReaderP95: r2(pct(one, 95)),
      oneReaderP50: r2(pct(one, 50)),
      tenReadersP95: r2(pct(ten, 95)),
      cachedP95: r2(pct(cached, 95)),
    };
    results[figure] = row;
    log(
      `B10 ${figure}: one reader p50 ${row.oneReaderP50} ms, p95 ${row.oneReaderP95} ms (target ≤ 100: ${row.oneReaderP95 <= 100 ? 'ok' : 'MISSED'}); ` +
        `10 readers p95 ${row.tenReadersP95} ms (target ≤ 250: ${row.tenReadersP95 <= 250 ? 'ok' : 'MISSED'}); cached p95 ${row.cachedP95} ms`,
    );
  }
  process.stdout.write(JSON.stringify(results) + '\n');
} finally {
  await app.close();
}
