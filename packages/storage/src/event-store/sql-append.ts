import type { SqlClient } from '../sql/sql-client';
import { ConcurrencyError, type AppendResult, type ExpectedRevision, type NewEvent, type StreamAppend } from './port';
import { GENESIS_HASH, chainHash } from '../audit/hash-chain';
import type { LogSigner } from '../audit/signing';
import { createGroupCommit } from './group-commit';
import { insertChainCheckpoint } from './chain-checkpoint';

/** NOTIFY channel that wakes subscribers in other processes after an append commits. */
export const EVENTS_CHANNEL = 'ats_events';

/** The append lock of one events table (PostgreSQL: commit order = position order). */
export const appendLockSql = `SELECT pg_advisory_xact_lock(hashtextextended('ats:append:' || to_regclass($1)::oid::text, 0))`;

const INSERT_CHUNK = 1000;
/** appends committed together at most (group commit, PostgreSQL) */
const MAX_GROUP = 64;

export interface SqlAppenderOptions {
  /** the events table, qualified and quoted */
  table: string;
  /** the checkpoints table, qualified and quoted */
  checkpointsTable: string;
  /** PGlite: one process, no advisory lock and no NOTIFY */
  inProcessOnly: boolean;
  signer?: LogSigner | undefined;
  checkpointEvery: number;
  beforeCommit?: (() => Promise<void>) | undefined;
}

/** The log's head as this process last wrote or read it under the append lock. */
interface Head {
  position: number;
  hash: string;
}

type Row = { stream: string; revision: number; event: NewEvent; position: number };

/**
 * An event as this process wrote it: its columns, data and metadata as the JSON text sent to the
 * store (what a read of it would parse). The embedded store hands these to its own subscriptions
 * (see sql-event-store) so they need not read back what was just appended.
 */
export interface WrittenEvent {
  position: number;
  id: string;
  stream: string;
  revision: number;
  type: string;
  data: string;
  metadata: string;
}

/**
 * The append path of the SQL event store: idempotency, the expected-revision check, positions,
 * the hash chain and the insert.
 *
 * The fast path (one stream, a numeric or `no_stream` expected revision) is ONE statement: it
 * remembers the log's head (position and hash) from the previous append, computes the new
 * events' positions and hashes from it, and the statement inserts them only if the head, the
 * stream's revision and the absence of these event ids are what was assumed (and moves the
 * position sequence past them). On PGlite that statement is the whole transaction; on
 * PostgreSQL it runs after the append lock, with the NOTIFY folded in. When an assumption fails
 * (another process appended, a retry of recorded events), the statement writes nothing and
 * reports what it found: a revision mismatch is the usual ConcurrencyError, anything else goes
 * the general way (three lookups, then the insert), which also learns the head again.
 */
export function createSqlAppender(sql: SqlClient, options: SqlAppenderOptions) {
  const { table, checkpointsTable, inProcessOnly, checkpointEvery } = options;
  let head: Head | null = null;
  // the position sequence, resolved once (the fast path moves it past the positions it writes)
  let sequence: Promise<string> | null = null;
  const sequenceName = () =>
    (sequence ??= sql
      .query<{ seq: string }>(`SELECT pg_get_serial_sequence($1, 'position') AS seq`, [table])
      .then(({ rows }) => rows[0]!.seq)
      .catch((error: unknown) => {
        sequence = null;
        throw error;
      }));

  const insertCheckpoint = (client: SqlClient, position: number, headHash: string, signer: LogSigner) =>
    insertChainCheckpoint(client, checkpointsTable, position, headHash, signer);

  const checkpointDue = (before: number, after: number) =>
    options.signer !== undefined && Math.floor(after / checkpointEvery) > Math.floor(before / checkpointEvery);

  /** The VALUES rows and parameters of events chained from `prevHash` (null: the log is not chained yet). */
  function chainedValues(
    rows: readonly Row[],
    prevHash: string | null,
    params: unknown[],
  ): { values: string[]; lastHash: string | null; written: WrittenEvent[] } {
    let hash = prevHash;
    const written: WrittenEvent[] = [];
    const values = rows.map(({ stream, revision, event, position }) => {
      const data = event.data ?? null;
      const previous = hash;
      hash =
        previous === null ? null : chainHash(previous, { position, stream, revision, type: event.type, data, metadata: event.metadata });
      const dataJson = JSON.stringify(data);
      const metadataJson = JSON.stringify(event.metadata);
      written.push({ position, id: event.id, stream, revision, type: event.type, data: dataJson, metadata: metadataJson });
      params.push(position, event.id, stream, revision, event.type, dataJson, metadataJson, hash, previous);
      const n = params.length;
      return `($${n - 8}::bigint, $${n - 7}::uuid, $${n - 6}::text, $${n - 5}::int, $${n - 4}::text, $${n - 3}::text::jsonb, $${n - 2}::text::jsonb, $${n - 1}::text, $${n}::text)`;
    });
    return { values, lastHash: hash, written };
  }

  /**
   * Inserts events at their positions and revisions, chained from the log's head. An empty log
   * (headPosition null) starts from the genesis hash; a log not chained yet (the start-up
   * migration is still running) stays unhashed and the migration chains these events too. Signs
   * a checkpoint when one falls due. Returns the last position and its hash.
   */
  async function writeEvents(
    tx: SqlClient,
    rows: readonly Row[],
    headPosition: number | null,
    headHash: string | null,
    sink: WrittenEvent[] | null,
  ): Promise<{ position: number; hash: string | null }> {
    let prevHash: string | null = headPosition === null ? GENESIS_HASH : headHash;
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      const params: unknown[] = [];
      const { values, lastHash, written } = chainedValues(rows.slice(start, start + INSERT_CHUNK), prevHash, params);
      await tx.query(
        `INSERT INTO ${table} (position, id, stream, revision, type, data, metadata, hash, prev_hash) VALUES ${values.join(', ')}`,
        params,
      );
      if (sink) for (const event of written) sink.push(event);
      prevHash = lastHash;
    }
    const position = rows.at(-1)?.position ?? headPosition ?? 0;
    if (options.signer && prevHash !== null && checkpointDue(headPosition ?? 0, position)) {
      await insertCheckpoint(tx, position, prevHash, options.signer);
    }
    return { position, hash: prevHash };
  }

  /** Remembers the head written or seen under the lock (null hash: not chained yet, nothing to remember). */
  function learnHead(position: number | null, hash: string | null) {
    head = position === null ? { position: 0, hash: GENESIS_HASH } : hash === null ? null : { position, hash };
  }

  /**
   * Several streams in one go (appendMany): the recorded ones among these event ids, each
   * stream's last revision, the log's head and the new positions in one query, then one
   * write. Same rules as one append, stream by stream.
   */
  async function appendManyInTransaction(
    tx: SqlClient,
    appends: readonly StreamAppend[],
    sink: WrittenEvent[] | null,
  ): Promise<AppendResult[]> {
    const streams = appends.map((a) => a.stream);
    const ids = appends.flatMap((a) => a.events.map((e) => e.id));
    // one round trip: the recorded ones among these event ids, each stream's last event, the
    // log's head and the new positions (taken under the append lock, so above every committed one)
    const { rows: lookups } = await tx.query<{
      dupes: Array<{ stream: string; n: number | string; revision: number | string; position: number | string }> | null;
      lasts: Array<{ stream: string; revision: number | string; position: number | string }> | null;
      head_position: number | string | null;
      head_hash: string | null;
      positions: (number | string)[];
    }>(
      `SELECT (SELECT json_agg(d) FROM (SELECT stream, count(*) AS n, max(revision) AS revision, max(position) AS position
                                          FROM ${table} WHERE id = ANY($1::uuid[]) GROUP BY stream) AS d) AS dupes,
              (SELECT json_agg(l) FROM (SELECT DISTINCT ON (stream) stream, revision, position
                                          FROM ${table} WHERE stream = ANY($2::text[]) ORDER BY stream, revision DESC) AS l) AS lasts,
              h.position AS head_position, h.hash AS head_hash,
              ARRAY(SELECT nextval(pg_get_serial_sequence($3, 'position')) FROM generate_series(1, $4::int)) AS positions
         FROM (SELECT 1) AS one LEFT JOIN LATERAL (SELECT position, hash FROM ${table} ORDER BY position DESC LIMIT 1) AS h ON true`,
      [ids, streams, table, ids.length],
    );
    const found = lookups[0]!;
    const dupes = found.dupes ?? [];
    const lasts = found.lasts ?? [];
    const dupeOf = new Map(dupes.map((d) => [d.stream, d]));
    const lastOf = new Map(lasts.map((l) => [l.stream, { revision: Number(l.revision), position: Number(l.position) }]));
    const headPosition = found.head_position === null ? null : Number(found.head_position);
    learnHead(headPosition, found.head_hash);
    const positions = found.positions.map(Number).sort((a, b) => a - b);
    const rows: Row[] = [];
    const results: AppendResult[] = [];
    for (const { stream, events, expectedRevision } of appends) {
      const dupe = dupeOf.get(stream);
      if (events.length > 0 && dupe && Number(dupe.n) === events.length) {
        results.push({ nextExpectedRevision: Number(dupe.revision), position: Number(dupe.position) });
        continue;
      }
      const current = lastOf.get(stream) ?? { revision: -1, position: 0 };
      if (!revisionMatches(expectedRevision, current.revision)) throw new ConcurrencyError(stream, expectedRevision, current.revision);
      events.forEach((event, i) => rows.push({ stream, revision: current.revision + 1 + i, event, position: positions[rows.length]! }));
      results.push({
        nextExpectedRevision: current.revision + events.length,
        position: events.length ? rows.at(-1)!.position : current.position,
      });
    }
    if (rows.length > 0) {
      const written = await writeEvents(tx, rows, headPosition, found.head_hash, sink);
      learnHead(written.position, written.hash);
    }
    return results;
  }

  /** One stream's append, the general way, under the append lock taken by the caller. */
  async function appendInTransaction(
    tx: SqlClient,
    stream: string,
    events: readonly NewEvent[],
    expectedRevision: ExpectedRevision,
    sink: WrittenEvent[] | null,
  ): Promise<AppendResult> {
    // One round trip: the events of this batch already recorded (idempotency before the revision
    // check: a retry after a lost reply must succeed) and the stream's last event.
    const { rows } = await tx.query<{
      dupes: number | string;
      dupe_revision: number | string | null;
      dupe_position: number | string | null;
      revision: number | string | null;
      position: number | string | null;
      head_position: number | string | null;
      head_hash: string | null;
      positions: (number | string)[];
    }>(
      // the log's head (its hash is what the first new event chains from) and the new positions:
      // taken under the append lock, so they are above every committed one and in order
      `SELECT d.dupes, d.dupe_revision, d.dupe_position, l.revision, l.position, h.position AS head_position, h.hash AS head_hash,
              ARRAY(SELECT nextval(pg_get_serial_sequence($3, 'position')) FROM generate_series(1, $4::int)) AS positions
         FROM (SELECT count(*) AS dupes, max(revision) AS dupe_revision, max(position) AS dupe_position
                 FROM ${table} WHERE stream = $1 AND id = ANY($2::uuid[])) AS d
         LEFT JOIN LATERAL (SELECT revision, position FROM ${table} WHERE stream = $1 ORDER BY revision DESC LIMIT 1) AS l ON true
         LEFT JOIN LATERAL (SELECT position, hash FROM ${table} ORDER BY position DESC LIMIT 1) AS h ON true`,
      [stream, events.map((event) => event.id), table, events.length],
    );
    const found = rows[0]!;
    const headPosition = found.head_position === null ? null : Number(found.head_position);
    learnHead(headPosition, found.head_hash);
    if (events.length > 0 && Number(found.dupes) === events.length) {
      return { nextExpectedRevision: Number(found.dupe_revision), position: Number(found.dupe_position) };
    }
    const current =
      found.revision === null ? { revision: -1, position: 0 } : { revision: Number(found.revision), position: Number(found.position) };
    if (!revisionMatches(expectedRevision, current.revision)) {
      throw new ConcurrencyError(stream, expectedRevision, current.revision);
    }
    if (events.length === 0) return { nextExpectedRevision: current.revision, position: current.position };

    const positions = found.positions.map(Number).sort((a, b) => a - b);
    const rowsToWrite = events.map((event, i) => ({ stream, revision: current.revision + 1 + i, event, position: positions[i]! }));
    const written = await writeEvents(tx, rowsToWrite, headPosition, found.head_hash, sink);
    learnHead(written.position, written.hash);
    return { nextExpectedRevision: current.revision + events.length, position: written.position };
  }

  /**
   * The one-statement append (see above). Returns null when it wrote nothing and the general
   * way must decide (the head moved, some of these ids are recorded). Needs the remembered head.
   */
  async function appendFast(
    client: SqlClient,
    known: Head,
    stream: string,
    events: readonly NewEvent[],
    expected: number,
    sink: WrittenEvent[] | null,
  ): Promise<AppendResult | null> {
    const seq = await sequenceName();
    const rows = events.map((event, i) => ({ stream, revision: expected + 1 + i, event, position: known.position + 1 + i }));
    const last = rows.at(-1)!.position;
    const params: unknown[] = [stream, events.map((e) => e.id), known.position, known.hash, expected, last, seq, GENESIS_HASH];
    const notify = inProcessOnly ? '' : `, (SELECT count(pg_notify('${EVENTS_CHANNEL}', $6::bigint::text)) FROM ok) AS notified`;
    const { values, lastHash, written } = chainedValues(rows, known.hash, params);
    const { rows: found } = await client.query<{
      dupes: number | string;
      dupe_revision: number | string | null;
      dupe_position: number | string | null;
      revision: number | string | null;
      head_position: number | string | null;
      head_hash: string | null;
      inserted: number | string;
    }>(
      `WITH h AS (SELECT position, hash FROM ${table} ORDER BY position DESC LIMIT 1),
            l AS (SELECT revision FROM ${table} WHERE stream = $1 ORDER BY revision DESC LIMIT 1),
            d AS (SELECT count(*) AS dupes, max(revision) AS dupe_revision, max(position) AS dupe_position
                    FROM ${table} WHERE stream = $1 AND id = ANY($2::uuid[])),
            ok AS (SELECT 1 AS ok FROM d
                    WHERE d.dupes = 0
                      AND COALESCE((SELECT position FROM h), 0) = $3::bigint
                      AND COALESCE((SELECT hash FROM h), $8::text) = $4::text
                      AND COALESCE((SELECT revision FROM l), -1) = $5::int),
            ins AS (INSERT INTO ${table} (position, id, stream, revision, type, data, metadata, hash, prev_hash)
                    SELECT v.* FROM (VALUES ${values.join(', ')}) AS v, ok RETURNING position),
            s AS (SELECT setval($7::text::regclass, GREATEST($6::bigint, (SELECT last_value FROM ${seq}))) FROM ok)
       SELECT d.dupes, d.dupe_revision, d.dupe_position, (SELECT revision FROM l) AS revision, (SELECT position FROM h) AS head_position,
              (SELECT hash FROM h) AS head_hash, (SELECT count(*) FROM ins) AS inserted, (SELECT count(*) FROM s) AS moved${notify}
         FROM d`,
      params,
      { prepare: true },
    );
    const result = found[0]!;
    if (Number(result.inserted) === events.length) {
      head = { position: last, hash: lastHash! };
      if (sink) for (const event of written) sink.push(event);
      return { nextExpectedRevision: expected + events.length, position: last };
    }
    // nothing written: the head and the stream as they are (read under the lock, or on PGlite's one connection)
    learnHead(result.head_position === null ? null : Number(result.head_position), result.head_hash);
    const dupes = Number(result.dupes);
    // a retry of events already recorded: their original result
    if (dupes === events.length) return { nextExpectedRevision: Number(result.dupe_revision), position: Number(result.dupe_position) };
    const current = result.revision === null ? -1 : Number(result.revision);
    if (dupes === 0 && current !== expected) throw new ConcurrencyError(stream, expected === -1 ? 'no_stream' : expected, current);
    // the head had moved (it is learned now), or part of the batch is recorded: the general way decides
    return null;
  }

  /**
   * Several streams in ONE statement (PGlite, see appendAll): the positions and the hash chain
   * computed from the remembered head before the statement, which inserts every event only if
   * the head is still that, none of these ids is recorded and each stream's last revision is
   * the expected one. Null when it wrote nothing: the general way (appendManyInTransaction)
   * then decides and reports, and learns the head again. An import's batch is one statement
   * to the event store instead of two (the lookups, then the insert), and its hashing is done
   * before the store is asked, not while a transaction holds the one connection.
   */
  async function appendManyFast(
    client: SqlClient,
    known: Head,
    appends: readonly StreamAppend[],
    sink: WrittenEvent[] | null,
  ): Promise<AppendResult[] | null> {
    const seq = await sequenceName();
    const rows: Row[] = [];
    const results: AppendResult[] = [];
    const streams: string[] = [];
    const expectedRevisions: number[] = [];
    for (const { stream, events, expectedRevision } of appends) {
      const expected = expectedRevision === 'no_stream' ? -1 : (expectedRevision as number);
      events.forEach((event, i) => rows.push({ stream, revision: expected + 1 + i, event, position: known.position + rows.length + 1 }));
      streams.push(stream);
      expectedRevisions.push(expected);
      results.push({ nextExpectedRevision: expected + events.length, position: rows.at(-1)!.position });
    }
    const last = rows.at(-1)!.position;
    const ids = rows.map((r) => r.event.id);
    const params: unknown[] = [streams, expectedRevisions, ids, known.position, known.hash, last, seq, GENESIS_HASH];
    const { values, lastHash, written } = chainedValues(rows, known.hash, params);
    const { rows: found } = await client.query<{ inserted: number | string }>(
      `WITH h AS (SELECT position, hash FROM ${table} ORDER BY position DESC LIMIT 1),
            l AS (SELECT x.expected, (SELECT e.revision FROM ${table} e WHERE e.stream = x.stream ORDER BY e.revision DESC LIMIT 1) AS revision
                    FROM unnest($1::text[], $2::int[]) AS x(stream, expected)),
            ok AS (SELECT 1 AS ok
                    WHERE NOT EXISTS (SELECT 1 FROM ${table} WHERE id = ANY($3::uuid[]))
                      AND NOT EXISTS (SELECT 1 FROM l WHERE COALESCE(l.revision, -1) <> l.expected)
                      AND COALESCE((SELECT position FROM h), 0) = $4::bigint
                      AND COALESCE((SELECT hash FROM h), $8::text) = $5::text),
            ins AS (INSERT INTO ${table} (position, id, stream, revision, type, data, metadata, hash, prev_hash)
                    SELECT v.* FROM (VALUES ${values.join(', ')}) AS v, ok RETURNING position),
            s AS (SELECT setval($7::text::regclass, GREATEST($6::bigint, (SELECT last_value FROM ${seq}))) FROM ok)
       SELECT (SELECT count(*) FROM ins) AS inserted, (SELECT count(*) FROM s) AS moved`,
      params,
    );
    if (Number(found[0]!.inserted) !== rows.length) return null;
    head = { position: last, hash: lastHash! };
    if (sink) for (const event of written) sink.push(event);
    return results;
  }

  /** Whether these appends may take the one-statement way of several streams (see appendManyFast). */
  function fastManyHead(appends: readonly StreamAppend[]): Head | null {
    if (appends.length < 2 || head === null) return null;
    let events = 0;
    for (const a of appends) {
      if (a.events.length === 0 || a.expectedRevision === 'any') return null;
      events += a.events.length;
    }
    if (events > INSERT_CHUNK || checkpointDue(head.position, head.position + events)) return null;
    return head;
  }

  /** Whether this append may take the one-statement way: one stream, events, a known revision and head, no checkpoint due. */
  function fastHead(appends: readonly StreamAppend[]): { head: Head; expected: number } | null {
    if (appends.length !== 1 || head === null) return null;
    const { events, expectedRevision } = appends[0]!;
    if (events.length === 0 || expectedRevision === 'any') return null;
    if (checkpointDue(head.position, head.position + events.length)) return null;
    return { head, expected: expectedRevision === 'no_stream' ? -1 : expectedRevision };
  }

  /** Appends to the streams inside the caller's transaction, under the append lock it holds: the chain walked on. */
  async function appendInLockedTransaction(
    tx: SqlClient,
    appends: readonly StreamAppend[],
    sink: WrittenEvent[] | null,
  ): Promise<AppendResult[]> {
    // read after the lock: an append of this process that committed just before wrote it then
    const fast = fastHead(appends);
    if (fast) {
      const { stream, events } = appends[0]!;
      const done = await appendFast(tx, fast.head, stream, events, fast.expected, sink);
      if (done) return [done];
    }
    const [one] = appends;
    const results =
      appends.length === 1
        ? [await appendInTransaction(tx, one!.stream, one!.events, one!.expectedRevision, sink)]
        : await appendManyInTransaction(tx, appends, sink);
    const last = Math.max(0, ...results.map((r) => r.position));
    if (!inProcessOnly) await tx.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, String(last)]);
    return results;
  }

  /** One append (all or nothing) in its own transaction. */
  async function appendAlone(appends: readonly StreamAppend[], sink: WrittenEvent[] | null = null): Promise<AppendResult[]> {
    const from = sink?.length ?? 0;
    try {
      return await sql.transaction(async (tx) => {
        // PGlite is one connection whose transactions already run one at a time: no lock needed there.
        if (!inProcessOnly) await tx.query(appendLockSql, [table]);
        const results = await appendInLockedTransaction(tx, appends, sink);
        await options.beforeCommit?.();
        return results;
      });
    } catch (error) {
      // nothing of it was committed
      if (sink) sink.length = from;
      // the transaction may not have committed what the remembered head says (a revision
      // conflict is found before anything is written: the head learned then stands)
      if (!(error instanceof ConcurrencyError)) head = null;
      throw error;
    }
  }

  // Group commit (PostgreSQL). The append lock is held from the first statement to the commit,
  // fsync included, so appends of one process that arrive while a transaction is under way wait
  // here and then go in the next transaction together: one lock, one commit, each append still
  // with its own checks (a revision conflict refuses that append alone; nothing of it is written,
  // so the others commit). If one of them breaks the transaction (an SQL error), each is tried
  // again alone, so only that one fails. Commit order is still position order: one writer at a
  // time holds the lock, and a group commits at once.
  const appendGrouped = createGroupCommit<readonly StreamAppend[], AppendResult[]>({
    max: MAX_GROUP,
    alone: appendAlone,
    async together(group) {
      const outcomes: Array<{ result: AppendResult[] } | { refused: unknown }> = [];
      await sql.transaction(async (tx) => {
        await tx.query(appendLockSql, [table]);
        for (const appends of group) {
          try {
            outcomes.push({ result: await appendInLockedTransaction(tx, appends, null) });
          } catch (error) {
            // refused before anything was written: the transaction goes on for the others
            if (!(error instanceof ConcurrencyError)) throw error;
            outcomes.push({ refused: error });
          }
        }
        await options.beforeCommit?.();
      });
      return outcomes;
    },
    broken: () => (head = null),
  });

  return {
    /**
     * Appends (all or nothing). On PGlite a fast-path append (one stream, or several: see
     * appendManyFast) is one statement, its own transaction; on PostgreSQL appends commit in
     * groups (see above). `sink` (PGlite only): receives the events written, once committed.
     */
    async appendAll(appends: readonly StreamAppend[], sink: WrittenEvent[] | null = null): Promise<AppendResult[]> {
      if (inProcessOnly) {
        if (!options.beforeCommit) {
          const fast = fastHead(appends);
          if (fast) {
            const { stream, events } = appends[0]!;
            try {
              const done = await appendFast(sql, fast.head, stream, events, fast.expected, sink);
              if (done) return [done];
            } catch (error) {
              if (!(error instanceof ConcurrencyError)) head = null;
              throw error;
            }
          }
          const known = fastManyHead(appends);
          if (known) {
            try {
              const done = await appendManyFast(sql, known, appends, sink);
              if (done) return done;
            } catch (error) {
              head = null;
              throw error;
            }
          }
        }
        return appendAlone(appends, sink);
      }
      return appendGrouped(appends);
    },
    insertCheckpoint,
  };
}

export function revisionMatches(expected: ExpectedRevision, actual: number): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return actual === -1;
  return expected === actual;
}
