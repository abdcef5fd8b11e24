import { afterEach, describe, expect, it } from 'vitest';
import { toIdsStreamId } from '@ats/events';
import { ConcurrencyError, createPgliteClient, createSqlEventStore, type SqlClient } from '@ats/storage';
import { createIdAllocator } from '../src/ids';

// Two allocators on one log stand for two command-api processes (each caches the stream's head).
describe('id allocation: single ids and blocks on ids-<kind>', () => {
  let sql: SqlClient | null = null;
  afterEach(async () => {
    await sql?.close();
    sql = null;
  });
  async function twoProcesses() {
    sql = await createPgliteClient(undefined);
    const store = createSqlEventStore(sql);
    await store.migrate();
    return { store, a: createIdAllocator(store), b: createIdAllocator(createSqlEventStore(sql)) };
  }

  it('a block is one IdsReserved event; ids stay unique and consecutive across single ids, blocks and processes', async () => {
    const { store, a, b } = await twoProcesses();
    expect(await a('candidate')).toBe(1);
    expect(await b('candidate')).toBe(2); // b learns the stream from the conflict
    // a's first block: a knows the stream (stale), so the block is planned on it and appended with other streams
    const stale = await a.block('candidate', 10);
    expect(stale.first).toBe(2);
    await expect(store.appendMany([stale.append!])).rejects.toBeInstanceOf(ConcurrencyError);
    const conflict = await store.appendMany([stale.append!]).catch((e: ConcurrencyError) => e);
    await stale.refused(conflict as ConcurrencyError);
    const fresh = await a.block('candidate', 10);
    expect(fresh.first).toBe(3);
    const [result] = await store.appendMany([fresh.append!]);
    fresh.committed(result!.nextExpectedRevision);
    // after the block: the next id is first + count, in both processes
    expect(await a('candidate')).toBe(13);
    expect(await b('candidate')).toBe(14);
    expect(await b('candidate', 5)).toBe(15);
    expect(await a('candidate')).toBe(20);

    const events = await store.readStream(toIdsStreamId('candidate'));
    expect(events.map((e) => e.type)).toEqual([
      'IdReserved',
      'IdReserved',
      'IdsReserved',
      'IdReserved',
      'IdReserved',
      'IdsReserved',
      'IdReserved',
    ]);
    expect(events[2]!.data).toEqual({ kind: 'candidate', first: 3, count: 10 });
    // every id taken once: the single ids and the blocks' ranges never overlap
    const taken = events.flatMap((e) => {
      const d = e.data as { id?: number; first?: number; count?: number };
      return e.type === 'IdsReserved' ? Array.from({ length: d.count! }, (_, i) => d.first! + i) : [d.id!];
    });
    expect(taken).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it("a process's first block of a kind is reserved by its own append (nothing known of the stream yet)", async () => {
    const { store, a, b } = await twoProcesses();
    expect(await a('job', 3)).toBe(1);
    const first = await b.block('job', 4);
    expect(first).toMatchObject({ first: 4, append: null });
    const next = await b.block('job', 2);
    expect(next.first).toBe(8);
    expect(next.append).toMatchObject({ stream: 'ids-job', expectedRevision: 1 });
    const [result] = await store.appendMany([next.append!]);
    next.committed(result!.nextExpectedRevision);
    expect(await b('job')).toBe(10);
  });
});
