import pg from 'pg';
import { mapSqlError } from './errors';
import { backoffDelay } from '../backoff';
import { quoteIdent } from './identifiers';
import type { SqlClient, SqlResult } from './sql-client';

export interface PgClientOptions {
  /** pool size (default 10) */
  max?: number;
  /** how long to wait for a pooled connection before failing with StoreUnavailableError */
  connectionTimeoutMillis?: number;
}

/** SqlClient over a `pg` Pool. Transactions check out one connection; LISTEN uses a dedicated one. */
export function createPgClient(connectionString: string, options: PgClientOptions = {}): SqlClient {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 10_000,
  });
  // An idle pooled connection that dies (server restart) is discarded by the pool; without a
  // listener the 'error' event would crash the process.
  pool.on('error', () => {});
  const listener = new Listener(connectionString);
  let closed = false;

  return {
    dialect: 'postgres',
    async query<R>(sql: string, params?: readonly unknown[]): Promise<SqlResult<R>> {
      try {
        const result = await pool.query(sql, params ? [...params] : undefined);
        return toResult<R>(result);
      } catch (error) {
        throw mapSqlError(error);
      }
    },
    async transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T> {
      let connection: pg.PoolClient;
      try {
        connection = await pool.connect();
      } catch (error) {
        throw mapSqlError(error);
      }
      let broken = false;
      // A checked-out connection has no pool listener: when the server goes away mid-transaction
      // its 'error' event would be an uncaught exception that kills the process.
      const onError = () => {
        broken = true;
      };
      connection.on('error', onError);
      try {
        await connection.query('BEGIN');
        const result = await fn(transactionClient(connection, listener));
        await connection.query('COMMIT');
        return result;
      } catch (error) {
        try {
          await connection.query('ROLLBACK');
        } catch {
          broken = true;
        }
        throw mapSqlError(error);
      } finally {
        // A connection whose ROLLBACK failed is in an unknown state: destroy it, don't reuse it.
        connection.off('error', onError);
        connection.release(broken || undefined);
      }
    },
    listen: (channel, onNotify) => listener.add(channel, onNotify),
    async close() {
      if (closed) return;
      closed = true;
      await listener.close();
      await pool.end();
    },
  };
}

function toResult<R>(result: pg.QueryResult): SqlResult<R> {
  return { rows: result.rows as R[], affectedRows: result.rowCount ?? undefined };
}

function transactionClient(connection: pg.PoolClient, listener: Listener): SqlClient {
  let savepoints = 0;
  const client: SqlClient = {
    dialect: 'postgres',
    async query<R>(sql: string, params?: readonly unknown[]): Promise<SqlResult<R>> {
      try {
        return toResult<R>(await connection.query(sql, params ? [...params] : undefined));
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
    listen: (channel, onNotify) => listener.add(channel, onNotify),
    async close() {
      throw new Error('close() is not available on a transaction client');
    },
  };
  return client;
}

/**
 * One dedicated connection (outside the pool) for LISTEN, shared by all channels of a client.
 * It (re)connects with backoff whenever the connection is down, also when the first LISTEN
 * fails; notifications sent meanwhile are lost, which is why listeners must also poll.
 */
class Listener {
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  private connection: Promise<pg.Client> | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  /** reconnect attempts that failed in a row */
  private reconnectFailures = 0;
  private closed = false;

  constructor(private readonly connectionString: string) {}

  async add(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>> {
    const sqlChannel = quoteIdent(channel);
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
    }
    const first = set.size === 0;
    set.add(handler);
    if (first) {
      try {
        const client = await this.connect();
        await client.query(`LISTEN ${sqlChannel}`);
      } catch {
        // The handler stays registered and the LISTEN is retried in the background.
        this.scheduleReconnect();
      }
    }
    return () => this.remove(channel, handler);
  }

  private async remove(channel: string, handler: (payload: string) => void): Promise<void> {
    const set = this.handlers.get(channel);
    if (!set?.delete(handler) || set.size > 0) return;
    this.handlers.delete(channel);
    const connection = this.connection;
    if (!connection) return;
    if (this.handlers.size === 0) {
      this.connection = null;
      await connection.then((client) => client.end()).catch(() => {});
    } else {
      await connection.then((client) => client.query(`UNLISTEN ${quoteIdent(channel)}`)).catch(() => {});
    }
  }

  private connect(): Promise<pg.Client> {
    if (this.closed) return Promise.reject(new Error('Connection closed'));
    if (this.connection) return this.connection;
    const client = new pg.Client({ connectionString: this.connectionString });
    const connection = (async () => {
      client.on('notification', (message) => {
        for (const handler of this.handlers.get(message.channel) ?? []) handler(message.payload ?? '');
      });
      client.on('error', () => this.lost(connection));
      client.on('end', () => this.lost(connection));
      await client.connect();
      return client;
    })();
    this.connection = connection;
    connection.catch(() => {
      if (this.connection === connection) this.connection = null;
    });
    return connection;
  }

  private lost(connection: Promise<pg.Client>): void {
    if (this.connection !== connection) return;
    this.connection = null;
    void connection.then((client) => client.end()).catch(() => {});
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer || this.handlers.size === 0) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.reconnect();
    }, backoffDelay(this.reconnectFailures));
    this.reconnectTimer.unref();
  }

  private async reconnect(): Promise<void> {
    try {
      const client = await this.connect();
      for (const channel of this.handlers.keys()) await client.query(`LISTEN ${quoteIdent(channel)}`);
      this.reconnectFailures = 0;
    } catch {
      this.reconnectFailures += 1;
      const connection = this.connection;
      this.connection = null;
      void connection?.then((client) => client.end()).catch(() => {});
      this.scheduleReconnect();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.handlers.clear();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const connection = this.connection;
    this.connection = null;
    await connection?.then((client) => client.end()).catch(() => {});
  }
}
