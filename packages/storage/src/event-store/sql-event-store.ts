import { errorCode } from '../sql/errors';
import { assertPrefix, qualifiedName, quoteIdent } from '../sql/identifiers';
import type { SqlClient } from '../sql/sql-client';
import {
  ConcurrencyError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from './port';
import { startSubscription, type Wakeup } from './subscription-loop';
import { assertAppendArguments, assertReadAllOptions } from './validation';

/** NOTIFY channel that wakes subscribers in other processes after an append commits. */
export const EVENTS_CHANNEL = 'ats_events';

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
}

/** `close()` stops the store's subscriptions; the SqlClient belongs to the caller. */
export interface SqlEventStore extends EventStore {
  /** creates the events table if missing; idempotent, safe to run from several processes */
  migrate(): Promise<void>;
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
const INSERT_CHUNK = 1000;

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

export function createSqlEventStore(sql: SqlClient, options: SqlEventStoreOptions = {}): SqlEventStore {
  const prefix = assertPrefix(options.tablePrefix ?? '');
  const tableName = `${prefix}events`;
  const table = qualifiedName(options.schema, tableName);
  const batchSize = options.batchSize ?? 500;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  // Subscriptions of every store on this client: an append wakes them all directly. PGlite lives
  // in this process only, so that is every subscriber there is and it needs no NOTIFY.
  const wakeups = clientWakeups(sql);
  const inProcessOnly = sql.dialect === 'pglite';
  const subscriptions = new Set<Subscription>();
  let closed = false;

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
    const { rows } = await sql.query<{ head: number | string }>(`SELECT COALESCE(MAX(position), 0) AS head FROM ${table}`);
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
    const { rows } = await sql.query<EventRow>(query, params);
    return rows.map(toRecorded);
  }

  async function appendInTransaction(
    tx: SqlClient,
    stream: string,
    events: readonly NewEvent[],
    expectedRevision: ExpectedRevision,
  ): Promise<AppendResult> {
    // PGlite is one connection whose transactions already run one at a time: no lock needed there.
    if (sql.dialect !== 'pglite') {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('ats:append:' || to_regclass($1)::oid::text, 0))`, [table]);
    }

    // One round trip: the events of this batch already recorded (idempotency before the revision
    // check: a retry after a lost reply must succeed) and the stream's last event.
    const { rows } = await tx.query<{
      dupes: number | string;
      dupe_revision: number | string | null;
      dupe_position: number | string | null;
      revision: number | string | null;
      position: number | string | null;
    }>(
      `SELECT d.dupes, d.dupe_revision, d.dupe_position, l.revision, l.position
         FROM (SELECT count(*) AS dupes, max(revision) AS dupe_revision, max(position) AS dupe_position
                 FROM ${table} WHERE stream = $1 AND id = ANY($2::uuid[])) AS d
         LEFT JOIN LATERAL (SELECT revision, position FROM ${table} WHERE stream = $1 ORDER BY revision DESC LIMIT 1) AS l ON true`,
      [stream, events.map((event) => event.id)],
    );
    const found = rows[0]!;
    if (events.length > 0 && Number(found.dupes) === events.length) {
      return { nextExpectedRevision: Number(found.dupe_revision), position: Number(found.dupe_position) };
    }
    const current =
      found.revision === null ? { revision: -1, position: 0 } : { revision: Number(found.revision), position: Number(found.position) };
    if (!revisionMatches(expectedRevision, current.revision)) {
      throw new ConcurrencyError(stream, expectedRevision, current.revision);
    }
    if (events.length === 0) return { nextExpectedRevision: current.revision, position: current.position };

    let position = 0;
    for (let start = 0; start < events.length; start += INSERT_CHUNK) {
      const chunk = events.slice(start, start + INSERT_CHUNK);
      const params: unknown[] = [];
      const values = chunk.map((event, index) => {
        params.push(
          event.id,
          stream,
          current.revision + 1 + start + index,
          event.type,
          JSON.stringify(event.data ?? null),
          JSON.stringify(event.metadata),
        );
        const n = params.length;
        return `($${n - 5}::uuid, $${n - 4}, $${n - 3}, $${n - 2}, $${n - 1}::text::jsonb, $${n}::text::jsonb)`;
      });
      // Rows of a multi-row VALUES get their positions in order, so position order = revision order.
      const { rows } = await tx.query<{ position: number | string }>(
        `INSERT INTO ${table} (id, stream, revision, type, data, metadata) VALUES ${values.join(', ')} RETURNING position`,
        params,
      );
      for (const row of rows) position = Math.max(position, Number(row.position));
    }

    if (!inProcessOnly) await tx.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, String(position)]);
    await options.beforeCommit?.();
    return { nextExpectedRevision: current.revision + events.length, position };
  }

  const store: SqlEventStore = {
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
      });
    },

    async append(stream, events, { expectedRevision }) {
      assertAppendArguments(stream, events, expectedRevision);
      try {
        const result = await sql.transaction((tx) => appendInTransaction(tx, stream, events, expectedRevision));
        wakeAll();
        return result;
      } catch (error) {
        if (errorCode(error) === '23505') {
          const constraint = violatedConstraint(error);
          // Only possible if a writer bypassed the advisory lock; report it like any revision conflict.
          if (constraint === `${tableName}_stream_revision_key`) {
            throw new ConcurrencyError(stream, expectedRevision, (await lastOfStream(sql, stream)).revision);
          }
          if (constraint === `${tableName}_id_key`) {
            throw new Error(`Event ids of this batch are already recorded (in another stream, or as a partial retry): ${stream}`, {
              cause: error,
            });
          }
        }
        throw error;
      }
    },

    async readStream(stream, { fromRevision = 0 } = {}) {
      const { rows } = await sql.query<EventRow>(`SELECT ${COLUMNS} FROM ${table} WHERE stream = $1 AND revision >= $2 ORDER BY revision`, [
        stream,
        fromRevision,
      ]);
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
          while (!control.stopped) {
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
              await control.wakeup.sleep(pollIntervalMs);
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

function revisionMatches(expected: ExpectedRevision, actual: number): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return actual === -1;
  return expected === actual;
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
