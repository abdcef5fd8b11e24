import { afterEach, describe, expect, it } from 'vitest';
import { createPgliteClient, PGLITE_TEMPLATE_ENV } from '../src/sql/pglite-client';
import type { SqlClient } from '../src/sql/sql-client';

// The run's global setup (vitest.config.ts) made the template every in-memory store starts from.
describe('in-memory PGlite from the run template', () => {
  let clients: SqlClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.map((c) => c.close()));
    clients = [];
  });

  it('the run set the template, and a store started from it is an empty, writable database', async () => {
    expect(process.env[PGLITE_TEMPLATE_ENV]).toMatch(/ats-pglite-template-\d+\.tar$/);
    const sql = await createPgliteClient(undefined);
    clients.push(sql);
    const tables = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`);
    expect(tables.rows[0]!.n).toBe(0);
    await sql.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await sql.query('CREATE TABLE t (x text)');
    await sql.query(`INSERT INTO t VALUES ('a')`);
    expect((await sql.query<{ x: string }>('SELECT x FROM t')).rows).toEqual([{ x: 'a' }]);
  });

  it('two stores from the one template share nothing', async () => {
    const [a, b] = [await createPgliteClient(undefined), await createPgliteClient(undefined)];
    clients.push(a, b);
    await a.query('CREATE TABLE only_in_a (x int)');
    const inB = await b.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'only_in_a'`);
    expect(inB.rows[0]!.n).toBe(0);
  });

  it('without the template a store still starts (initdb)', async () => {
    const saved = process.env[PGLITE_TEMPLATE_ENV];
    delete process.env[PGLITE_TEMPLATE_ENV];
    try {
      const sql = await createPgliteClient(undefined);
      clients.push(sql);
      expect((await sql.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      process.env[PGLITE_TEMPLATE_ENV] = saved;
    }
  });
});
