/**
 * The tiny SQL-client interface both `pg` and PGlite implement, so the SQL adapters are written
 * once.
 */
export interface SqlResult<R> {
  rows: R[];
  affectedRows?: number;
}

export interface SqlClient {
  readonly dialect: 'pglite' | 'postgres';
  query<R = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<SqlResult<R>>;
  /** runs fn in one transaction on one connection; rolls back when fn throws */
  transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T>;
  /** LISTEN on a channel; returns an unlisten function */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
