import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData } from '@ats/command-api';
import { normalizeEmail } from '@ats/events';
import {
  createPgliteClient,
  createSqlAuditLog,
  createSqlEventStore,
  migrateToSealedLog,
  openStorage,
  type RecordedEvent,
  type SqlClient,
  type Storage,
} from '@ats/storage';
import type { Standalone } from '../src/server';
import { startTestApp } from './support/test-app';

let app: Standalone;
let old: SqlClient;
let target: Storage;
let oldEvents: RecordedEvent[];
let someEmail: string;

/** every event of a store, oldest first */
async function everything(store: { readAll(o: { after: number; limit: number }): Promise<RecordedEvent[]> }) {
  const out: RecordedEvent[] = [];
  for (let after = 0; ;) {
    const page = await store.readAll({ after, limit: 1_000 });
    if (page.length === 0) return out;
    out.push(...page);
    after = page[page.length - 1]!.position;
  }
}

beforeAll(async () => {
  // a demo-seeded store, copied out in the clear: the shape of a log written before sealing
  app = await startTestApp();
  await loadDemoData(app.commandApi.deps, { id: 'system', name: 'System', role: 'admin' });
  const opened = await everything(app.eventStore);
  old = await createPgliteClient(undefined);
  const plain = createSqlEventStore(old);
  await plain.migrate();
  for (const event of opened) {
    const email = (event.data as { email?: unknown }).email;
    const stream =
      event.stream.startsWith('candidate-email-') && typeof email === 'string' ? `candidate-email-${normalizeEmail(email)}` : event.stream;
    await plain.append(stream, [{ id: event.id, type: event.type, data: event.data, metadata: event.metadata }], {
      expectedRevision: 'any',
    });
  }
  oldEvents = await everything(plain);
  const registered = oldEvents.find((e) => e.type === 'CandidateRegistered')!;
  someEmail = (registered.data as { email: string }).email;
  target = await openStorage({ kind: 'embedded' });
}, 120_000);
afterAll(async () => {
  await target?.close();
  await old?.close();
  await app?.close();
});

describe('npm run migrate-encrypt (migrateToSealedLog)', () => {
  it('holds plaintext before', async () => {
    const { rows } = await old.query<{ n: number }>(`SELECT count(*)::int AS n FROM events e WHERE e::text ILIKE $1`, [`%${someEmail}%`]);
    expect(rows[0]!.n).toBeGreaterThan(0);
  });

  it('rewrites the demo log into a sealed chain, resumably, recording the old head, reporting progress', async () => {
    const progress: number[] = [];
    const first = await migrateToSealedLog({
      source: old,
      target: { eventStore: target.eventStore, sql: target.sql! },
      batchSize: 250,
      maxBatches: 2,
      onProgress: (p) => progress.push(p.done),
    });
    expect(first).toEqual({ migrated: 500, complete: false });
    const second = await migrateToSealedLog({
      source: old,
      target: { eventStore: target.eventStore, sql: target.sql! },
      batchSize: 250,
      onProgress: (p) => progress.push(p.done),
    });
    expect(second).toEqual({ migrated: oldEvents.length, complete: true });
    expect(progress[0]).toBe(250);
    expect(progress[progress.length - 1]).toBe(oldEvents.length);

    const migrated = await everything(target.eventStore);
    expect(migrated.length).toBe(oldEvents.length + 1);
    const oldHead = await createSqlAuditLog(old).head();
    expect(migrated[0]).toMatchObject({
      type: 'EventLogMigrated',
      data: { fromHeadPosition: oldHead.headPosition, fromHeadHash: oldHead.headHash, fromEvents: oldEvents.length },
    });
    // the same events, opened, in the same order
    expect(migrated.slice(1).map((e) => [e.id, e.type, e.data])).toEqual(oldEvents.map((e) => [e.id, e.type, e.data]));

    // no plaintext e-mail in the new log, stream names included; the new chain verifies
    const { rows } = await target.sql!.query<{ n: number }>(`SELECT count(*)::int AS n FROM events e WHERE e::text ILIKE $1`, [
      `%${someEmail}%`,
    ]);
    expect(rows[0]!.n).toBe(0);
    expect((await createSqlAuditLog(target.sql!).verify()).ok).toBe(true);
  }, 120_000);
});
