/**
 * Global search timing (issue 12): GET /api/search on an in-process standalone over in-memory
 * PGlite holding the 2,000-application agency (1,000 candidates, 200 jobs, 40 clients), sequential
 * over loopback HTTP. Run with `node --import tsx bench/profile-search.ts [candidates]`.
 */
import { ensureAdmin } from '@ats/command-api';
import { silentLogger } from '@ats/http-kit';
import { startStandalone } from '@ats/standalone';
import { Client } from '@ats/http-kit/testing';
import { appendDataset } from '../drills/support/dataset';

const candidates = Number(process.argv[2] ?? 1000);
const admin = { email: 'bench@example.com', password: 'bench-password-123' };
const app = await startStandalone({
  port: 0,
  dataDir: undefined,
  sessionSecret: 'x'.repeat(32),
  webDir: '/nonexistent',
  host: '127.0.0.1',
  log: silentLogger,
});
const { head } = await appendDataset(
  app.eventStore,
  { candidates, applications: candidates * 2, moves: candidates, notes: 0, jobs: 200, clients: 40 },
  2000,
  { reservations: false },
);
await app.projector.waitFor(head, 600_000);
await ensureAdmin(app.commandApi.deps, admin);
const client = await new Client(app.url).login(admin.email, admin.password);
await app.maintenance?.runNow();
const terms = ['a', 'lovelace', 'hopper', 'london', 'chief', 'chief officer', 'turing4', 'zzz-no-match'];
for (const q of terms) await client.get(`/api/search?q=${encodeURIComponent(q)}`);
const rows: string[] = [];
for (const q of terms) {
  const times: number[] = [];
  let count = 0;
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    const res = await client.get(`/api/search?q=${encodeURIComponent(q)}`);
    times.push(performance.now() - t0);
    count = (res.json as { results: unknown[] }).results.length;
  }
  times.sort((a, b) => a - b);
  rows.push(`${q.padEnd(14)} results=${String(count).padStart(2)}  p50=${times[9]!.toFixed(1)}ms  p95=${times[18]!.toFixed(1)}ms`);
}
console.log(rows.join('\n'));
await app.close();
