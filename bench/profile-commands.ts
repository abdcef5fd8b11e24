/**
 * Profiling aid for B2: sequential stage changes against an in-process standalone on in-memory
 * PGlite, over loopback HTTP. Run with `node --import tsx --cpu-prof bench/profile-commands.ts [n]`.
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { ensureAdmin } from '@ats/command-api';
import { startStandalone } from '@ats/standalone';
import { Client } from '@ats/http-kit/testing';

const n = Number(process.argv[2] ?? 1000);
const admin = { email: 'bench@example.com', password: 'bench-password-123' };
const app = await startStandalone({
  port: 0,
  dataDir: undefined,
  sessionSecret: 'x'.repeat(32),
  webDir: '/nonexistent',
  host: '127.0.0.1',
});
await ensureAdmin(app.commandApi.deps, admin);
const client = await new Client(app.url).login(admin.email, admin.password);
const co = await client.post('/api/clients', { companyName: 'Profile Co' });
const job = await client.post('/api/jobs', { title: 'Profile Role', clientId: co.json.id });
const apps: number[] = [];
for (let i = 0; i < 20; i++) {
  const cand = await client.post('/api/candidates', {
    firstName: 'P',
    lastName: `P${i}`,
    email: `p.${randomUUID().slice(0, 8)}@example.com`,
    currentTitle: 'CEO',
  });
  apps.push((await client.post('/api/applications', { candidateId: cand.json.id, jobId: job.json.id })).json.id);
}
const stages = ['phone_screen', 'interview', 'final_interview', 'offer', 'applied'];
// PROFILE=<file>: a CPU profile of the command loop only
const session = process.env.PROFILE ? new Session() : null;
if (session) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
}
const t = performance.now();
const cpu = process.cpuUsage();
for (let i = 0; i < n; i++) {
  const res = await client.patch(`/api/applications/${apps[i % apps.length]}/stage`, {
    stage: stages[Math.floor(i / apps.length) % stages.length],
  });
  if (res.status !== 200) throw new Error(`${res.status} ${res.text}`);
}
const ms = performance.now() - t;
const used = process.cpuUsage(cpu);
const cpuMs = (used.user + used.system) / 1000;
if (session) writeFileSync(process.env.PROFILE!, JSON.stringify((await session.post('Profiler.stop')).profile));
process.stdout.write(
  `${n} stage changes in ${Math.round(ms)} ms: ${Math.round((n / ms) * 1000)}/s, ${(ms / n).toFixed(2)} ms each, ${(cpuMs / n).toFixed(2)} ms of CPU each (client and server in this process)\n`,
);
await app.close();
