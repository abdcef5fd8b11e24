/**
 * Profiling aid for B4: the screens' reads against an in-process standalone on in-memory PGlite
 * holding a synthetic agency, sequentially over loopback HTTP. Run with
 * `node --import tsx bench/profile-reads.ts [candidates]` (PROFILE=<file> for a CPU profile of the read loop).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { ensureAdmin } from '@ats/command-api';
import { startStandalone } from '@ats/standalone';
import { appendDataset } from '../drills/support/dataset';
import { Client } from '@ats/http-kit/testing';
import { screenMix } from './b4';
import { rotation } from './open-loop';

const candidates = Number(process.argv[2] ?? 10_000);
const admin = { email: 'bench@example.com', password: 'bench-password-123' };
const app = await startStandalone({
  port: 0,
  dataDir: undefined,
  sessionSecret: 'x'.repeat(32),
  webDir: '/nonexistent',
  host: '127.0.0.1',
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
const mix = screenMix({ candidates, jobs: 200 });
const plan = rotation(mix);
const paths = plan.map((p) => p.path);
// settle: statistics and warm caches, as after start-up maintenance
for (const path of paths) await client.get(path);
await new Promise((r) => setTimeout(r, 3000));
const session = process.env.PROFILE ? new Session() : null;
if (session) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
}
const n = 1000;
const t = performance.now();
const cpu = process.cpuUsage();
const each = new Map<string, [number, number]>();
for (let i = 0; i < n; i++) {
  const { path, kind } = plan[i % plan.length]!;
  const s = performance.now();
  const res = await client.get(path);
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  const key = process.env.PER_PATH ? path : kind;
  const [sum, count] = each.get(key) ?? [0, 0];
  each.set(key, [sum + performance.now() - s, count + 1]);
}
const ms = performance.now() - t;
const used = process.cpuUsage(cpu);
if (session) writeFileSync(process.env.PROFILE!, JSON.stringify((await session.post('Profiler.stop')).profile));
process.stdout.write(
  `${n} reads in ${Math.round(ms)} ms: ${(ms / n).toFixed(2)} ms each, ${((used.user + used.system) / 1000 / n).toFixed(2)} ms CPU each\n`,
);
for (const [k, [sum, count]] of each) process.stdout.write(`  ${k}: ${(sum / count).toFixed(2)} ms average\n`);
await app.close();
