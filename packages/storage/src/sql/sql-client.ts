/**
 * The tiny SQL-client interface both `pg` and PGlite implement, so the SQL adapters are written
 * once.
 */
export interface SqlResult<R> {
  rows: R[];
  affectedRows?: number;
}

export interface QueryOptions {
  /**
   * a hot statement whose text repeats: the embedded store keeps it parsed (a named prepared
   * statement), so a run skips parsing and, once the planner settles on a generic plan, planning
   * (others ignore it)
   */
  prepare?: boolean;
}

export interface SqlClient {
  readonly dialect: 'pglite' | 'postgres';
  query<R = Record<string, unknown>>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<SqlResult<R>>;
  /** runs fn in one transaction on one connection; rolls back when fn throws */
  transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T>;
  /** LISTEN on a channel; returns an unlisten function */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
