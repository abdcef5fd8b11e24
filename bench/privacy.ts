/**
 * Crypto-shredding's cost (issue 16, target ≤ 15% on B2 and B3): the same dataset in two
 * embedded stores, one plain (the SQL event store alone) and one sealed (openStorage's: personal
 * fields of candidate and contact events sealed per person), then
 * - B3: the projector rebuilding every read model from scratch (into fresh tables each time),
 *   REBUILDS rounds (default 3) per store in alternation, ABBA order (plain, sealed, sealed, plain…);
 * - B2-shaped: sequential commands (load the stream, append) on candidates — the worst case, every
 *   event sealed — and on applications (stage moves, no personal data), ROUNDS (default 9) rounds
 *   of 100 per store in alternation, ABBA order.
 * - whole commands over HTTP: the command-api in this process on each store (sessions in the
 *   store's own documents), a signed-in client sending candidate edits (PATCH: name, e-mail and
 *   phone, every event sealed) and stage changes (B2 itself: nothing to seal), ROUNDS rounds of
 *   100 of each per store, ABBA order — the issue's "encryption adds ≤ 15 % to B2".
 * Each store's median round, in wall time and in this process's CPU time (PGlite runs in this
 * process, so its CPU is all of the work; on a loaded box CPU time drifts far less than wall).
 * `npx tsx bench/privacy.ts [--quick]`
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeEvent } from '@ats/events';
import { allProjections, createProjector } from '@ats/projector';
import {
  createMemoryChangeBus,
  createPgliteClient,
  createSqlDocumentStore,
  createSqlEventStore,
  openStorage,
  type DocumentStore,
  type EventStore,
} from '@ats/storage';
import { appendDataset, type DatasetSize } from '../drills/support/dataset';
import { startCommandApiOn } from '../drills/support/pg-app';
import type { Client } from '@ats/http-kit/testing';

const QUICK = process.argv.includes('--quick');
const SIZE: DatasetSize = QUICK
  ? { candidates: 5_000, applications: 10_000, moves: 5_000, notes: 0, jobs: 40, clients: 10 }
  : { candidates: 20_000, applications: 40_000, moves: 20_000, notes: 0, jobs: 100, clients: 20 };
const COMMANDS = 100;
const ROUNDS = Number(process.env.ROUNDS ?? 9);
const REBUILDS = Number(process.env.REBUILDS ?? 3);
const now = () => performance.now();
const cpuNow = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
/** wall and CPU ms of `fn`, divided by `per` */
async function timed(fn: () => Promise<unknown>, per = 1): Promise<{ wall: number; cpu: number }> {
  const t = now();
  const c = cpuNow();
  await fn();
  return { wall: (now() - t) / per, cpu: (cpuNow() - c) / per };
}

async function rebuild(eventStore: EventStore, documentStore: DocumentStore) {
  const head = await eventStore.headPosition();
  const projector = createProjector({
    eventStore,
    documentStore,
    changeBus: createMemoryChangeBus(),
    projections: allProjections,
    batchSize: 1000,
  });
  const ms = await timed(async () => {
    await projector.start();
    if (!(await projector.waitFor(head, 600_000))) throw new Error('the projector did not reach the head');
  });
  await projector.stop();
  return ms;
}

/** load the stream, append one event: a command's store work */
async function commands(eventStore: EventStore, kind: 'candidate' | 'application') {
  return timed(() => commandRound(eventStore, kind), COMMANDS);
}

async function commandRound(eventStore: EventStore, kind: 'candidate' | 'application') {
  for (let i = 0; i < COMMANDS; i++) {
    const stream = `bench-${kind}-${i % 50}`;
    await eventStore.readStream(stream);
    const event =
      kind === 'candidate'
        ? encodeEvent({
            type: 'CandidateUpdated',
            data: {
              candidateId: 900_000 + (i % 50),
              changes: { firstName: `Name${i}`, email: `n${i}@bench.example`, phone: '+1 555 0100' },
            },
          })
        : encodeEvent({
            type: 'ApplicationStageChanged',
            data: {
              applicationId: 900_000 + (i % 50),
              candidateId: 1,
              jobId: 1,
              fromStage: 'applied',
              toStage: 'phone_screen',
              changedBy: { id: 'bench', name: 'Bench' },
              changedAt: new Date().toISOString(),
            },
          });
    await eventStore.append(
      stream,
      [
        {
          id: randomUUID(),
          type: event.type,
          data: event.data,
          metadata: {
            actor: { id: 'bench', name: 'Bench' },
            correlationId: randomUUID(),
            causationId: null,
            occurredAt: new Date().toISOString(),
            schemaVersion: event.schemaVersion,
          },
        },
      ],
      { expectedRevision: 'any' },
    );
  }
}

const STAGES = ['phone_screen', 'interview', 'final_interview', 'offer', 'applied'];

/** a signed-in client of a command-api on `eventStore`, with 50 candidates and 50 applications to edit */
async function wholeCommandTarget(eventStore: EventStore, documents: DocumentStore) {
  const api = await startCommandApiOn(eventStore, documents);
  const client = await api.signedIn('admin');
  const expect = async (res: Promise<{ status: number; json: any; text: string }>, status: number) => {
    const r = await res;
    if (r.status !== status) throw new Error(`expected ${status}, got ${r.status} ${r.text}`);
    return r.json;
  };
  const company = await expect(client.post('/api/clients', { companyName: `Bench Co ${randomUUID().slice(0, 6)}` }), 201);
  const job = await expect(client.post('/api/jobs', { title: 'Bench Role', clientId: company.id }), 201);
  const candidates: number[] = [];
  const applications: number[] = [];
  for (let i = 0; i < 50; i++) {
    const c = await expect(
      client.post('/api/candidates', {
        firstName: 'Bench',
        lastName: `Person${i}`,
        email: `b.${randomUUID().slice(0, 10)}@example.com`,
        currentTitle: 'CEO',
      }),
      201,
    );
    candidates.push(c.id);
    applications.push((await expect(client.post('/api/applications', { candidateId: c.id, jobId: job.id }), 201)).id);
  }
  return { api, client, candidates, applications, turn: 0 };
}

type Target = Awaited<ReturnType<typeof wholeCommandTarget>>;

async function wholeCommandRound(target: Target, kind: 'candidate' | 'stage') {
  const send = (client: Client, i: number) => {
    const n = target.turn++;
    return kind === 'candidate'
      ? client.patch(`/api/candidates/${target.candidates[i % 50]}`, {
          firstName: `Name${n}`,
          email: `n${n}.${randomUUID().slice(0, 6)}@bench.example`,
          phone: `+1 555 01${String(n % 100).padStart(2, '0')}`,
        })
      : client.patch(`/api/applications/${target.applications[i % 50]}/stage`, { stage: STAGES[Math.floor(n / 50) % STAGES.length] });
  };
  return timed(async () => {
    for (let i = 0; i < COMMANDS; i++) {
      const res = await send(target.client, i);
      if (res.status !== 200) throw new Error(`${kind} command: ${res.status} ${res.text}`);
    }
  }, COMMANDS);
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'ats-bench-privacy-'));
  const plainSql = await createPgliteClient(join(work, 'plain'));
  const plain = createSqlEventStore(plainSql);
  await plain.migrate();
  const sealed = await openStorage({ kind: 'embedded', dataDir: join(work, 'sealed') });

  const out: Record<string, number> = {};
  for (const [name, store] of [
    ['plain', plain],
    ['sealed', sealed.eventStore],
  ] as const) {
    const t = now();
    const { events } = await appendDataset(store, SIZE, 2000, { reservations: false });
    out[`${name}.appendMs`] = Math.round(now() - t);
    out[`${name}.events`] = events;
  }
  // plain and sealed in alternation, ABBA order (plain, sealed, sealed, plain, …), each store's
  // median round: on a shared machine whose load drifts, both sides see the same load, and neither
  // always goes first
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const order = (r: number) => (r % 2 === 0 ? (['plain', 'sealed'] as const) : (['sealed', 'plain'] as const));
  type Side = 'plain' | 'sealed';
  type Rounds = Record<Side, { wall: number[]; cpu: number[] }>;
  const empty = (): Rounds => ({ plain: { wall: [], cpu: [] }, sealed: { wall: [], cpu: [] } });
  const record = (rounds: Rounds, side: Side, m: { wall: number; cpu: number }) => {
    rounds[side].wall.push(m.wall);
    rounds[side].cpu.push(m.cpu);
  };
  // B3: each rebuild into fresh tables (its own prefix) of the store's own database
  const b3 = empty();
  for (let r = 0; r < REBUILDS; r++) {
    for (const side of order(r)) {
      const sql = side === 'plain' ? plainSql : sealed.sql!;
      const docs = createSqlDocumentStore(sql, { tablePrefix: `b3r${r}_` });
      await docs.migrate();
      record(b3, side, await rebuild(side === 'plain' ? plain : sealed.eventStore, docs));
    }
  }
  for (const side of ['plain', 'sealed'] as const) {
    out[`${side}.b3Ms`] = Math.round(median(b3[side].wall));
    out[`${side}.b3CpuMs`] = Math.round(median(b3[side].cpu));
  }
  for (const kind of ['candidate', 'application'] as const) {
    const rounds = empty();
    for (let r = 0; r < ROUNDS; r++)
      for (const side of order(r)) record(rounds, side, await commands(side === 'plain' ? plain : sealed.eventStore, kind));
    for (const side of ['plain', 'sealed'] as const) {
      out[`${side}.${kind}CommandMs`] = Number(median(rounds[side].wall).toFixed(2));
      out[`${side}.${kind}CommandCpuMs`] = Number(median(rounds[side].cpu).toFixed(2));
    }
  }
  // whole commands over HTTP, each store with its own command-api
  const plainDocs = createSqlDocumentStore(plainSql, { tablePrefix: 'http_' });
  await plainDocs.migrate();
  const targets = {
    plain: await wholeCommandTarget(plain, plainDocs),
    sealed: await wholeCommandTarget(sealed.eventStore, sealed.documentStore),
  };
  for (const kind of ['candidate', 'stage'] as const) {
    const rounds = empty();
    for (let r = 0; r < ROUNDS; r++) for (const side of order(r)) record(rounds, side, await wholeCommandRound(targets[side], kind));
    for (const side of ['plain', 'sealed'] as const) {
      out[`${side}.http_${kind}Ms`] = Number(median(rounds[side].wall).toFixed(2));
      out[`${side}.http_${kind}CpuMs`] = Number(median(rounds[side].cpu).toFixed(2));
    }
  }
  await Promise.all([targets.plain.api.close(), targets.sealed.api.close()]);
  const pct = (a: number, b: number) => `${b >= a ? '+' : ''}${(((b - a) / a) * 100).toFixed(1)}%`;
  const pair = (key: string, digits = 2) =>
    `${out[`plain.${key}`]!.toFixed(digits)} → ${out[`sealed.${key}`]!.toFixed(digits)} ms (${pct(out[`plain.${key}`]!, out[`sealed.${key}`]!)})`;
  console.log(JSON.stringify(out, null, 2));
  console.log(
    `B3 rebuild of ${out['plain.events']} events, median of ${REBUILDS} (ABBA): CPU ${pair('b3CpuMs', 0)}; wall ${pair('b3Ms', 0)}`,
  );
  console.log(
    `B2-shaped candidate commands, median of ${ROUNDS} rounds: CPU ${pair('candidateCommandCpuMs')}; wall ${pair('candidateCommandMs')}`,
  );
  console.log(
    `B2-shaped application commands (nothing sealed: the noise), median of ${ROUNDS} rounds: CPU ${pair('applicationCommandCpuMs')}; wall ${pair('applicationCommandMs')}`,
  );
  console.log(
    `Whole candidate edits over HTTP (every event sealed), median of ${ROUNDS} rounds: CPU ${pair('http_candidateCpuMs')}; wall ${pair('http_candidateMs')}`,
  );
  console.log(
    `Whole stage changes over HTTP (B2: nothing sealed), median of ${ROUNDS} rounds: CPU ${pair('http_stageCpuMs')}; wall ${pair('http_stageMs')}`,
  );
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  await sealed.close();
  await plainSql.close();
}

await main();
