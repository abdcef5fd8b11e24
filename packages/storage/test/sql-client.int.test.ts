import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../src/event-store/port';
import { createPgClient } from '../src/sql/pg-client';
import { createPgliteClient } from '../src/sql/pglite-client';
import type { SqlClient } from '../src/sql/sql-client';
import { createTestSchema, type TestSchema } from '../src/sql/test-schema';
import { waitFor } from './event-store.contract';
import { warnSkip } from './helpers';

const url = process.env.DATABASE_URL;
const pgSkip = warnSkip('SqlClient: PostgreSQL', url ? undefined : 'DATABASE_URL is not set');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function describeSqlClient(
  name: string,
  open: () => Promise<{ sql: SqlClient; other: () => SqlClient; cleanup: () => Promise<void> }>,
  skip?: string,
) {
  describe.skipIf(Boolean(skip))(`SqlClient: ${name}`, () => {
    let sql: SqlClient;
    let other: () => SqlClient;
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      ({ sql, other, cleanup } = await open());
      await sql.query('CREATE TABLE counters (name text PRIMARY KEY, value integer NOT NULL)');
    });
    afterAll(async () => {
      await cleanup?.();
    });

    it('commits, and rolls back when the function throws', async () => {
      await sql.transaction(async (tx) => {
        await tx.query('INSERT INTO counters VALUES ($1, $2)', ['committed', 1]);
      });
      await expect(
        sql.transaction(async (tx) => {
          await tx.query('INSERT INTO counters VALUES ($1, $2)', ['rolled-back', 1]);
          throw new Error('nope');
        }),
      ).rejects.toThrow('nope');
      const { rows } = await sql.query<{ name: string }>('SELECT name FROM counters ORDER BY name');
      expect(rows.map((row) => row.name)).toEqual(['committed']);
    });

    it('runs a nested transaction as a savepoint', async () => {
      await sql.transaction(async (tx) => {
        await tx.query('INSERT INTO counters VALUES ($1, 0)', ['outer']);
        await expect(
          tx.transaction(async (inner) => {
            await inner.query('INSERT INTO counters VALUES ($1, 0)', ['inner']);
            throw new Error('inner failed');
          }),
        ).rejects.toThrow('inner failed');
      });
      const { rows } = await sql.query<{ name: string }>(`SELECT name FROM counters WHERE name IN ('outer', 'inner')`);
      expect(rows.map((row) => row.name)).toEqual(['outer']);
    });

    it('serializes read-modify-write transactions that lock, and reports affected rows', async () => {
      await sql.query(`INSERT INTO counters VALUES ('rmw', 0)`);
      await Promise.all(
        Array.from({ length: 5 }, () =>
          sql.transaction(async (tx) => {
            const { rows } = await tx.query<{ value: number }>(`SELECT value FROM counters WHERE name = 'rmw' FOR UPDATE`);
            await sleep(5);
            await tx.query(`UPDATE counters SET value = $1 WHERE name = 'rmw'`, [rows[0]!.value + 1]);
          }),
        ),
      );
      const { rows } = await sql.query<{ value: number }>(`SELECT value FROM counters WHERE name = 'rmw'`);
      expect(rows[0]!.value).toBe(5);
      expect((await sql.query(`UPDATE counters SET value = value WHERE name IN ('rmw', 'outer')`)).affectedRows).toBe(2);
    });

    it('delivers NOTIFY to listeners until they unlisten', async () => {
      const payloads: string[] = [];
      const unlisten = await sql.listen('test_channel', (payload) => payloads.push(payload));
      const sender = other();
      await sender.transaction(async (tx) => {
        await tx.query(`SELECT pg_notify('test_channel', $1)`, ['hello']);
      });
      await waitFor(() => payloads.length === 1, 5_000);
      expect(payloads).toEqual(['hello']);
      await unlisten();
      await sender.query(`SELECT pg_notify('test_channel', 'late')`);
      await sleep(100);
      expect(payloads).toEqual(['hello']);
    });
  });
}

describeSqlClient('PGlite', async () => {
  const sql = await createPgliteClient(undefined);
  return { sql, other: () => sql, cleanup: () => sql.close() };
});

let schema: TestSchema | undefined;
describeSqlClient(
  'PostgreSQL',
  async () => {
    schema = await createTestSchema(url!);
    const sql = createPgClient(schema.url);
    const sender = createPgClient(schema.url);
    return {
      sql,
      other: () => sender,
      cleanup: async () => {
        await sql.close();
        await sender.close();
        await schema?.drop();
      },
    };
  },
  pgSkip,
);

describe('SqlClient: PGlite exclusivity', () => {
  it('makes other queries wait while a transaction is open, and queues concurrent transactions', async () => {
    const sql = await createPgliteClient(undefined);
    try {
      await sql.query('CREATE TABLE log (n serial PRIMARY KEY, what text)');
      const order: string[] = [];
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const first = sql.transaction(async (tx) => {
        await tx.query(`INSERT INTO log (what) VALUES ('tx1')`);
        order.push('tx1 inserted');
        await held;
        order.push('tx1 committing');
      });
      await sleep(20);
      const outside = sql.query(`SELECT count(*)::int AS n FROM log`).then((result) => {
        order.push('query done');
        return result.rows[0];
      });
      const second = sql.transaction(async (tx) => {
        order.push('tx2 started');
        await tx.query(`INSERT INTO log (what) VALUES ('tx2')`);
      });
      await sleep(50);
      expect(order).toEqual(['tx1 inserted']);
      release();
      await Promise.all([first, second]);
      expect(await outside).toEqual({ n: 1 });
      expect(order[0]).toBe('tx1 inserted');
      expect(order[1]).toBe('tx1 committing');
      expect(order).toHaveLength(4);
    } finally {
      await sql.close();
    }
  });
});

describe('SqlClient: unreachable PostgreSQL', () => {
  it('maps connection failures to StoreUnavailableError', async () => {
    const sql = createPgClient('postgres://postgres@127.0.0.1:1/test', { connectionTimeoutMillis: 2_000 });
    try {
      await expect(sql.query('SELECT 1')).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(sql.transaction(async () => 1)).rejects.toBeInstanceOf(StoreUnavailableError);
    } finally {
      await sql.close();
    }
  });
});

describe('SqlClient: PGlite prepared statements', () => {
  it('returns a result of 300,000 rows (one protocol message each; a spread of them overflowed the stack)', async () => {
    const sql = await createPgliteClient(undefined);
    try {
      const { rows } = await sql.query<{ n: number }>('SELECT generate_series(1, $1::int) AS n', [300_000], { prepare: true });
      expect(rows).toHaveLength(300_000);
      expect(rows.at(-1)).toEqual({ n: 300_000 });
    } finally {
      await sql.close();
    }
  });

  it('runs a prepared statement like any other: typed parameters and results, errors, waiting for a transaction, a table changed under it', async () => {
    const sql = await createPgliteClient(undefined);
    try {
      await sql.query('CREATE TABLE items (id text PRIMARY KEY, n integer NOT NULL, tags text[], doc jsonb)');
      const insert = 'INSERT INTO items (id, n, tags, doc) VALUES ($1, $2, $3::text[], $4::text::jsonb) RETURNING n';
      for (let i = 0; i < 8; i++) {
        // past the planner's five custom plans, so the generic one is used too
        const { rows } = await sql.query<{ n: number }>(insert, [`i${i}`, i, ['a', `t${i}`], JSON.stringify({ i })], { prepare: true });
        expect(rows).toEqual([{ n: i }]);
      }
      const select = 'SELECT id, n, tags, doc FROM items WHERE id = ANY($1::text[]) ORDER BY n';
      const { rows } = await sql.query(select, [['i1', 'i7', 'nope']], { prepare: true });
      expect(rows).toEqual([
        { id: 'i1', n: 1, tags: ['a', 't1'], doc: { i: 1 } },
        { id: 'i7', n: 7, tags: ['a', 't7'], doc: { i: 7 } },
      ]);
      // a null parameter, and affected rows
      expect(await sql.query('UPDATE items SET tags = $1 WHERE n >= $2', [null, 6], { prepare: true })).toMatchObject({ affectedRows: 2 });

      // an error is the usual one, and the statement stays usable
      await expect(sql.query(insert, ['i1', 1, [], '{}'], { prepare: true })).rejects.toMatchObject({ code: '23505' });
      expect((await sql.query(insert, ['i8', 8, [], '{}'], { prepare: true })).rows).toEqual([{ n: 8 }]);
      await expect(sql.query('SELECT nope FROM items', [], { prepare: true })).rejects.toMatchObject({ code: '42703' });

      // it waits for a transaction that is open, like any query
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const tx = sql.transaction(async (t) => {
        await t.query(`INSERT INTO items (id, n) VALUES ('tx', 100)`);
        await held;
      });
      await sleep(20);
      let counted: unknown = null;
      const outside = sql.query<{ c: number }>('SELECT count(*)::int AS c FROM items WHERE n >= $1', [0], { prepare: true }).then((r) => {
        counted = r.rows[0];
      });
      await sleep(50);
      expect(counted).toBeNull();
      release();
      await Promise.all([tx, outside]);
      expect(counted).toEqual({ c: 10 });

      // a table swapped under the statement (as a rebuild does) is the new table; a changed result type is prepared again
      await sql.query('ALTER TABLE items RENAME TO items_old');
      await sql.query('CREATE TABLE items (id text PRIMARY KEY, n text NOT NULL, tags text[], doc jsonb)');
      await sql.query(`INSERT INTO items (id, n) VALUES ('i1', 'one')`);
      expect((await sql.query(select, [['i1']], { prepare: true })).rows).toEqual([{ id: 'i1', n: 'one', tags: null, doc: null }]);
    } finally {
      await sql.close();
    }
  });
});
