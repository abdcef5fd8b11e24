/**
 * A subscription on the sealed event store opens each event with its person's key, read from the
 * store. When that read fails because the store is down, the subscription must wait the outage
 * out and deliver the event (opened) once the store is back — not end for good, which left the
 * projector standing still after a PostgreSQL outage until it was restarted.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { StoreUnavailableError, type NewEvent, type RecordedEvent } from '../src/event-store/port';
import { createSqlEventStore } from '../src/event-store/sql-event-store';
import { createSealedEventStore } from '../src/privacy/sealed-event-store';
import { createSqlSubjectKeyStore, type SubjectKeyStore } from '../src/privacy/subject-key-store';
import { createPgliteClient } from '../src/sql/pglite-client';
import type { SqlClient } from '../src/sql/sql-client';

/** the key store, with its `load` failing as an unreachable store would while `down` is set */
function outageProne(keys: SubjectKeyStore) {
  const state = { down: false, failedLoads: 0 };
  const store: SubjectKeyStore = {
    ...keys,
    ensure: (ids) => keys.ensure(ids),
    load: async (ids) => {
      if (state.down) {
        state.failedLoads += 1;
        throw new StoreUnavailableError('Database unavailable: connect ECONNREFUSED');
      }
      return keys.load(ids);
    },
    erase: (id) => keys.erase(id),
    isErased: (id) => keys.isErased(id),
    evict: (id) => keys.evict(id),
    migrate: () => keys.migrate(),
  };
  return { store, state };
}

/** a registration as the command side records it */
function registered(candidateId: number, firstName: string, email: string): NewEvent {
  return {
    id: randomUUID(),
    type: 'CandidateRegistered',
    data: { candidateId, firstName, lastName: 'Brennan', email },
    metadata: {
      actor: { id: 'system', name: 'System' },
      correlationId: randomUUID(),
      causationId: null,
      occurredAt: new Date().toISOString(),
      schemaVersion: 1,
    },
  } as NewEvent;
}

async function until(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}

describe('sealed event store: a subscription over a key-store outage', () => {
  let sql: SqlClient | undefined;
  afterEach(async () => {
    await sql?.close();
    sql = undefined;
  });

  async function setUp() {
    sql = await createPgliteClient(undefined);
    const plain = createSqlEventStore(sql, { pollIntervalMs: 20 });
    const keys = createSqlSubjectKeyStore(sql);
    await plain.migrate();
    await keys.migrate();
    // the writer's keys are cached on sealing; the reader opens with a store of its own (another process)
    const writer = createSealedEventStore(plain, keys);
    const prone = outageProne(createSqlSubjectKeyStore(sql));
    const reader = createSealedEventStore(plain, prone.store);
    return { writer, reader, outage: prone.state };
  }

  it('waits the outage out and delivers the event opened, in order, without ending', async () => {
    const { writer, reader, outage } = await setUp();
    const received: RecordedEvent[] = [];
    const errors: unknown[] = [];
    const subscription = reader.subscribe({ onEvent: (event) => void received.push(event), onError: (error) => errors.push(error) });
    await subscription.caughtUp;

    outage.down = true;
    await writer.append('candidate-1', [registered(1, 'Aoife', 'aoife@example.com')], { expectedRevision: 'any' });
    expect(await until(() => outage.failedLoads >= 2, 5_000)).toBe(true);
    expect(received).toEqual([]);
    outage.down = false;

    expect(await until(() => received.length === 1, 5_000)).toBe(true);
    expect(received[0]!.data).toMatchObject({ firstName: 'Aoife', email: 'aoife@example.com' });
    expect(errors.length).toBeGreaterThanOrEqual(2);
    expect(errors.every((e) => e instanceof StoreUnavailableError)).toBe(true);

    // still subscribed: a later event arrives too
    await writer.append('candidate-2', [registered(2, 'Bríd', 'brid@example.com')], { expectedRevision: 'any' });
    expect(await until(() => received.length === 2, 5_000)).toBe(true);
    expect(received.map((e) => (e.data as { candidateId: number }).candidateId)).toEqual([1, 2]);
    await subscription.stop();
  });

  it('stops at once while waiting out an outage', async () => {
    const { writer, reader, outage } = await setUp();
    const received: RecordedEvent[] = [];
    const subscription = reader.subscribe({ onEvent: (event) => void received.push(event), onError: () => {} });
    await subscription.caughtUp;
    outage.down = true;
    await writer.append('candidate-1', [registered(1, 'Aoife', 'aoife@example.com')], { expectedRevision: 'any' });
    // the backoff has grown past a few seconds by now
    expect(await until(() => outage.failedLoads >= 6, 10_000)).toBe(true);
    const started = Date.now();
    await subscription.stop();
    expect(Date.now() - started).toBeLessThan(500);
    expect(received).toEqual([]);
  });
});
