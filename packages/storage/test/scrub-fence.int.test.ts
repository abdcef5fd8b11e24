import { describe, expect, it } from 'vitest';
import { isFenceMoved, type Doc } from '../src/document-store/port';
import { createSqlDocumentStore, type SqlDocumentStore } from '../src/document-store/sql-document-store';
import { createPgliteClient } from '../src/sql/pglite-client';
import type { SqlClient } from '../src/sql/sql-client';
import { onFreshPgSchema, warnSkip } from './helpers';

/**
 * An erasure's scrub against a writer that read before it (issue 16): the projector reads a
 * batch's documents, evolves them and writes them back in a later statement. A scrub between the
 * two must not be undone by the write: the scrub moves the writer's fence, and a fenced write
 * whose fence moved writes nothing.
 */
const FENCE = { collection: 'checkpoints', id: 'erasures' };
const needles = { anywhere: ['Adalind Quarkington'], wholeValues: [], fence: FENCE };

function fenceSuite(name: string, open: () => Promise<{ store: SqlDocumentStore; sql: SqlClient; cleanup: () => Promise<void> }>) {
  async function seed(store: SqlDocumentStore) {
    await store.ensureCollection({ name: 'checkpoints' });
    await store.ensureCollection({ name: 'people' });
    await store.collection('checkpoints').upsert({ id: 'erasures', token: 'initial' });
    await store.collection('people').upsert({ id: 1, name: 'Adalind Quarkington', stage: 'applied' });
  }
  /** what a live batch does first: its documents and the fence, in one read */
  async function read(store: SqlDocumentStore) {
    const found = await store.getAcross!([
      { collection: 'people', ids: [1] },
      { collection: FENCE.collection, ids: [FENCE.id] },
    ]);
    return { person: found.get('people')![0]!, fence: found.get(FENCE.collection)![0] ?? null };
  }
  const moveTo = (person: Doc, stage: string): Doc => ({ ...person, stage });

  it(`${name}: a write computed from a read taken before the scrub writes nothing; read again, it keeps the scrub`, async () => {
    const { store, cleanup } = await open();
    try {
      await seed(store);
      const before = await read(store);
      expect(await store.scrubText(needles)).toBe(1);
      const stale = store.writeAcross!([{ collection: 'people', upserts: [moveTo(before.person, 'interview')], deletes: [] }], {
        fence: { ...FENCE, doc: before.fence },
      });
      await expect(stale).rejects.toSatisfy(isFenceMoved);
      expect(await store.collection('people').get(1)).toEqual({ id: 1, name: '[erased]', stage: 'applied' });
      // the batch projected again from what the scrub left
      const again = await read(store);
      await store.writeAcross!([{ collection: 'people', upserts: [moveTo(again.person, 'interview')], deletes: [] }], {
        fence: { ...FENCE, doc: again.fence },
      });
      expect(await store.collection('people').get(1)).toEqual({ id: 1, name: '[erased]', stage: 'interview' });
      // a deletion is fenced too
      const third = await read(store);
      await store.scrubText({ ...needles, anywhere: ['nobody at all'] });
      await expect(
        store.writeAcross!([{ collection: 'people', upserts: [], deletes: [1] }], { fence: { ...FENCE, doc: third.fence } }),
      ).rejects.toSatisfy(isFenceMoved);
      expect(await store.collection('people').get(1)).not.toBeNull();
    } finally {
      await cleanup();
    }
  });

  it(`${name}: a write that runs while the scrub's transaction is open waits for it, then writes nothing`, async () => {
    const { store, sql, cleanup } = await open();
    try {
      await seed(store);
      const before = await read(store);
      let write: Promise<void> | undefined;
      // the scrub's first steps by hand, so the write can be sent in the middle of them: the fence
      // rewritten, then the person's document scrubbed, then (later) the commit
      await sql.transaction(async (tx) => {
        await tx.query(`UPDATE doc_checkpoints SET doc = '{"id":"erasures","token":"moved"}'::jsonb WHERE id = 'erasures'`);
        await tx.query(`UPDATE doc_people SET doc = jsonb_set(doc, '{name}', '"[erased]"') WHERE id = '1'`);
        write = store.writeAcross!([{ collection: 'people', upserts: [moveTo(before.person, 'interview')], deletes: [] }], {
          fence: { ...FENCE, doc: before.fence },
        });
        write.catch(() => {});
        await new Promise((resolve) => setTimeout(resolve, 100));
      });
      await expect(write).rejects.toSatisfy(isFenceMoved);
      expect(await store.collection('people').get(1)).toEqual({ id: 1, name: '[erased]', stage: 'applied' });
    } finally {
      await cleanup();
    }
  });

  it(`${name}: a fenced write whose fence did not move writes as before; an absent fence stays writable until it appears`, async () => {
    const { store, cleanup } = await open();
    try {
      await store.ensureCollection({ name: 'checkpoints' });
      await store.ensureCollection({ name: 'people' });
      await store.writeAcross!([{ collection: 'people', upserts: [{ id: 1, name: 'Grace' }], deletes: [] }], {
        fence: { ...FENCE, doc: null },
      });
      expect(await store.collection('people').get(1)).toEqual({ id: 1, name: 'Grace' });
      // the scrub creates the fence: a writer that read it absent is refused
      await store.scrubText({ ...needles, anywhere: ['Grace'] });
      await expect(
        store.writeAcross!([{ collection: 'people', upserts: [{ id: 1, name: 'Grace' }], deletes: [] }], {
          fence: { ...FENCE, doc: null },
        }),
      ).rejects.toSatisfy(isFenceMoved);
      const { fence } = await read(store);
      expect(fence).toMatchObject({ id: 'erasures', token: expect.any(String) });
      await store.writeAcross!([{ collection: 'people', upserts: [{ id: 2, name: 'Ada' }], deletes: [] }], {
        fence: { ...FENCE, doc: fence },
      });
      expect(await store.collection('people').get(2)).toEqual({ id: 2, name: 'Ada' });
    } finally {
      await cleanup();
    }
  });
}

describe('SQL document store: an erasure scrub moves the fence of writes read before it', () => {
  fenceSuite('PGlite', async () => {
    const sql = await createPgliteClient(undefined);
    const store = createSqlDocumentStore(sql);
    await store.migrate();
    return { store, sql, cleanup: () => sql.close() };
  });
  const url = process.env.DATABASE_URL;
  const skip = warnSkip('scrub fence: PostgreSQL', url ? undefined : 'DATABASE_URL is not set');
  if (!skip)
    fenceSuite('PostgreSQL', async () => {
      let client: SqlClient | undefined;
      const made = await onFreshPgSchema((sql) => {
        client = sql;
        return createSqlDocumentStore(sql);
      })();
      return { store: made.store, sql: client!, cleanup: made.cleanup };
    });
});
