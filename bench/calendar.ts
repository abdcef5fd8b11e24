/**
 * B9 on its own (`npx tsx bench/calendar.ts [--interviews N] [--reads N]`): the calendar's month
 * view over a store of 10,000 interviews, one reader, sequentially over loopback HTTP against an
 * in-process standalone on in-memory PGlite. Target: p95 ≤ 50 ms.
 *
 * The interviews are spread over a year around today (about 830 a month), so one month view (six
 * weeks of days) answers with some 1,200 interviews joined with candidate, job and client names:
 * the same request the screen makes (GET /api/calendar/interviews?from=&to=, the lean calendar read).
 * Also measured: "Mine" (person=: as interviewer or organiser), the week view, and the full
 * interview list (GET /api/interviews, every field) over the same month for comparison.
 */
import { randomUUID } from 'node:crypto';
import { ensureAdmin } from '@ats/command-api';
import { INTERVIEW_TYPES, type DomainEvent } from '@ats/events';
import { silentLogger } from '@ats/http-kit';
import { Client } from '@ats/http-kit/testing';
import { startStandalone } from '@ats/standalone';
import { appendDataset, toNewEvent } from '../drills/support/dataset';

const arg = (name: string, fallback: number) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback;
const INTERVIEWS = arg('--interviews', 10_000);
const READS = arg('--reads', 200);
const CANDIDATES = 5_000;
const JOBS = 200;
const log = (msg: string) => process.stdout.write(`[bench] ${msg}\n`);
const pct = (s: number[], p: number) => [...s].sort((a, b) => a - b)[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
const r2 = (n: number) => Math.round(n * 100) / 100;
const addDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);
/** Monday of the week of `d`, local midnight (as the screen computes it) */
const mondayOf = (d: Date) => addDays(d, -((d.getDay() + 6) % 7));

const app = await startStandalone({
  port: 0,
  dataDir: undefined,
  sessionSecret: 'x'.repeat(32),
  webDir: '/nonexistent',
  host: '127.0.0.1',
  log: silentLogger,
});
try {
  log(`appending ${CANDIDATES} candidates, ${JOBS} jobs and ${INTERVIEWS} interviews…`);
  await appendDataset(app.eventStore, { candidates: CANDIDATES, applications: 0, moves: 0, notes: 0, jobs: JOBS, clients: 40 }, 2000, {
    reservations: false,
  });
  const now = Date.now();
  const yearMs = 365 * 86_400_000;
  let head = 0;
  for (let from = 1; from <= INTERVIEWS; from += 2000) {
    const batch: DomainEvent[] = [];
    for (let id = from; id < Math.min(from + 2000, INTERVIEWS + 1); id++) {
      // spread over [-6 months, +6 months], on quarter hours
      const at = new Date(Math.round((now - yearMs / 2 + ((id * 7919) % INTERVIEWS) * (yearMs / INTERVIEWS)) / 900_000) * 900_000);
      batch.push({
        type: 'InterviewScheduled',
        data: {
          interviewId: id,
          candidateId: 1 + (id % CANDIDATES),
          jobId: 1 + (id % JOBS),
          interviewerName: null,
          interviewers: [{ userId: id % 3 === 0 ? 'u-bench' : null, name: id % 3 === 0 ? 'Bench Recruiter' : `Partner ${id % 17}` }],
          scheduledAt: at.toISOString(),
          duration: 30 + 15 * (id % 4),
          location: id % 2 ? 'Head office, room 4' : null,
          videoLink: id % 2 ? null : `https://meet.example.com/${id}`,
          timeZone: 'Europe/London',
          type: INTERVIEW_TYPES[id % INTERVIEW_TYPES.length]!,
          status: 'scheduled',
          notes: id % 5 === 0 ? 'Focus on board experience and the IPO timeline.' : null,
        },
      } as DomainEvent);
    }
    const result = await app.eventStore.append(
      `seed-${randomUUID()}`,
      batch.map((e) => toNewEvent(e, new Date().toISOString())),
      { expectedRevision: 'no_stream' },
    );
    head = result.position;
  }
  await app.projector.waitFor(head, 600_000);
  await app.maintenance?.runNow();
  const admin = { email: 'bench@example.com', password: 'bench-password-123' };
  await ensureAdmin(app.commandApi.deps, admin);
  const client = await new Client(app.url).login(admin.email, admin.password);

  const today = new Date();
  const monthStart = mondayOf(new Date(today.getFullYear(), today.getMonth(), 1));
  const monthEnd = addDays(mondayOf(new Date(today.getFullYear(), today.getMonth() + 1, 0)), 7);
  const weekStart = mondayOf(today);
  const range = (from: Date, to: Date, extra = '') => `/api/calendar/interviews?from=${from.toISOString()}&to=${to.toISOString()}${extra}`;
  // a path per read: the same month shifted by i ms misses the view cache, as the first read after any change does
  const cases: Array<[string, Array<string | ((i: number) => string)>]> = [
    ['month view', [range(monthStart, monthEnd)]],
    ['month view, uncached (first read after a change)', [(i) => range(new Date(monthStart.getTime() + i + 1), monthEnd)]],
    ['month view, "Mine"', [range(monthStart, monthEnd, '&person=u-bench')]],
    ['week view', [range(weekStart, addDays(weekStart, 7))]],
    [
      'full list over the month (GET /api/interviews)',
      [`/api/interviews?from=${monthStart.toISOString()}&to=${monthEnd.toISOString()}&limit=5000`],
    ],
  ];
  const results: Record<string, unknown> = { interviews: INTERVIEWS };
  for (const [name, paths] of cases) {
    // warm-up: caches and statistics as after a few minutes of use
    const at = (p: string | ((i: number) => string), i: number) => (typeof p === 'string' ? p : p(i));
    for (let i = 0; i < 10; i++) for (const p of paths) await client.get(at(p, -100 - i));
    const samples: number[] = [];
    let items = 0;
    for (let i = 0; i < READS; i++) {
      const started = performance.now();
      const responses = await Promise.all(paths.map((p) => client.get(at(p, i))));
      samples.push(performance.now() - started);
      if (responses.some((r) => r.status !== 200)) throw new Error(`${name}: ${responses.map((r) => r.status).join(',')}`);
      items = responses.reduce((n, r) => n + r.json.items.length, 0);
    }
    const row = { items, p50: r2(pct(samples, 50)), p95: r2(pct(samples, 95)), p99: r2(pct(samples, 99)), max: r2(Math.max(...samples)) };
    results[name] = row;
    log(
      `B9 ${name}: ${items} interviews, p50 ${row.p50} ms, p95 ${row.p95} ms, p99 ${row.p99} ms${name === 'month view' ? ` (target p95 ≤ 50 ms: ${row.p95 <= 50 ? 'ok' : 'MISSED'})` : ''}`,
    );
  }
  process.stdout.write(JSON.stringify(results) + '\n');
} finally {
  await app.close();
}
