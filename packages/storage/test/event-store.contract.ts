import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConcurrencyError, type EventStore, type NewEvent, type RecordedEvent } from '../src/event-store/port';

export interface EventStoreFixture {
  store: EventStore;
  cleanup?: () => Promise<void>;
}

export interface ContractOptions {
  /** when set, the suite is skipped; the caller prints the reason */
  skipReason?: string | undefined;
  /** appendMany writes stream by stream (EventStoreDB): a conflict may leave the earlier streams written */
  appendManyPerStream?: boolean;
}

let streamCounter = 0;
/** unique per test, so the tests can share one store */
export const newStream = (kind = 'candidate') => `${kind}-${Date.now().toString(36)}${(++streamCounter).toString(36)}`;

export function newEvent(type: string, data: Record<string, unknown> = {}): NewEvent {
  return {
    id: randomUUID(),
    type,
    data,
    metadata: {
      actor: { id: 'system', name: 'System' },
      correlationId: randomUUID(),
      causationId: null,
      occurredAt: new Date().toISOString(),
      schemaVersion: 1,
    },
  };
}

export async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for condition');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The event-store port contract; every adapter must pass it. */
export function describeEventStoreContract(name: string, factory: () => Promise<EventStoreFixture>, options: ContractOptions = {}): void {
  describe.skipIf(Boolean(options.skipReason))(`EventStore contract: ${name}`, () => {
    let fixture: EventStoreFixture;
    let store: EventStore;

    beforeAll(async () => {
      fixture = await factory();
      store = fixture.store;
    });
    afterAll(async () => {
      await fixture?.store.close();
      await fixture?.cleanup?.();
    });

    it('appends to a new stream with no_stream and reads it back', async () => {
      const stream = newStream();
      const events = [newEvent('CandidateCreated', { name: 'Ada', tags: ['a'] }), newEvent('CandidateRenamed', { name: 'Ada L.' })];
      const result = await store.append(stream, events, { expectedRevision: 'no_stream' });
      expect(result.nextExpectedRevision).toBe(1);
      expect(result.position).toBeGreaterThan(0);

      const read = await store.readStream(stream);
      expect(read.map((e) => e.revision)).toEqual([0, 1]);
      expect(read.map((e) => e.id)).toEqual(events.map((e) => e.id));
      expect(read[0]).toMatchObject({
        stream,
        type: 'CandidateCreated',
        data: { name: 'Ada', tags: ['a'] },
        metadata: events[0]!.metadata,
      });
      expect(read[1]!.position).toBe(result.position);
      expect(read[0]!.position).toBeLessThan(read[1]!.position);
    });

    it('appends with an exact expected revision and with any', async () => {
      const stream = newStream();
      await store.append(stream, [newEvent('A')], { expectedRevision: 'no_stream' });
      const second = await store.append(stream, [newEvent('B'), newEvent('C')], { expectedRevision: 0 });
      expect(second.nextExpectedRevision).toBe(2);
      const third = await store.append(stream, [newEvent('D')], { expectedRevision: 'any' });
      expect(third.nextExpectedRevision).toBe(3);
      expect(third.position).toBeGreaterThan(second.position);

      const fresh = newStream();
      const created = await store.append(fresh, [newEvent('A')], { expectedRevision: 'any' });
      expect(created.nextExpectedRevision).toBe(0);
      expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['A', 'B', 'C', 'D']);
    });

    it('throws ConcurrencyError carrying the actual revision', async () => {
      const stream = newStream();
      await store.append(stream, [newEvent('A'), newEvent('B')], { expectedRevision: 'no_stream' });

      const conflict = (expectedRevision: 'no_stream' | number, target = stream) =>
        store.append(target, [newEvent('X')], { expectedRevision }).then(
          () => {
            throw new Error('expected a ConcurrencyError');
          },
          (error: unknown) => error,
        );

      const onExisting = await conflict('no_stream');
      expect(onExisting).toBeInstanceOf(ConcurrencyError);
      expect(onExisting).toMatchObject({ stream, expected: 'no_stream', actual: 1 });

      const stale = await conflict(0);
      expect(stale).toMatchObject({ name: 'ConcurrencyError', expected: 0, actual: 1 });

      const missing = newStream();
      expect(await conflict(3, missing)).toMatchObject({ name: 'ConcurrencyError', stream: missing, actual: -1 });

      expect((await store.readStream(stream)).length).toBe(2);
    });

    it('lets exactly one of two concurrent writers with the same expected revision win', async () => {
      const stream = newStream();
      await store.append(stream, [newEvent('A')], { expectedRevision: 'no_stream' });
      const results = await Promise.allSettled([
        store.append(stream, [newEvent('B')], { expectedRevision: 0 }),
        store.append(stream, [newEvent('C')], { expectedRevision: 0 }),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.find((r) => r.status === 'rejected');
      expect(rejected?.status === 'rejected' && rejected.reason).toBeInstanceOf(ConcurrencyError);
      expect(await store.readStream(stream)).toHaveLength(2);
    });

    it('treats re-appending the same event ids as a no-op returning the original result', async () => {
      const stream = newStream();
      const batch = [newEvent('A'), newEvent('B')];
      const first = await store.append(stream, batch, { expectedRevision: 'no_stream' });
      const retry = await store.append(stream, batch, { expectedRevision: 'no_stream' });
      expect(retry).toEqual(first);

      // also after the stream moved on (a retry after a lost reply)
      await store.append(stream, [newEvent('C')], { expectedRevision: 1 });
      const lateRetry = await store.append(stream, batch, { expectedRevision: 'no_stream' });
      expect(lateRetry).toEqual(first);
      expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['A', 'B', 'C']);
    });

    it('appends to several streams at once, each at its expected revision, results in order', async () => {
      const [a, b] = [newStream(), newStream()];
      await store.append(b, [newEvent('B0')], { expectedRevision: 'no_stream' });
      const results = await store.appendMany([
        { stream: a, events: [newEvent('A0'), newEvent('A1')], expectedRevision: 'no_stream' },
        { stream: b, events: [newEvent('B1')], expectedRevision: 0 },
      ]);
      expect(results.map((r) => r.nextExpectedRevision)).toEqual([1, 1]);
      expect(results[1]!.position).toBeGreaterThan(results[0]!.position);
      expect((await store.readStream(a)).map((e) => [e.type, e.revision])).toEqual([
        ['A0', 0],
        ['A1', 1],
      ]);
      expect((await store.readStream(b)).map((e) => e.position)).toEqual([expect.any(Number), results[1]!.position]);
      await expect(
        store.appendMany([
          { stream: a, events: [], expectedRevision: 'any' },
          { stream: a, events: [], expectedRevision: 'any' },
        ]),
      ).rejects.toThrow(TypeError);
    });

    it('refuses an appendMany whose expected revision does not hold, naming the stream', async () => {
      const [a, b] = [newStream(), newStream()];
      await store.append(b, [newEvent('B0')], { expectedRevision: 'no_stream' });
      const attempt = store.appendMany([
        { stream: a, events: [newEvent('A0')], expectedRevision: 'no_stream' },
        { stream: b, events: [newEvent('B1')], expectedRevision: 'no_stream' },
      ]);
      await expect(attempt).rejects.toMatchObject({ name: 'ConcurrencyError', stream: b, actual: 0 });
      // all or nothing, where the store has transactions
      if (!options.appendManyPerStream) expect(await store.readStream(a)).toEqual([]);
      expect(await store.readStream(b)).toHaveLength(1);
    });

    it('an appendMany retried after a lost reply gets its first results and writes nothing twice', async () => {
      const [a, b] = [newStream(), newStream()];
      const appends = [
        { stream: a, events: [newEvent('A0'), newEvent('A1')], expectedRevision: 'no_stream' as const },
        { stream: b, events: [newEvent('B0')], expectedRevision: 'no_stream' as const },
      ];
      const first = await store.appendMany(appends);
      const head = await store.headPosition();
      expect(await store.appendMany(appends)).toEqual(first);
      expect(await store.headPosition()).toBe(head);
      expect((await store.readStream(a)).map((e) => e.type)).toEqual(['A0', 'A1']);
      expect((await store.readStream(b)).map((e) => e.position)).toEqual([first[1]!.position]);
      // and the next appendMany goes on from there
      const next = await store.appendMany([
        { stream: a, events: [newEvent('A2')], expectedRevision: 1 },
        { stream: b, events: [newEvent('B1')], expectedRevision: 0 },
      ]);
      expect(next.map((r) => r.nextExpectedRevision)).toEqual([2, 1]);
      expect(next[0]!.position).toBeGreaterThan(head);
    });

    it('reads a stream from a revision, and an unknown stream as []', async () => {
      const stream = newStream();
      await store.append(
        stream,
        ['A', 'B', 'C', 'D'].map((t) => newEvent(t)),
        { expectedRevision: 'no_stream' },
      );
      const tail = await store.readStream(stream, { fromRevision: 2 });
      expect(tail.map((e) => [e.revision, e.type])).toEqual([
        [2, 'C'],
        [3, 'D'],
      ]);
      expect(await store.readStream(newStream('nobody'))).toEqual([]);
    });

    it('reads all events after a position, with limit and type filter', async () => {
      const head = await store.headPosition();
      const a = newStream('job');
      const b = newStream('client');
      await store.append(a, [newEvent('JobOpened'), newEvent('JobUpdated')], { expectedRevision: 'no_stream' });
      await store.append(b, [newEvent('ClientCreated')], { expectedRevision: 'no_stream' });
      await store.append(a, [newEvent('JobUpdated')], { expectedRevision: 1 });

      const all = (await store.readAll({ after: head })).filter((e) => e.stream === a || e.stream === b);
      expect(all.map((e) => `${e.stream === a ? 'a' : 'b'}:${e.type}`)).toEqual([
        'a:JobOpened',
        'a:JobUpdated',
        'b:ClientCreated',
        'a:JobUpdated',
      ]);
      expectStrictlyIncreasing(all);

      const limited = await store.readAll({ after: head, limit: 2 });
      expect(limited.map((e) => e.id)).toEqual(all.slice(0, 2).map((e) => e.id));

      const afterSecond = await store.readAll({ after: all[1]!.position });
      expect(afterSecond[0]!.id).toBe(all[2]!.id);

      const updates = await store.readAll({ after: head, types: ['JobUpdated', 'ClientCreated'] });
      expect(updates.map((e) => e.type)).toEqual(['JobUpdated', 'ClientCreated', 'JobUpdated']);
      expect(await store.readAll({ after: head, types: [] })).toEqual([]);
    });

    it('reports the head position', async () => {
      const stream = newStream();
      const result = await store.append(stream, [newEvent('A'), newEvent('B')], { expectedRevision: 'no_stream' });
      expect(await store.headPosition()).toBe(result.position);
    });

    it('subscribes: catch-up first, then live events, in order, each once', async () => {
      const head = await store.headPosition();
      const stream = newStream('task');
      const before = await store.append(stream, [newEvent('TaskCreated'), newEvent('Noise')], { expectedRevision: 'no_stream' });

      const received: RecordedEvent[] = [];
      const filtered: RecordedEvent[] = [];
      const subscription = store.subscribe({ after: head, onEvent: (event) => void received.push(event) });
      const typed = store.subscribe({ after: head, types: ['TaskCreated', 'TaskDone'], onEvent: (event) => void filtered.push(event) });
      await subscription.caughtUp;
      await typed.caughtUp;
      expect(received.filter((e) => e.stream === stream).map((e) => e.type)).toEqual(['TaskCreated', 'Noise']);

      await store.append(stream, [newEvent('TaskDone')], { expectedRevision: before.nextExpectedRevision });
      const other = newStream('task');
      await store.append(other, [newEvent('Noise'), newEvent('TaskCreated')], { expectedRevision: 'no_stream' });
      await waitFor(() => received.filter((e) => e.stream === other).length === 2 && filtered.length >= 3);

      const mine = received.filter((e) => e.stream === stream || e.stream === other);
      expect(mine.map((e) => e.type)).toEqual(['TaskCreated', 'Noise', 'TaskDone', 'Noise', 'TaskCreated']);
      expectStrictlyIncreasing(received);
      expect(new Set(received.map((e) => e.id)).size).toBe(received.length);
      expect(filtered.filter((e) => e.stream === stream || e.stream === other).map((e) => e.type)).toEqual([
        'TaskCreated',
        'TaskDone',
        'TaskCreated',
      ]);

      await subscription.stop();
      await typed.stop();
      const count = received.length;
      await store.append(other, [newEvent('Late')], { expectedRevision: 1 });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(received.length).toBe(count);
    });

    it('awaits onEvent before delivering the next event, and stops from inside onEvent', async () => {
      const head = await store.headPosition();
      const stream = newStream();
      await store.append(
        stream,
        ['A', 'B', 'C'].map((t) => newEvent(t)),
        { expectedRevision: 'no_stream' },
      );
      let active = 0;
      let overlapped = false;
      const seen: string[] = [];
      const subscription = store.subscribe({
        after: head,
        onEvent: async (event) => {
          if (event.stream !== stream) return;
          overlapped ||= active > 0;
          active += 1;
          await new Promise((resolve) => setTimeout(resolve, 20));
          seen.push(event.type);
          active -= 1;
          if (event.type === 'B') await subscription.stop();
        },
      });
      await waitFor(() => seen.length >= 2);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(seen).toEqual(['A', 'B']);
      expect(overlapped).toBe(false);
      await subscription.stop();
    });

    it('reports a failing onEvent through onError and stops', async () => {
      const head = await store.headPosition();
      await store.append(newStream(), [newEvent('Boom'), newEvent('After')], { expectedRevision: 'no_stream' });
      const errors: unknown[] = [];
      const types: string[] = [];
      const subscription = store.subscribe({
        after: head,
        onEvent: (event) => {
          types.push(event.type);
          if (event.type === 'Boom') throw new Error('projection failed');
        },
        onError: (error) => errors.push(error),
      });
      await expect(subscription.caughtUp).rejects.toThrow('projection failed');
      expect(types).toEqual(['Boom']);
      expect(errors).toHaveLength(1);
      await subscription.stop();
    });
  });
}

export function expectStrictlyIncreasing(events: readonly RecordedEvent[]): void {
  for (let i = 1; i < events.length; i++) {
    if (!(events[i]!.position > events[i - 1]!.position)) {
      throw new Error(`positions not strictly increasing at ${i}: ${events[i - 1]!.position} then ${events[i]!.position}`);
    }
  }
}
