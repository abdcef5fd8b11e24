import { describe, expect, it } from 'vitest';
import { createSqlDocumentStore } from '../src/document-store/sql-document-store';
import { createPgliteClient } from '../src/sql/pglite-client';
import { describeDocumentStoreContract } from './document-store.contract';

describeDocumentStoreContract('PGlite', async () => {
  const sql = await createPgliteClient(undefined);
  const store = createSqlDocumentStore(sql);
  await store.migrate();
  return { store, cleanup: () => sql.close() };
});

describe('SQL document store: bulk-loaded collections', () => {
  it('are UNLOGGED while loading and durable (logged, indexes too) once given their definition', async () => {
    const sql = await createPgliteClient(undefined);
    try {
      const store = createSqlDocumentStore(sql);
      await store.migrate();
      const persistence = async () =>
        (
          await sql.query<{ name: string; p: string }>(
            `SELECT relname AS name, relpersistence AS p FROM pg_class WHERE relname LIKE 'doc_bulk%' ORDER BY relname`,
          )
        ).rows.map((row) => `${row.name}:${row.p}`);
      await store.ensureCollection({ name: 'bulk' }, { bulk: true });
      await store.collection('bulk').insertMany!([{ id: 1, name: 'Ada', status: 'active' }]);
      expect(await persistence()).toEqual(['doc_bulk:u', 'doc_bulk_pkey:u']);
      // a repeated bulk ensure (a resumed load) keeps it as it is
      await store.ensureCollection({ name: 'bulk' }, { bulk: true });
      expect(await persistence()).toEqual(['doc_bulk:u', 'doc_bulk_pkey:u']);
      await store.ensureCollection({ name: 'bulk', searchFields: ['name'], indexes: ['status'] });
      expect((await persistence()).every((row) => row.endsWith(':p'))).toBe(true);
      expect(await persistence()).toHaveLength(4);
      expect(await store.collection('bulk').find({ search: 'ada', where: { status: 'active' } })).toEqual([
        { id: 1, name: 'Ada', status: 'active' },
      ]);
      // a plain insert of an id already there is an error, not a silent overwrite
      await expect(store.collection('bulk').insertMany!([{ id: 1, name: 'Other' }])).rejects.toThrow();
    } finally {
      await sql.close();
    }
  });
});
