import { mkdir, readFile } from 'node:fs/promises';
import { PGlite, parse, protocol, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { mapSqlError } from './errors';
import type { QueryOptions, SqlClient, SqlResult } from './sql-client';

/**
 * SqlClient over PGlite (PostgreSQL in WebAssembly). `dataDir` undefined = in-memory.
 *
 * PGlite is a single connection. Its own `transaction` holds a mutex that `query` also waits
 * for, so a transaction is exclusive: other queries on this client wait until it ends and
 * concurrent transactions queue. The consequence for callers: inside `transaction(fn)` use only
 * the `tx` handed to `fn`; a query on the outer client from inside `fn` would wait forever.
 */
export interface PgliteOptions {
  /**
   * PostgreSQL's `shared_buffers` inside the WebAssembly memory (PostgreSQL's default: 128MB).
   * PGlite touches all of it at start and WebAssembly memory never shrinks, so it is resident for
   * the life of the process; pages beyond it come from the OS page cache. The standalone server
   * runs with less (README, B7: idle RSS).
   */
  sharedBuffers?: string;
}

/** `shared_buffers` as PostgreSQL spells it: a number with kB, MB or GB (at least 128kB). */
export const SHARED_BUFFERS_PATTERN = /^[1-9]\d{0,6}(kB|MB|GB)$/;

/**
 * The environment variable naming a dumped, freshly initialised PGlite data dir (a tar file) that
 * in-memory stores start from instead of running initdb: the test runner sets it (vitest's global
 * setup, `packages/storage/test/pglite-template.global.ts`), so the suite's few hundred in-memory stores each skip
 * initdb, about 4/5 of a new store's start (README, "Test suite time"). Unset: initdb as usual.
 * Never used for a store on disk.
 */
export const PGLITE_TEMPLATE_ENV = 'ATS_PGLITE_TEMPLATE';

async function inMemoryTemplate(): Promise<Blob | undefined> {
  const path = process.env[PGLITE_TEMPLATE_ENV];
  if (!path) return undefined;
  return new Blob([await readFile(path)]);
}

export async function createPgliteClient(dataDir: string | undefined, options: PgliteOptions = {}): Promise<SqlClient> {
  let db: PGlite;
  try {
    const template = dataDir === undefined ? await inMemoryTemplate() : undefined;
    // PGlite creates the data dir itself but not its parents ('memory://…' and the like are no paths)
    if (dataDir !== undefined && !dataDir.includes('://')) await mkdir(dataDir, { recursive: true });
    // pg_trgm backs the document store's search index (ILIKE '%word%' over the search fields)
    if (options.sharedBuffers !== undefined && !SHARED_BUFFERS_PATTERN.test(options.sharedBuffers))
      throw new Error(`shared_buffers must look like 32MB, not ${JSON.stringify(options.sharedBuffers)}`);
    db = await PGlite.create(dataDir, {
      extensions: { pg_trgm },
      ...(template ? { loadDataDir: template } : {}),
      ...(options.sharedBuffers ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.sharedBuffers}`] } : {}),
    });
    // the data is in memory or in the page cache: random reads cost about what sequential ones do,
    // so let the planner use indexes (the default 4.0 assumes spinning disks)
    await db.query('SET random_page_cost = 1.1');
    // a new WAL segment (16 MB) is created at its size instead of written with zeros: in memory
    // (MEMFS grows a file by 12.5 % at a time, copying it whole) the zero-filling statement held
    // the one thread 100–200 ms of CPU every 16 MB of WAL, about every 1,000 imported candidates
    // (README, "Import speed"); on disk it was 2,048 writes. Safe whatever the file system: the
    // setting only matters on copy-on-write ones, where zero-filling buys nothing either.
    await db.query('SET wal_init_zero = off');
  } catch (error) {
    throw mapSqlError(error);
  }
  let closed = false;
  const prepared = preparedStatements(db);

  const client: SqlClient = {
    dialect: 'pglite',
    async query<R>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<SqlResult<R>> {
      try {
        if (options?.prepare) return await prepared.query<R>(sql, params ?? []);
        const result = await db.query<R>(sql, params ? [...params] : undefined);
        return { rows: result.rows, affectedRows: result.affectedRows };
      } catch (error) {
        throw mapSqlError(error);
      }
    },
    async transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T> {
      try {
        return await db.transaction((tx) => fn(transactionClient(tx)));
      } catch (error) {
        throw mapSqlError(error);
      }
    },
    async listen(channel, onNotify) {
      const unlisten = await db.listen(channel, onNotify);
      return async () => {
        if (!closed) await unlisten();
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.close();
    },
  };
  return client;
}

const MAX_PREPARED = 64;
/** Postgres' "cached plan must not change result type" (a table changed under a prepared statement) */
const PLAN_CHANGED = '0A000';

/**
 * Named prepared statements on PGlite's one connection, by SQL text (least recently used dropped
 * past MAX_PREPARED). A run is what PGlite's own `query` does (under its transaction and query
 * locks: bind, describe, execute, sync, then the file-system sync), without the parse and the
 * statement's describe; Postgres re-analyses a prepared statement itself when a table it names
 * changes (a rebuild's swap), and one whose result type changed is prepared again.
 */
function preparedStatements(db: PGlite) {
  const byText = new Map<string, { name: string; types: number[] }>();
  let counter = 0;
  const run = (message: Uint8Array) => db.execProtocolStream(message, { syncToFs: false });

  async function prepare(sql: string): Promise<{ name: string; types: number[] }> {
    const known = byText.get(sql);
    if (known) {
      byText.delete(sql);
      byText.set(sql, known);
      return known;
    }
    const name = `ats_${++counter}`;
    await run(protocol.serialize.parse({ name, text: sql }));
    const types = parse.parseDescribeStatementResults(await run(protocol.serialize.describe({ type: 'S', name })));
    const statement = { name, types };
    byText.set(sql, statement);
    if (byText.size > MAX_PREPARED) {
      const [oldest, { name: dropped }] = byText.entries().next().value!;
      byText.delete(oldest);
      await run(protocol.serialize.close({ type: 'S', name: dropped }));
    }
    return statement;
  }

  async function once<R>(sql: string, params: readonly unknown[]): Promise<SqlResult<R>> {
    const messages: Awaited<ReturnType<typeof run>> = [];
    // one message per row: a spread into push() overflows the stack past ~100,000 rows (a readAll of 500,000 events)
    const add = (batch: Awaited<ReturnType<typeof run>>) => {
      for (const message of batch) messages.push(message);
    };
    try {
      const { name, types } = await prepare(sql);
      const values = params.map((param, i) => {
        if (param === null || param === undefined) return null;
        const serialize = db.serializers[types[i]!];
        return serialize ? (serialize(param) as string) : String(param);
      });
      add(await run(protocol.serialize.bind({ statement: name, values })));
      add(await run(protocol.serialize.describe({ type: 'P' })));
      add(await run(protocol.serialize.execute({})));
    } finally {
      add(await run(protocol.serialize.sync()));
    }
    await db.syncToFs();
    const [result] = parse.parseResults(messages, db.parsers);
    return { rows: result!.rows as R[], affectedRows: result!.affectedRows };
  }

  return {
    query<R>(sql: string, params: readonly unknown[]): Promise<SqlResult<R>> {
      return db._runExclusiveTransaction(() =>
        db._runExclusiveQuery(async () => {
          try {
            return await once<R>(sql, params);
          } catch (error) {
            if ((error as { code?: string }).code !== PLAN_CHANGED) throw error;
            const stale = byText.get(sql);
            byText.delete(sql);
            if (stale) await run(protocol.serialize.close({ type: 'S', name: stale.name }));
            await run(protocol.serialize.sync());
            return once<R>(sql, params);
          }
        }),
      );
    },
  };
}

function transactionClient(tx: Transaction): SqlClient {
  let savepoints = 0;
  const client: SqlClient = {
    dialect: 'pglite',
    async query<R>(sql: string, params?: readonly unknown[]): Promise<SqlResult<R>> {
      try {
        const result = await tx.query<R>(sql, params ? [...params] : undefined);
        return { rows: result.rows, affectedRows: result.affectedRows };
      } catch (error) {
        throw mapSqlError(error);
      }
    },
    // A nested transaction is a savepoint: it rolls back on its own without aborting the outer one.
    async transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T> {
      const name = `sp_${++savepoints}`;
      await client.query(`SAVEPOINT ${name}`);
      try {
        const result = await fn(client);
        await client.query(`RELEASE SAVEPOINT ${name}`);
        return result;
      } catch (error) {
        await client.query(`ROLLBACK TO SAVEPOINT ${name}`);
        throw error;
      }
    },
    async listen(channel, onNotify) {
      const unlisten = await tx.listen(channel, onNotify);
      return () => unlisten();
    },
    async close() {
      throw new Error('close() is not available on a transaction client');
    },
  };
  return client;
}
