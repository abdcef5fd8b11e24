/**
 * Profiling aid for B2: sequential stage changes against an in-process standalone on in-memory
 * PGlite, over loopback HTTP. Run with `node --import tsx bench/profile-commands.ts [n]`.
 * Counts the store's round trips per command: SQL statements and PGlite protocol calls (each
 * parameterised statement is six: parse, describe, bind, describe, execute, sync; four for a prepared one), during the
 * request and end to end (the projector's batch included, which runs in this thread too).
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { ensureAdmin } from '@ats/command-api';
import { startStandalone } from '@ats/standalone';
import { Client } from '@ats/http-kit/testing';
import type { SqlClient } from '@ats/storage';
// the PGlite build the storage package runs (a profiling aid may reach into it)
import { PGlite } from '../packages/storage/node_modules/@electric-sql/pglite/dist/index.js';

let protocolCalls = 0;
const execProtocolRawSync = PGlite.prototype.execProtocolRawSync;
PGlite.prototype.execProtocolRawSync = function (this: PGlite, message: Uint8Array) {
  protocolCalls++;
  return execProtocolRawSync.call(this, message);
};
let statements = 0;
/** counts the statements sent through a SqlClient and the transactions it opens */
function countStatements(client: SqlClient): SqlClient {
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  return Object.assign(client, {
    query: ((sql: string, params?: readonly unknown[], options?: Parameters<SqlClient['query']>[2]) => {
      statements++;
      return query(sql, params, options);
    }) as SqlClient['query'],
    transaction: (<T>(fn: (tx: SqlClient) => Promise<T>) => {
      statements += 2; // BEGIN and COMMIT
      return transaction((tx) => fn(countStatements(tx)));
    }) as SqlClient['transaction'],
  });
}

const n = Number(process.argv[2] ?? 1000);
const admin = { email: 'bench@example.com', password: 'bench-password-123' };
const app = await startStandalone({
  port: 0,
  dataDir: undefined,
  sessionSecret: 'x'.repeat(32),
  webDir: '/nonexistent',
  host: '127.0.0.1',
});
countStatements(app.sql);
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
// the projector catches up on the set-up before the loop starts; PROJECTOR=off then stops it, so
// the counts are the request path's alone
await app.projector.waitFor(await app.eventStore.headPosition());
const projectorOff = process.env.PROJECTOR === 'off';
if (projectorOff) await app.projector.stop();
const t = performance.now();
const cpu = process.cpuUsage();
const calls0 = protocolCalls;
const statements0 = statements;
let requestCalls = 0;
let requestStatements = 0;
const latencies: number[] = [];
for (let i = 0; i < n; i++) {
  const c = protocolCalls;
  const st = statements;
  const s = performance.now();
  const res = await client.patch(`/api/applications/${apps[i % apps.length]}/stage`, {
    stage: stages[Math.floor(i / apps.length) % stages.length],
  });
  latencies.push(performance.now() - s);
  requestCalls += protocolCalls - c;
  requestStatements += statements - st;
  if (res.status !== 200) throw new Error(`${res.status} ${res.text}`);
}
if (!projectorOff) await app.projector.waitFor(await app.eventStore.headPosition());
const ms = performance.now() - t;
const perCommand = (x: number) => (x / n).toFixed(1);
latencies.sort((a, b) => a - b);
const used = process.cpuUsage(cpu);
const cpuMs = (used.user + used.system) / 1000;
if (session) writeFileSync(process.env.PROFILE!, JSON.stringify((await session.post('Profiler.stop')).profile));
process.stdout.write(
  `${n} stage changes in ${Math.round(ms)} ms: ${Math.round((n / ms) * 1000)}/s, ${(ms / n).toFixed(2)} ms each (p50 ${latencies[Math.floor(n / 2)]!.toFixed(2)} ms), ${(cpuMs / n).toFixed(2)} ms of CPU each (client and server in this process)\n` +
    `store round trips per command: ${perCommand(requestStatements)} statements / ${perCommand(requestCalls)} PGlite protocol calls while the request ran (the projector's batch may overlap it), ` +
    `${perCommand(statements - statements0)} statements / ${perCommand(protocolCalls - calls0)} protocol calls end to end${projectorOff ? ' (projector off)' : ''}\n`,
);
await app.close();
