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

describe('SQL document store: string ranges on indexed fields', () => {
  it('reads a date range through the field index (the database orders strings bytewise), with the same rows as a scan', async () => {
    const sql = await createPgliteClient(undefined);
    try {
      // the statements the store sends, to EXPLAIN the range's own
      const sent: Array<{ text: string; params: unknown[] }> = [];
      const recording = new Proxy(sql, {
        get: (target, key, receiver) =>
          key === 'query'
            ? (text: string, params: unknown[] = []) => {
                sent.push({ text, params });
                return target.query(text, params);
              }
            : Reflect.get(target, key, receiver),
      });
      const store = createSqlDocumentStore(recording);
      await store.migrate();
      await store.ensureCollection({ name: 'placed', indexes: ['placedAt'] });
      const placed = store.collection<{ id: number; placedAt: string | number | null }>('placed');
      const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString();
      await placed.upsertMany!([
        ...Array.from({ length: 3000 }, (_, i) => ({ id: i + 1, placedAt: i % 50 === 0 ? null : day(i % 400) })),
        // other types never match a string range, like MongoDB
        { id: 9001, placedAt: 20260301 },
        { id: 9002, placedAt: 'é-not-a-date' },
      ]);
      await sql.query('ANALYZE');
      const where = { placedAt: { $gte: day(30), $lt: day(32) } };
      const found = (await placed.find({ where })).map((d) => d.id).sort((a, b) => a - b);
      const expected = Array.from({ length: 3000 }, (_, i) => i + 1).filter(
        (id) => (id - 1) % 50 !== 0 && [30, 31].includes((id - 1) % 400),
      );
      expect(found).toEqual(expected);
      expect(await placed.count({ where: { placedAt: { $gt: 'z' } } })).toBe(1);
      // the plan of the range's statement uses the index
      sent.length = 0;
      await placed.find({ where });
      const range = sent.find((q) => q.text.startsWith('SELECT') && q.text.includes('doc_placed'))!;
      const plan = await sql.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${range.text}`, range.params);
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/Index Scan|Bitmap Index Scan/);
    } finally {
      await sql.close();
    }
  });
});
