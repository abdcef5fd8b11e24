import type { SqlClient } from './sql-client';

/**
 * Autovacuum's job for an embedded PGlite store, which has no background workers: tables that
 * were never analyzed, or grew by a fifth since, get `VACUUM (ANALYZE)`, so dead row versions are
 * reused and the planner knows the data (without statistics it picks slow plans for searches).
 * A server PostgreSQL runs its own autovacuum and does not need this.
 */
export interface SqlMaintenance {
  /** checks every table now and vacuums those due (deferred or not); resolves with their names */
  runNow(): Promise<string[]>;
  /** true while a pass is running */
  readonly busy: boolean;
  /** true once the first pass has finished */
  readonly settled: boolean;
  stop(): Promise<void>;
}

export interface SqlMaintenanceOptions {
  /** between passes (default 60 s) */
  intervalMs?: number;
  /** before the first pass (default 3 s: start-up and the first requests go first) */
  firstDelayMs?: number;
  onPass?: (tables: string[], ms: number) => void;
  onError?: (error: unknown) => void;
  /**
   * true while bulk work runs (e.g. a CSV import): a scheduled pass waits for it to end, checking
   * every `deferCheckMs` (default 1 s), at most `maxDeferMs` (default 15 min). On PGlite a VACUUM
   * of a growing table is one statement of seconds on the only thread, and during bulk work every
   * table grows, so every pass would be a stall for every user; the pass right after catches up.
   */
  defer?: () => boolean;
  deferCheckMs?: number;
  maxDeferMs?: number;
}

const MIN_PAGES = 8;

/**
 * Columns whose statistics no plan reads, so ANALYZE skips them (`SET STATISTICS 0`): a whole
 * document (`doc`; filters and sorts read its fields, through expression indexes that keep their
 * own statistics), an event's `data` and `metadata` (the same) and the hash chain's hashes. Their
 * statistics were most of an ANALYZE's cost: sorting 30,000 sampled documents (README, "Import speed").
 */
export const UNPLANNED_COLUMNS = ['doc', 'data', 'metadata', 'hash', 'prev_hash'];

const turn = () => new Promise((resolve) => setImmediate(resolve));

export function startSqlMaintenance(sql: SqlClient, options: SqlMaintenanceOptions = {}): SqlMaintenance {
  let running: Promise<string[]> | null = null;
  let stopped = false;
  let settled = false;
  let timer: NodeJS.Timeout | null = null;

  async function pass(): Promise<string[]> {
    const started = Date.now();
    // "Never analyzed" is judged by the column statistics themselves: CREATE INDEX also sets
    // reltuples and relpages, so a table rebuilt and indexed has those but no statistics.
    const { rows } = await sql.query<{ name: string; relpages: number; analyzed: boolean; pages: number | string }>(
      `SELECT c.oid::regclass::text AS name, c.relpages,
              EXISTS (SELECT 1 FROM pg_statistic s WHERE s.starelid = c.oid) AS analyzed,
              pg_relation_size(c.oid) / current_setting('block_size')::int AS pages
         FROM pg_class c WHERE c.relkind = 'r' AND c.relnamespace = current_schema()::regnamespace`,
    );
    const due = rows.filter((t) => {
      const pages = Number(t.pages);
      return pages >= MIN_PAGES && (!t.analyzed || pages > Number(t.relpages) * 1.2 + MIN_PAGES);
    });
    const done: string[] = [];
    for (const table of due) {
      if (stopped) break;
      // between tables, what waits for the thread (users' requests) goes first: on PGlite each
      // VACUUM holds the only thread for its whole run, and after a large import ten tables are due
      // at once (about 12 s back to back, seen by the import bench); a stall per table instead
      if (done.length > 0) await turn();
      const { rows: columns } = await sql.query<{ name: string }>(
        `SELECT quote_ident(attname) AS name FROM pg_attribute
          WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attname = ANY($2::text[])
            AND attstattarget IS DISTINCT FROM 0`,
        [table.name, UNPLANNED_COLUMNS],
      );
      // names come from pg_class through regclass::text: already quoted where needed
      if (columns.length > 0)
        await sql.query(`ALTER TABLE ${table.name} ${columns.map((c) => `ALTER COLUMN ${c.name} SET STATISTICS 0`).join(', ')}`);
      // VACUUM and ANALYZE apart, a turn between: two shorter holds of the thread instead of one
      await sql.query(`VACUUM ${table.name}`);
      await turn();
      await sql.query(`ANALYZE ${table.name}`);
      done.push(table.name);
    }
    if (done.length > 0) options.onPass?.(done, Date.now() - started);
    return done;
  }

  function runNow(): Promise<string[]> {
    if (!running) {
      running = pass().finally(() => {
        running = null;
      });
    }
    return running;
  }

  function schedule(delay: number, deferredSince: number | null = null) {
    if (stopped) return;
    timer = setTimeout(() => {
      const since = deferredSince ?? Date.now();
      if (options.defer?.() && Date.now() - since < (options.maxDeferMs ?? 15 * 60_000)) {
        schedule(options.deferCheckMs ?? 1000, since);
        return;
      }
      runNow()
        .catch((error: unknown) => options.onError?.(error))
        .finally(() => {
          settled = true;
          schedule(options.intervalMs ?? 60_000);
        });
    }, delay);
    timer.unref();
  }
  schedule(options.firstDelayMs ?? 3000);

  return {
    runNow,
    get busy() {
      return running !== null;
    },
    get settled() {
      return settled;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => {});
    },
  };
}
