import { describe, expect, it } from 'vitest';
import { createSqlDocumentStore, type SqlDocumentStore } from '../src/document-store/sql-document-store';
import { createPgliteClient } from '../src/sql/pglite-client';
import type { SqlClient } from '../src/sql/sql-client';
import { onFreshPgSchema, warnSkip } from './helpers';

/**
 * An erasure's scrub with scopes (issue 16): a scoped collection is searched only in the documents
 * found by id or by an indexed field; a collection without a scope is searched whole.
 */
function scopedScrubSuite(name: string, open: () => Promise<{ store: SqlDocumentStore; sql: SqlClient; cleanup: () => Promise<void> }>) {
  it(`${name}: scrubs the scoped documents only, found by primary key or index; unscoped collections whole`, async () => {
    const { store, sql, cleanup } = await open();
    try {
      await store.ensureCollection({ name: 'people', indexes: [] });
      await store.ensureCollection({ name: 'events', indexes: ['personId'] });
      await store.ensureCollection({ name: 'notes' });
      await store.collection('people').upsertMany!([
        { id: 1, name: 'Adalind Quarkington' },
        // another record naming the person: outside the scope, so kept (the scope decides)
        { id: 2, name: 'Grace', referredBy: 'Adalind Quarkington' },
      ]);
      await store.collection('events').upsertMany!([
        { id: 'e1', personId: 1, text: 'Adalind Quarkington was added' },
        { id: 'e2', personId: 2, text: 'Adalind Quarkington referred Grace' },
        { id: 'e3', personId: 1, text: 'nothing of hers' },
      ]);
      await store.collection('notes').upsertMany!([{ id: 'n1', content: 'Call adalind quarkington after six' }]);
      const changed = await store.scrubText({
        anywhere: ['Adalind Quarkington'],
        wholeValues: [],
        scopes: (collection) =>
          collection === 'people' ? [{ ids: [1] }] : collection === 'events' ? [{ where: { personId: 1 } }] : undefined,
      });
      expect(changed).toBe(3);
      expect(await store.collection('people').get(1)).toEqual({ id: 1, name: '[erased]' });
      expect(await store.collection('people').get(2)).toEqual({ id: 2, name: 'Grace', referredBy: 'Adalind Quarkington' });
      expect(await store.collection('events').get('e1')).toEqual({ id: 'e1', personId: 1, text: '[erased] was added' });
      expect((await store.collection('events').get('e2'))?.text).toBe('Adalind Quarkington referred Grace');
      expect(await store.collection('events').get('e3')).toEqual({ id: 'e3', personId: 1, text: 'nothing of hers' });
      expect((await store.collection('notes').get('n1'))?.content).toBe('Call [erased] after six');
      // an empty scope searches nothing
      expect(await store.scrubText({ anywhere: ['Grace'], wholeValues: [], scopes: () => [{ ids: [] }] })).toBe(0);

      // the scope's condition is the one the store indexes: the planner can take the index
      await sql.transaction(async (tx) => {
        await tx.query('SET LOCAL enable_seqscan = off');
        const plan = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN SELECT id FROM doc_events WHERE doc -> 'personId' = '1'::jsonb`);
        expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/Index|Bitmap/);
      });
    } finally {
      await cleanup();
    }
  });
}

describe('SQL document store: an erasure scrub with scopes', () => {
  scopedScrubSuite('PGlite', async () => {
    const sql = await createPgliteClient(undefined);
    const store = createSqlDocumentStore(sql);
    await store.migrate();
    return { store, sql, cleanup: () => sql.close() };
  });
  const url = process.env.DATABASE_URL;
  const skip = warnSkip('scrub scopes: PostgreSQL', url ? undefined : 'DATABASE_URL is not set');
  if (!skip)
    scopedScrubSuite('PostgreSQL', async () => {
      let client: SqlClient | undefined;
      const made = await onFreshPgSchema((sql) => {
        client = sql;
        return createSqlDocumentStore(sql);
      })();
      return { store: made.store, sql: client!, cleanup: made.cleanup };
    });
});
