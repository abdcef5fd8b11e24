import { errorCode } from '../sql/errors';
import { assertPrefix, qualifiedName, quoteIdent } from '../sql/identifiers';
import type { SqlClient } from '../sql/sql-client';
import {
  ConcurrencyError,
  type AppendResult,
  type EventStore,
  type NewEvent,
  type ReadAllOptions,
  type RecordedEvent,
  type StreamAppend,
  type SubscribeOptions,
  type Subscription,
} from './port';
import { startSubscription, type Wakeup } from './subscription-loop';
import { GENESIS_HASH, chainHash } from '../audit/hash-chain';
import type { LogSigner } from '../audit/signing';
import { assertAppendArguments, assertDistinctStreams, assertReadAllOptions } from './validation';
import { EVENTS_CHANNEL, appendLockSql, createSqlAppender } from './sql-append';
import type { ChainCheckpoint } from './chain-checkpoint';
import { RecentAppends } from './recent-appends';

export { EVENTS_CHANNEL } from './sql-append';
export { checkpointText, type ChainCheckpoint } from './chain-checkpoint';

export interface SqlEventStoreOptions {
  /** schema of the events table (default: resolved through search_path) */
  schema?: string;
  /** prefix of the table name, e.g. 'ats_' → ats_events */
  tablePrefix?: string;
  /** events per catch-up read (default 500) */
  batchSize?: number;
  /** safety poll of live subscriptions, in ms (default 1000) */
  pollIntervalMs?: number;
  /** test hook: runs inside every append transaction after the insert, just before COMMIT */
  beforeCommit?: () => Promise<void>;
  /** the installation's key: signs a checkpoint of the hash chain every `checkpointEvery` events */
  signer?: LogSigner;
  /** events between signed checkpoints (default 10,000) */
  checkpointEvery?: number;
  /** progress of the start-up migration that chains an existing log */
  log?: (message: string, fields: Record<string, unknown>) => void;
  /** events per batch of that migration (default 5,000) */
  chainBatchSize?: number;
}

/** `close()` stops the store's subscriptions; the SqlClient belongs to the caller. */
export interface SqlEventStore extends EventStore {
  /** creates the events table if missing and chains events without hashes; idempotent, safe to run from several processes */
  migrate(): Promise<void>;
  /** signs a checkpoint at the current head (on demand); null when the log is empty or not chained, or no signer */
  checkpoint(): Promise<ChainCheckpoint | null>;
}

interface EventRow {
  position: number | string;
  id: string;
  stream: string;
  revision: number | string;
  type: string;
  data: unknown;
  metadata: NewEvent['metadata'];
}

const COLUMNS = 'position, id, stream, revision, type, data, metadata';

/**
 * The event-store port on PostgreSQL or PGlite through one SqlClient.
 *
 * Ordering: every append takes one transaction-level advisory lock (per events table) before it
 * allocates positions, so appends commit one after another in position order. Hence whenever a
 * reader sees position p, every position below p is already visible, and a subscription may
 * move its cursor to the head it observed without ever skipping a slower transaction.
 */
const wakeupsByClient = new WeakMap<SqlClient, Set<Wakeup>>();
function clientWakeups(sql: SqlClient): Set<Wakeup> {
  let set = wakeupsByClient.get(sql);
  if (!set) wakeupsByClient.set(sql, (set = new Set()));
  return set;
}

/** PGlite: the events appended lately through any store on this client, by events table */
const recentByClient = new WeakMap<SqlClient, Map<string, RecentAppends>>();
function recentAppends(sql: SqlClient, table: string): RecentAppends {
  let tables = recentByClient.get(sql);
  if (!tables) recentByClient.set(sql, (tables = new Map()));
  let recent = tables.get(table);
  if (!recent) tables.set(table, (recent = new RecentAppends()));
  return recent;
}

export function createSqlEventStore(sql: SqlClient, options: SqlEventStoreOptions = {}): SqlEventStore {
  const prefix = assertPrefix(options.tablePrefix ?? '');
  const tableName = `${prefix}events`;
  const table = qualifiedName(options.schema, tableName);
  const batchSize = options.batchSize ?? 500;
  const checkpointsTable = qualifiedName(options.schema, `${prefix}event_checkpoints`);
  const checkpointEvery = options.checkpointEvery ?? 10_000;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  // Subscriptions of every store on this client: an append wakes them all directly. PGlite lives
  // in this process only, so that is every subscriber there is and it needs no NOTIFY.
  const wakeups = clientWakeups(sql);
  const inProcessOnly = sql.dialect === 'pglite';
  // what this process appended, handed to its subscriptions without a read (PGlite: see RecentAppends)
  const recent = inProcessOnly ? recentAppends(sql, table) : null;
  const subscriptions = new Set<Subscription>();
  let closed = false;
  const appender = createSqlAppender(sql, {
    table,
    checkpointsTable,
    inProcessOnly,
    signer: options.signer,
    checkpointEvery,
    beforeCommit: options.beforeCommit,
  });

  const wakeAll = () => {
    for (const wakeup of wakeups) wakeup.wake();
  };

  // One LISTEN per store instance, shared by its subscriptions.
  let listenRefs = 0;
  let unlisten: Promise<(() => Promise<void>) | null> | null = null;
  async function acquireListen(): Promise<() => Promise<void>> {
    if (inProcessOnly) return async () => {};
    listenRefs += 1;
    // a fresh callback each time, so a late unlisten of the previous LISTEN cannot remove it
    unlisten ??= sql.listen(EVENTS_CHANNEL, () => wakeAll()).catch(() => null);
    await unlisten;
    return async () => {
      listenRefs -= 1;
      if (listenRefs > 0 || !unlisten) return;
      const pending = unlisten;
      unlisten = null;
      const stop = await pending;
      await stop?.().catch(() => {});
    };
  }

  async function lastOfStream(client: SqlClient, stream: string): Promise<{ revision: number; position: number }> {
    const { rows } = await client.query<{ revision: number | string; position: number | string }>(
      `SELECT revision, position FROM ${table} WHERE stream = $1 ORDER BY revision DESC LIMIT 1`,
      [stream],
    );
    const row = rows[0];
    return row ? { revision: Number(row.revision), position: Number(row.position) } : { revision: -1, position: 0 };
  }

  async function headPosition(): Promise<number> {
    // prepared: asked before every batch of a paced import (see ImportPacing), planned once
    const { rows } = await sql.query<{ head: number | string }>(`SELECT COALESCE(MAX(position), 0) AS head FROM ${table}`, [], {
      prepare: true,
    });
    return Number(rows[0]?.head ?? 0);
  }

  async function readRange(after: number, upTo: number | undefined, limit: number | undefined, types: readonly string[] | undefined) {
    const params: unknown[] = [after];
    let query = `SELECT ${COLUMNS} FROM ${table} WHERE position > $1`;
    if (upTo !== undefined) {
      params.push(upTo);
      query += ` AND position <= $${params.length}`;
    }
    if (types) {
      params.push([...types]);
      query += ` AND type = ANY($${params.length}::text[])`;
    }
    query += ' ORDER BY position';
    if (limit !== undefined) {
      params.push(limit);
      query += ` LIMIT $${params.length}`;
    }
    const { rows } = await sql.query<EventRow>(query, params, { prepare: true });
    return rows.map(toRecorded);
  }

  /**
   * Chains the events that have no hash yet, after the last chained one (a log written before
   * the chain existed): in batches, each under the append lock, resumable after a crash since
   * it starts again from the last event that got its hash. An unhashed event with chained ones
   * after it is not touched (that is tampering, and verification reports it).
   */
  async function chainExisting(): Promise<void> {
    const batch = options.chainBatchSize ?? 5_000;
    let done = 0;
    let total: number | null = null;
    for (;;) {
      const chained = await sql.transaction(async (tx) => {
        if (sql.dialect !== 'pglite') {
          await tx.query(appendLockSql, [table]);
        }
        const { rows: last } = await tx.query<{ position: number | string; hash: string }>(
          `SELECT position, hash FROM ${table} WHERE hash IS NOT NULL ORDER BY position DESC LIMIT 1`,
        );
        const from = last[0] ? Number(last[0].position) : 0;
        let prevHash = last[0]?.hash ?? GENESIS_HASH;
        if (total === null) {
          const { rows } = await tx.query<{ n: number | string }>(`SELECT count(*) AS n FROM ${table} WHERE position > $1`, [from]);
          total = Number(rows[0]?.n ?? 0);
          if (total > 0) options.log?.('chaining the event log', { events: total, from });
        }
        const { rows } = await tx.query<EventRow>(`SELECT ${COLUMNS} FROM ${table} WHERE position > $1 ORDER BY position LIMIT $2`, [
          from,
          batch,
        ]);
        if (rows.length === 0) return 0;
        const positions: number[] = [];
        const hashes: string[] = [];
        const prevs: string[] = [];
        for (const row of rows.map(toRecorded)) {
          const hash = chainHash(prevHash, row);
          positions.push(row.position);
          hashes.push(hash);
          prevs.push(prevHash);
          prevHash = hash;
        }
        await tx.query(
          `UPDATE ${table} AS e SET hash = u.hash, prev_hash = u.prev_hash
             FROM unnest($1::bigint[], $2::text[], $3::text[]) AS u(position, hash, prev_hash) WHERE e.position = u.position`,
          [positions, hashes, prevs],
        );
        return rows.length;
      });
      if (chained === 0) break;
      done += chained;
      options.log?.('chaining the event log', { chained: done, of: total });
    }
    if (done > 0) options.log?.('event log chained', { events: done });
  }

  async function appendAll(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    try {
      const written = recent ? [] : null;
      const results = await appender.appendAll(appends, written);
      // committed: this process's subscriptions may take these events from here
      if (written) recent!.add(written);
      // after the current turn: the appending request answers first, then this thread's
      // subscribers (the embedded projector) read and project what it appended
      setImmediate(wakeAll);
      return results;
    } catch (error) {
      if (errorCode(error) === '23505') {
        const constraint = violatedConstraint(error);
        const names = appends.map((a) => a.stream).join(', ');
        // Only possible if a writer bypassed the advisory lock; report it like any revision conflict.
        if (constraint === `${tableName}_stream_revision_key`) {
          const { stream, expectedRevision } = appends[0]!;
          throw new ConcurrencyError(stream, expectedRevision, (await lastOfStream(sql, stream)).revision);
        }
        if (constraint === `${tableName}_id_key`) {
          throw new Error(`Event ids of this batch are already recorded (in another stream, or as a partial retry): ${names}`, {
            cause: error,
          });
        }
      }
      throw error;
    }
  }

  const store: SqlEventStore = {
    async checkpoint() {
      const signer = options.signer;
      if (!signer) return null;
      return sql.transaction(async (tx) => {
        const { rows } = await tx.query<{ position: number | string; hash: string | null }>(
          `SELECT position, hash FROM ${table} ORDER BY position DESC LIMIT 1`,
        );
        const head = rows[0];
        if (!head || head.hash === null) return null;
        return appender.insertCheckpoint(tx, Number(head.position), head.hash, signer);
      });
    },

    async migrate() {
      await sql.transaction(async (tx) => {
        await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`ats:migrate:${table}`]);
        await tx.query(`CREATE TABLE IF NOT EXISTS ${table} (
          position bigserial PRIMARY KEY,
          id uuid NOT NULL CONSTRAINT ${quoteIdent(`${tableName}_id_key`)} UNIQUE,
          stream text NOT NULL,
          revision integer NOT NULL,
          type text NOT NULL,
          data jsonb NOT NULL,
          metadata jsonb NOT NULL,
          CONSTRAINT ${quoteIdent(`${tableName}_stream_revision_key`)} UNIQUE (stream, revision)
        )`);
        await tx.query(`CREATE INDEX IF NOT EXISTS ${quoteIdent(`${tableName}_type_position_idx`)} ON ${table} (type, position)`);
        // the hash chain (null until the start-up migration below has chained an older log)
        await tx.query(`ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS hash text, ADD COLUMN IF NOT EXISTS prev_hash text`);
        await tx.query(`CREATE TABLE IF NOT EXISTS ${checkpointsTable} (
          position bigint PRIMARY KEY,
          head_hash text NOT NULL,
          at text NOT NULL,
          public_key text NOT NULL,
          signature text NOT NULL
        )`);
        // the audit browser's filters (GET /api/events): stream prefix, actor, request, time
        await tx.query(
          `CREATE INDEX IF NOT EXISTS ${quoteIdent(`${tableName}_stream_prefix_idx`)} ON ${table} (stream text_pattern_ops, position)`,
        );
        await tx.query(
          `CREATE INDEX IF NOT EXISTS ${quoteIdent(`${tableName}_actor_position_idx`)} ON ${table} ((metadata->'actor'->>'id'), position)`,
        );
        await tx.query(
          `CREATE INDEX IF NOT EXISTS ${quoteIdent(`${tableName}_correlation_idx`)} ON ${table} ((metadata->>'correlationId'), position)`,
        );
        await tx.query(`CREATE INDEX IF NOT EXISTS ${quoteIdent(`${tableName}_occurred_at_idx`)} ON ${table} ((metadata->>'occurredAt'))`);
      });
      await chainExisting();
    },

    async append(stream, events, { expectedRevision }) {
      assertAppendArguments(stream, events, expectedRevision);
      const [result] = await appendAll([{ stream, events, expectedRevision }]);
      return result!;
    },

    async appendMany(appends) {
      assertDistinctStreams(appends);
      if (appends.length === 0) return [];
      return appendAll(appends);
    },

    async readStream(stream, { fromRevision = 0 } = {}) {
      const { rows } = await sql.query<EventRow>(
        `SELECT ${COLUMNS} FROM ${table} WHERE stream = $1 AND revision >= $2 ORDER BY revision`,
        [stream, fromRevision],
        { prepare: true },
      );
      return rows.map(toRecorded);
    },

    async readAll(readOptions: ReadAllOptions = {}) {
      assertReadAllOptions(readOptions);
      if (readOptions.types?.length === 0) return [];
      return readRange(readOptions.after ?? 0, undefined, readOptions.limit, readOptions.types);
    },

    subscribe(subscribeOptions: SubscribeOptions): Subscription {
      if (closed) throw new Error('The event store is closed');
      const types = subscribeOptions.types ? [...subscribeOptions.types] : undefined;
      const subscription = startSubscription(subscribeOptions, async (control) => {
        wakeups.add(control.wakeup);
        const releaseListen = await acquireListen();
        try {
          let cursor = subscribeOptions.after ?? 0;
          // whether the last sleep ended by an append's wake-up (not by the poll's timer)
          let woken = false;
          while (!control.stopped) {
            if (recent && !types) {
              // what this process just appended, if it follows the cursor: no read
              const handed = recent.after(cursor, batchSize);
              if (handed.length > 0) {
                for (const event of handed) {
                  if (!(await control.deliver(event))) return;
                  cursor = event.position;
                }
                // all there is (every append on this client passes through RecentAppends; the
                // poll would still read one that did not): wait for the next
                if (cursor >= recent.last && handed.length < batchSize) {
                  control.caughtUp();
                  woken = await control.wakeup.sleep(pollIntervalMs);
                }
                continue;
              }
              // woken for appends already delivered (wake-ups coalesce): nothing to read
              if (woken && cursor >= recent.last) {
                woken = await control.wakeup.sleep(pollIntervalMs);
                continue;
              }
            }
            woken = false;
            let head: number;
            let batch: RecordedEvent[];
            try {
              if (types) {
                // filtered: the head tells how far the skipped events reach
                head = await headPosition();
                batch = head > cursor && types.length !== 0 ? await readRange(cursor, head, batchSize, types) : [];
              } else {
                // unfiltered: one query; what is visible has no gaps (see the ordering note)
                batch = await readRange(cursor, undefined, batchSize, undefined);
                head = batch.at(-1)?.position ?? cursor;
              }
            } catch (error) {
              if (!control.stopped) await control.failed(error);
              continue;
            }
            for (const event of batch) {
              if (!(await control.deliver(event))) return;
              cursor = event.position;
            }
            if (batch.length < batchSize) {
              // Everything up to `head` was visible (see the ordering note above) and has been
              // delivered, or filtered out: skip past it so filtered polls stay cheap.
              cursor = Math.max(cursor, head);
              control.caughtUp();
              woken = await control.wakeup.sleep(pollIntervalMs);
            }
          }
        } finally {
          wakeups.delete(control.wakeup);
          await releaseListen();
        }
      });
      subscriptions.add(subscription);
      return {
        caughtUp: subscription.caughtUp,
        async stop() {
          subscriptions.delete(subscription);
          await subscription.stop();
        },
      };
    },

    headPosition,

    async close() {
      closed = true;
      const active = [...subscriptions];
      subscriptions.clear();
      await Promise.all(active.map((subscription) => subscription.stop()));
    },
  };
  return store;
}

function violatedConstraint(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { constraint, message } = error as { constraint?: unknown; message?: unknown };
  if (typeof constraint === 'string') return constraint;
  // PGlite may not expose the field; its message names the constraint.
  const match = typeof message === 'string' ? /constraint "([^"]+)"/.exec(message) : null;
  return match?.[1];
}

function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row.id,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    stream: row.stream,
    revision: Number(row.revision),
    position: Number(row.position),
  };
}
