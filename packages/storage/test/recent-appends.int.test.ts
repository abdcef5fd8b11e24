import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecentAppends } from '../src/event-store/recent-appends';
import type { WrittenEvent } from '../src/event-store/sql-append';
import { createSqlEventStore, type SqlEventStore } from '../src/event-store/sql-event-store';
import { ConcurrencyError, type RecordedEvent } from '../src/event-store/port';
import { createPgliteClient } from '../src/sql/pglite-client';
import type { SqlClient } from '../src/sql/sql-client';
import { newEvent, newStream, waitFor } from './event-store.contract';

const written = (position: number): WrittenEvent => ({
  position,
  id: randomUUID(),
  stream: 's',
  revision: position,
  type: 'T',
  data: JSON.stringify({ n: position }),
  metadata: '{}',
});

describe('RecentAppends', () => {
  it('hands out the run after a cursor with no gap, in position order, parsed afresh', () => {
    const recent = new RecentAppends();
    recent.add([written(3), written(4)]);
    recent.add([written(6)]);
    recent.add([written(5)]);
    expect(recent.after(2, 10).map((e) => e.position)).toEqual([3, 4, 5, 6]);
    expect(recent.after(3, 2).map((e) => e.position)).toEqual([4, 5]);
    expect(recent.after(1, 10)).toEqual([]);
    expect(recent.after(6, 10)).toEqual([]);
    const [a] = recent.after(2, 1);
    const [b] = recent.after(2, 1);
    expect(a!.data).toEqual({ n: 3 });
    expect(a!.data).not.toBe(b!.data);
    recent.add([written(8)]);
    expect(recent.after(5, 10).map((e) => e.position)).toEqual([6]);
    expect(recent.last).toBe(8);
  });

  it('keeps the latest 1,000', () => {
    const recent = new RecentAppends();
    recent.add(Array.from({ length: 1500 }, (_, i) => written(i + 1)));
    expect(recent.after(499, 10)).toEqual([]);
    expect(recent.after(500, 2000)).toHaveLength(1000);
  });
});

describe('embedded store: a subscription takes what this process appended without reading it back', () => {
  let sql: SqlClient;
  let store: SqlEventStore;
  let eventReads = 0;

  beforeAll(async () => {
    sql = await createPgliteClient(undefined);
    const query = sql.query.bind(sql);
    sql.query = ((text: string, params?: readonly unknown[], options?: Parameters<SqlClient['query']>[2]) => {
      if (/SELECT position, id, stream, revision, type, data, metadata FROM \S*events\S* WHERE position >/.test(text)) eventReads++;
      return query(text, params, options);
    }) as SqlClient['query'];
    store = createSqlEventStore(sql, { pollIntervalMs: 60_000 });
    await store.migrate();
  });
  afterAll(async () => {
    await store.close();
    await sql.close();
  });

  it('delivers live appends as a read would, with no read of the log', async () => {
    const stream = newStream();
    await store.append(stream, [newEvent('Before')], { expectedRevision: 'no_stream' });
    const received: RecordedEvent[] = [];
    const subscription = store.subscribe({ after: 0, onEvent: (event) => void received.push(event) });
    await subscription.caughtUp;
    const readsWhenCaughtUp = eventReads;

    const upper = newEvent('Upper', { nested: { b: 1, a: [1, 'x', null] }, z: 'last', a: 'first' });
    upper.id = upper.id.toUpperCase();
    await store.append(stream, [upper, newEvent('Second')], { expectedRevision: 0 });
    const other = newStream();
    await store.appendMany([
      { stream: other, events: [newEvent('Many1')], expectedRevision: 'no_stream' },
      { stream: newStream(), events: [newEvent('Many2')], expectedRevision: 'no_stream' },
    ]);
    // a refused append hands nothing over
    await expect(store.append(stream, [newEvent('Stale')], { expectedRevision: 0 })).rejects.toBeInstanceOf(ConcurrencyError);
    // the general way (expected revision 'any')
    await store.append(other, [newEvent('Any')], { expectedRevision: 'any' });
    await waitFor(() => received.length === 6);

    expect(eventReads).toBe(readsWhenCaughtUp);
    expect(received.map((e) => e.type)).toEqual(['Before', 'Upper', 'Second', 'Many1', 'Many2', 'Any']);
    // what a read of the log gives, field for field
    expect(received).toEqual(await store.readAll());
    await subscription.stop();
  });

  it('after a restart, reads what an earlier process appended, then takes the new appends', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ats-recent-'));
    try {
      const first = await createPgliteClient(dir);
      const before = createSqlEventStore(first);
      await before.migrate();
      const stream = newStream();
      await before.append(stream, [newEvent('A'), newEvent('B')], { expectedRevision: 'no_stream' });
      await first.close();

      const again = await createPgliteClient(dir);
      const after = createSqlEventStore(again, { pollIntervalMs: 60_000 });
      const received: RecordedEvent[] = [];
      const subscription = after.subscribe({ after: 0, onEvent: (event) => void received.push(event) });
      await subscription.caughtUp;
      expect(received.map((e) => e.type)).toEqual(['A', 'B']);
      await after.append(stream, [newEvent('C')], { expectedRevision: 1 });
      await waitFor(() => received.length === 3);
      expect(received).toEqual(await after.readAll());
      await subscription.stop();
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
