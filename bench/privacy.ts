/**
 * Crypto-shredding's cost (issue 16, target ≤ 15% on B2 and B3): the same dataset in two
 * embedded stores, one plain (the SQL event store alone) and one sealed (openStorage's: personal
 * fields of candidate and contact events sealed per person), then
 * - B3: the projector rebuilding every read model from scratch, events/s;
 * - B2-shaped: sequential commands (load the stream, append) on candidates — the worst case, every
 *   event sealed — and on applications (stage moves, no personal data), 5 rounds of 100 per store
 *   in alternation, each store's median round.
 * `npx tsx bench/privacy.ts [--quick]`
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

const QUICK = process.argv.includes('--quick');
const SIZE: DatasetSize = QUICK
  ? { candidates: 5_000, applications: 10_000, moves: 5_000, notes: 0, jobs: 40, clients: 10 }
  : { candidates: 20_000, applications: 40_000, moves: 20_000, notes: 0, jobs: 100, clients: 20 };
const COMMANDS = 100;
const ROUNDS = 5;
const now = () => performance.now();

async function rebuild(eventStore: EventStore, documentStore: DocumentStore) {
  const head = await eventStore.headPosition();
  const projector = createProjector({
    eventStore,
    documentStore,
    changeBus: createMemoryChangeBus(),
    projections: allProjections,
    batchSize: 1000,
  });
  const t = now();
  await projector.start();
  if (!(await projector.waitFor(head, 600_000))) throw new Error('the projector did not reach the head');
  const ms = now() - t;
  await projector.stop();
  return ms;
}

/** load the stream, append one event: a command's store work */
async function commands(eventStore: EventStore, kind: 'candidate' | 'application') {
  const t = now();
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
  return (now() - t) / COMMANDS;
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'ats-bench-privacy-'));
  const plainSql = await createPgliteClient(join(work, 'plain'));
  const plain = createSqlEventStore(plainSql);
  await plain.migrate();
  const plainDocs = createSqlDocumentStore(plainSql);
  await plainDocs.migrate();
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
  out['plain.b3Ms'] = Math.round(await rebuild(plain, plainDocs));
  out['sealed.b3Ms'] = Math.round(await rebuild(sealed.eventStore, sealed.documentStore));
  // plain and sealed in alternation, ROUNDS times, each store's median round: on a shared machine
  // whose load drifts, both sides then see the same load
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  for (const kind of ['candidate', 'application'] as const) {
    const rounds: Record<'plain' | 'sealed', number[]> = { plain: [], sealed: [] };
    for (let r = 0; r < ROUNDS; r++) {
      rounds.plain.push(await commands(plain, kind));
      rounds.sealed.push(await commands(sealed.eventStore, kind));
    }
    out[`plain.${kind}CommandMs`] = Number(median(rounds.plain).toFixed(2));
    out[`sealed.${kind}CommandMs`] = Number(median(rounds.sealed).toFixed(2));
  }
  const pct = (a: number, b: number) => `${(((b - a) / a) * 100).toFixed(1)}%`;
  console.log(JSON.stringify(out, null, 2));
  console.log(
    `B3 rebuild: plain ${Math.round(out['plain.events']! / (out['plain.b3Ms']! / 1000))}/s, sealed ${Math.round(out['sealed.events']! / (out['sealed.b3Ms']! / 1000))}/s (${pct(out['plain.b3Ms']!, out['sealed.b3Ms']!)} time)`,
  );
  console.log(
    `B2-shaped commands: candidate ${out['plain.candidateCommandMs']} → ${out['sealed.candidateCommandMs']} ms (${pct(out['plain.candidateCommandMs']!, out['sealed.candidateCommandMs']!)}), application ${out['plain.applicationCommandMs']} → ${out['sealed.applicationCommandMs']} ms (${pct(out['plain.applicationCommandMs']!, out['sealed.applicationCommandMs']!)})`,
  );
  await sealed.close();
  await plainSql.close();
}

await main();
