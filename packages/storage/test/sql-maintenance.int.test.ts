import { afterEach, describe, expect, it } from 'vitest';
import { createPgliteClient } from '../src/sql/pglite-client';
import { startSqlMaintenance, type SqlMaintenance } from '../src/sql/maintenance';
import type { SqlClient } from '../src/sql/sql-client';

describe('embedded store maintenance', () => {
  let sql: SqlClient;
  let maintenance: SqlMaintenance | undefined;
  afterEach(async () => {
    await maintenance?.stop();
    await sql?.close();
  });

  it('analyzes tables that are new or grew by a fifth, and leaves the rest alone', async () => {
    sql = await createPgliteClient(undefined);
    await sql.query('CREATE TABLE big (id int PRIMARY KEY, v text)');
    await sql.query('CREATE TABLE tiny (id int PRIMARY KEY)');
    await sql.query("INSERT INTO big SELECT g, repeat('x', 200) FROM generate_series(1, 5000) g");
    await sql.query('INSERT INTO tiny VALUES (1)');
    const passes: string[][] = [];
    maintenance = startSqlMaintenance(sql, { intervalMs: 3_600_000, firstDelayMs: 0, onPass: (tables) => passes.push(tables) });
    expect(maintenance.settled).toBe(false);
    await expect.poll(() => passes.length, { timeout: 10_000 }).toBe(1);
    expect(passes[0]).toEqual(['big']);
    await expect.poll(() => maintenance!.settled).toBe(true);
    const stats = await sql.query<{ reltuples: number }>(`SELECT reltuples FROM pg_class WHERE relname = 'big'`);
    expect(Number(stats.rows[0]!.reltuples)).toBe(5000);

    expect(await maintenance.runNow()).toEqual([]);
    // indexed but never analyzed (a rebuilt read model): CREATE INDEX sets reltuples, not statistics
    await sql.query("CREATE TABLE rebuilt AS SELECT g AS id, repeat('z', 200) AS v FROM generate_series(1, 3000) g");
    await sql.query('CREATE INDEX rebuilt_id ON rebuilt (id)');
    expect(await maintenance.runNow()).toEqual(['rebuilt']);
    expect(await maintenance.runNow()).toEqual([]);
    // every row rewritten once: the table doubles, so it is due again
    await sql.query("UPDATE big SET v = repeat('y', 200)");
    expect(await maintenance.runNow()).toEqual(['big']);
    expect(maintenance.busy).toBe(false);
  });

  it('lets waiting work run between two tables of one pass', async () => {
    sql = await createPgliteClient(undefined);
    for (const name of ['first', 'second']) {
      await sql.query(`CREATE TABLE ${name} (id int PRIMARY KEY, v text)`);
      await sql.query(`INSERT INTO ${name} SELECT g, repeat('x', 200) FROM generate_series(1, 3000) g`);
    }
    maintenance = startSqlMaintenance(sql, { intervalMs: 3_600_000, firstDelayMs: 3_600_000 });
    // what ran between the statements: a request's timer due as the pass started
    const order: string[] = [];
    const query = sql.query.bind(sql);
    sql.query = ((text: string, params?: unknown[]) => {
      if (/^(VACUUM|ANALYZE)/.test(text)) order.push(text);
      return query(text, params as never);
    }) as typeof sql.query;
    const pass = maintenance.runNow();
    setImmediate(() => order.push('a waiting request'));
    expect(await pass).toEqual(['first', 'second']);
    expect(order).toEqual(['VACUUM first', 'a waiting request', 'ANALYZE first', 'VACUUM second', 'ANALYZE second']);
  });

  it('skips the statistics of whole documents, events and hashes, and keeps the rest', async () => {
    sql = await createPgliteClient(undefined);
    await sql.query('CREATE TABLE docs (id text PRIMARY KEY, doc jsonb NOT NULL, search text, hash text)');
    await sql.query(
      `INSERT INTO docs SELECT g::text, jsonb_build_object('n', g), 'word ' || g, md5(g::text) FROM generate_series(1, 3000) g`,
    );
    maintenance = startSqlMaintenance(sql, { intervalMs: 3_600_000, firstDelayMs: 3_600_000 });
    expect(await maintenance.runNow()).toEqual(['docs']);
    const { rows } = await sql.query<{ column: string }>(`SELECT attname AS column FROM pg_stats WHERE tablename = 'docs' ORDER BY 1`);
    expect(rows.map((r) => r.column)).toEqual(['id', 'search']);
    const targets = await sql.query<{ column: string; target: number | null }>(
      `SELECT attname AS column, attstattarget AS target FROM pg_attribute WHERE attrelid = 'docs'::regclass AND attnum > 0 ORDER BY 1`,
    );
    expect(targets.rows).toEqual([
      { column: 'doc', target: 0 },
      { column: 'hash', target: 0 },
      { column: 'id', target: null },
      { column: 'search', target: null },
    ]);
  });

  it('waits while bulk work runs (defer), then runs the pass; never longer than maxDeferMs', async () => {
    sql = await createPgliteClient(undefined);
    await sql.query('CREATE TABLE big (id int PRIMARY KEY, v text)');
    await sql.query("INSERT INTO big SELECT g, repeat('x', 200) FROM generate_series(1, 5000) g");
    const passes: string[][] = [];
    let busy = true;
    maintenance = startSqlMaintenance(sql, {
      intervalMs: 3_600_000,
      firstDelayMs: 0,
      deferCheckMs: 10,
      defer: () => busy,
      onPass: (tables) => passes.push(tables),
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(passes).toEqual([]);
    expect(maintenance.settled).toBe(false);
    busy = false;
    await expect.poll(() => passes.length, { timeout: 10_000 }).toBe(1);
    expect(passes[0]).toEqual(['big']);
    await maintenance.stop();

    // always busy: the pass still runs once maxDeferMs has passed
    await sql.query("UPDATE big SET v = repeat('y', 200)");
    const late: string[][] = [];
    maintenance = startSqlMaintenance(sql, {
      intervalMs: 3_600_000,
      firstDelayMs: 0,
      deferCheckMs: 10,
      maxDeferMs: 200,
      defer: () => true,
      onPass: (tables) => late.push(tables),
    });
    await expect.poll(() => late.length, { timeout: 10_000 }).toBe(1);
    expect(late[0]).toEqual(['big']);
  });
});
