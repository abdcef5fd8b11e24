/**
 * Issue 14's history targets, on an in-process standalone (in-memory PGlite) holding a synthetic
 * agency of about `events` events, over loopback HTTP, one request at a time:
 *   - a record's History (first page, 50 entries)                 target ≤ 50 ms
 *   - a record as of a past time (`GET /api/candidates/:id?asOf=`)  target ≤ 50 ms
 *   - the board as of a past time for a job with ~500 applications  target ≤ 300 ms
 * Run with `node --import tsx bench/profile-history.ts [events]` (default 100,000; the issue's
 * figure is 1,000,000, which takes a long time to build on PGlite). Both reads are one indexed
 * slice of `record_events` (by record, by position), so their cost follows the record's own
 * number of events, not the log's length.
 */
import { ensureAdmin } from '@ats/command-api';
import { startStandalone } from '@ats/standalone';
import { silentLogger } from '@ats/http-kit';
import { Client } from '@ats/http-kit/testing';
import { appendDataset, sizeFor } from '../drills/support/dataset';

const total = Number(process.argv[2] ?? 100_000);
const size = sizeFor(total);
// ~500 applications per job, as the target's board
size.jobs = Math.max(1, Math.round(size.applications / 500));
const admin = { email: 'bench@example.com', password: 'bench-password-123' };
const app = await startStandalone({
  port: 0,
  dataDir: undefined,
  sessionSecret: 'x'.repeat(32),
  webDir: '/nonexistent',
  host: '127.0.0.1',
  log: silentLogger,
});
const t0 = performance.now();
const { head, events } = await appendDataset(app.eventStore, size, 2000, { reservations: false });
await app.projector.waitFor(head, 3_600_000);
process.stdout.write(
  `${events} events appended and projected in ${Math.round((performance.now() - t0) / 1000)} s (${JSON.stringify(size)})\n`,
);
await ensureAdmin(app.commandApi.deps, admin);
const client = await new Client(app.url).login(admin.email, admin.password);
await app.maintenance?.runNow();

const mid = Math.floor(head / 2);
const midTime = new Date(Date.parse('2025-03-01T00:00:00.000Z') + mid * 1000).toISOString();
const pick = (n: number, max: number) => Array.from({ length: n }, (_, i) => 1 + Math.floor(((i + 0.5) * max) / n));
const cases: Record<string, string[]> = {
  'candidate history (50)': pick(40, size.candidates).map((id) => `/api/candidates/${id}/history?limit=50`),
  'job history (50)': pick(10, size.jobs).map((id) => `/api/jobs/${id}/history?limit=50`),
  'candidate as of a past time': pick(40, size.candidates).map((id) => `/api/candidates/${id}?asOf=${encodeURIComponent(midTime)}`),
  'board as of a past time (~500 applications)': pick(10, size.jobs).map(
    (id) => `/api/applications?job=${id}&asOf=${encodeURIComponent(new Date().toISOString())}&limit=500`,
  ),
};
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
for (const [name, paths] of Object.entries(cases)) {
  for (const path of paths.slice(0, 3)) await client.get(path); // warm
  const times: number[] = [];
  for (let round = 0; round < 3; round++)
    for (const path of paths) {
      const s = performance.now();
      const res = await client.get(path);
      times.push(performance.now() - s);
      if (res.status !== 200 && res.status !== 404) throw new Error(`${path}: ${res.status}`);
    }
  process.stdout.write(
    `${name}: p50 ${quantile(times, 0.5).toFixed(1)} ms, p95 ${quantile(times, 0.95).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms (${times.length} reads)\n`,
  );
}
const board = await client.get(`/api/applications?job=1&asOf=${encodeURIComponent(new Date().toISOString())}&limit=1000`);
process.stdout.write(`job 1 board as of now: ${(board.json as unknown[]).length} cards\n`);
await app.close();
