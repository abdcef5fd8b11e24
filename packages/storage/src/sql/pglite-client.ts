import { mkdir } from 'node:fs/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { mapSqlError } from './errors';
import type { SqlClient, SqlResult } from './sql-client';

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

export async function createPgliteClient(dataDir: string | undefined, options: PgliteOptions = {}): Promise<SqlClient> {
  let db: PGlite;
  try {
    // PGlite creates the data dir itself but not its parents ('memory://…' and the like are no paths)
    if (dataDir !== undefined && !dataDir.includes('://')) await mkdir(dataDir, { recursive: true });
    // pg_trgm backs the document store's search index (ILIKE '%word%' over the search fields)
    if (options.sharedBuffers !== undefined && !SHARED_BUFFERS_PATTERN.test(options.sharedBuffers))
      throw new Error(`shared_buffers must look like 32MB, not ${JSON.stringify(options.sharedBuffers)}`);
    db = await PGlite.create(dataDir, {
      extensions: { pg_trgm },
      ...(options.sharedBuffers ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.sharedBuffers}`] } : {}),
    });
    // the data is in memory or in the page cache: random reads cost about what sequential ones do,
    // so let the planner use indexes (the default 4.0 assumes spinning disks)
    await db.query('SET random_page_cost = 1.1');
  } catch (error) {
    throw mapSqlError(error);
  }
  let closed = false;

  const client: SqlClient = {
    dialect: 'pglite',
    async query<R>(sql: string, params?: readonly unknown[]): Promise<SqlResult<R>> {
      try {
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
