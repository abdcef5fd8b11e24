import { GENESIS_HASH, chainHash } from '../audit/hash-chain';
import { verifySignature } from '../audit/signing';
import { qualifiedName, assertPrefix } from '../sql/identifiers';
import type { SqlClient } from '../sql/sql-client';
import type { RecordedEvent } from './port';
import { checkpointText, type ChainCheckpoint } from './sql-event-store';

/** Which events of the log (every field optional; all given ones must hold). */
export interface EventLogFilter {
  types?: readonly string[] | undefined;
  stream?: string | undefined;
  /** streams starting with this text, e.g. 'candidate-17' or 'application-' */
  streamPrefix?: string | undefined;
  /**
   * one job order: its own stream and every event naming it (`data.jobId`: the applications put
   * on it and moved on its board, placements, interviews, tasks), so a dispute over a job reads
   * as one list
   */
  job?: number | undefined;
  /** the actor's user id */
  actor?: string | undefined;
  /** ISO times, inclusive */
  from?: string | undefined;
  to?: string | undefined;
  correlationId?: string | undefined;
  /** free text over type, stream, actor and data (case-insensitive) */
  q?: string | undefined;
  /**
   * with `q`: data subjects (key ids, `candidate-17` / `contact-5`) a person index found for it.
   * Their names are sealed in the log, so the text cannot match them there: an event also
   * matches when its data is sealed with one of these keys or it is on the subject's stream.
   */
  subjects?: readonly string[] | undefined;
}

export interface EventLogPage extends EventLogFilter {
  order: 'asc' | 'desc';
  /** exclusive position bounds */
  after?: number | undefined;
  before?: number | undefined;
  limit: number;
}

export interface ChainedEvent extends RecordedEvent {
  hash: string | null;
  prevHash: string | null;
}

export interface VerifyProgress {
  checked: number;
  total: number;
  position: number;
}

export interface VerifyResult {
  ok: boolean;
  checked: number;
  headPosition: number;
  headHash: string | null;
  firstBrokenAt: number | null;
  /** why the chain breaks there */
  reason: string | null;
  /** the newest signed checkpoint at or below the head, checked against the recomputed chain */
  checkpoint: { position: number; at: string; signatureValid: boolean; matches: boolean } | null;
  ms: number;
}

export interface SqlAuditLog {
  /** one page of the filtered log, and the cursor (position) for the next page in the same order */
  page(options: EventLogPage): Promise<{ events: ChainedEvent[]; next: number | null }>;
  /** every matching event in position order, in batches (constant memory) */
  stream(filter: EventLogFilter, options?: { batchSize?: number; upTo?: number }): AsyncGenerator<ChainedEvent[]>;
  /** the newest event's position and hash (0 and the genesis hash when the log is empty) */
  head(): Promise<{ headPosition: number; headHash: string | null }>;
  /** recomputes the whole chain; yields to the event loop between batches */
  verify(options?: { publicKeyPem?: string; onProgress?: (progress: VerifyProgress) => void; batchSize?: number }): Promise<VerifyResult>;
  latestCheckpoint(): Promise<ChainCheckpoint | null>;
}

interface ChainRow {
  position: number | string;
  id: string;
  stream: string;
  revision: number | string;
  type: string;
  data: unknown;
  metadata: RecordedEvent['metadata'];
  hash: string | null;
  prev_hash: string | null;
}

const COLUMNS = 'position, id, stream, revision, type, data, metadata, hash, prev_hash';
/** a row as batchRows reads it: a JSON array in this order (no member names repeated per row) */
type ChainTuple = [number, string | null, string, number, string, unknown, RecordedEvent['metadata'], string | null, string | null];
const fromTuple = (t: ChainTuple): ChainedEvent => ({
  position: Number(t[0]),
  id: t[1] ?? '',
  stream: t[2],
  revision: Number(t[3]),
  type: t[4],
  data: t[5],
  metadata: t[6],
  hash: t[7],
  prevHash: t[8],
});
/** a free-text search reads at most this many candidate rows per page (it cannot use an index) */
export const FREE_TEXT_WINDOW = 5_000;

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

function toChained(row: ChainRow): ChainedEvent {
  return {
    position: Number(row.position),
    id: row.id,
    stream: row.stream,
    revision: Number(row.revision),
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    hash: row.hash,
    prevHash: row.prev_hash,
  };
}

/** Reads over the SQL events table for auditors: filtered pages, streaming, chain verification. */
export function createSqlAuditLog(sql: SqlClient, options: { schema?: string; tablePrefix?: string } = {}): SqlAuditLog {
  const prefix = assertPrefix(options.tablePrefix ?? '');
  const table = qualifiedName(options.schema, `${prefix}events`);
  const checkpoints = qualifiedName(options.schema, `${prefix}event_checkpoints`);

  /** WHERE clauses (without q) for a filter; pushes params */
  function where(filter: EventLogFilter, params: unknown[]): string[] {
    const clauses: string[] = [];
    const add = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    if (filter.types && filter.types.length > 0) clauses.push(`type = ANY(${add([...filter.types])}::text[])`);
    if (filter.stream) clauses.push(`stream = ${add(filter.stream)}`);
    if (filter.streamPrefix) clauses.push(`stream LIKE ${add(likeEscape(filter.streamPrefix) + '%')}`);
    if (filter.job !== undefined) {
      const id = add(String(filter.job));
      clauses.push(`(stream = 'job-' || ${id} OR data->>'jobId' = ${id})`);
    }
    if (filter.actor) clauses.push(`metadata->'actor'->>'id' = ${add(filter.actor)}`);
    if (filter.correlationId) clauses.push(`metadata->>'correlationId' = ${add(filter.correlationId)}`);
    if (filter.from) clauses.push(`metadata->>'occurredAt' >= ${add(new Date(filter.from).toISOString())}`);
    if (filter.to) clauses.push(`metadata->>'occurredAt' <= ${add(new Date(filter.to).toISOString())}`);
    return clauses;
  }
  const textClause = (q: string, params: unknown[], subjects: readonly string[] = []) => {
    params.push(`%${likeEscape(q)}%`);
    const text = `(type || ' ' || stream || ' ' || (metadata->'actor')::text || ' ' || data::text) ILIKE $${params.length}`;
    if (subjects.length === 0) return text;
    params.push([...subjects]);
    const list = `$${params.length}::text[]`;
    return `(${text} OR data->'_pii'->>'kid' = ANY(${list}) OR stream = ANY(${list}))`;
  };

  /**
   * A batch of rows as one JSON text (json_agg of one array per row): far fewer values cross the
   * driver (PGlite's per-value cost dominates long scans), parsed once, and arrays parse faster
   * than objects that repeat every member name. Numbers and strings come out as the per-column
   * read gives them, so hashes are computed over the same values. `withId: false` (verification)
   * leaves out the event id, which the hash does not cover.
   */
  async function batchRows(whereSql: string, params: unknown[], limit: number, withId = true): Promise<ChainedEvent[]> {
    params.push(limit);
    const { rows } = await sql.query<{ batch: string | null }>(
      `SELECT json_agg(json_build_array(position, ${withId ? 'id' : 'NULL'}, stream, revision, type, data, metadata, hash, prev_hash)
                       ORDER BY position)::text AS batch
         FROM (SELECT ${COLUMNS} FROM ${table} WHERE ${whereSql} ORDER BY position LIMIT $${params.length}) AS e`,
      params,
    );
    return rows[0]?.batch ? (JSON.parse(rows[0].batch) as ChainTuple[]).map(fromTuple) : [];
  }

  async function* stream(
    filter: EventLogFilter,
    { batchSize = 2_000, upTo }: { batchSize?: number; upTo?: number } = {},
  ): AsyncGenerator<ChainedEvent[]> {
    const read = (after: number) => {
      const params: unknown[] = [after];
      const clauses = ['position > $1', ...where(filter, params)];
      if (upTo !== undefined) clauses.push(`position <= ${(params.push(upTo), `$${params.length}`)}`);
      if (filter.q) clauses.push(textClause(filter.q, params, filter.subjects));
      return batchRows(clauses.join(' AND '), params, batchSize);
    };
    // the next batch is read while the consumer handles this one (a server store works meanwhile)
    let pending: Promise<ChainedEvent[]> | null = read(0);
    try {
      while (pending) {
        const events: ChainedEvent[] = await pending;
        pending = events.length === batchSize ? read(events[events.length - 1]!.position) : null;
        if (events.length > 0) yield events;
      }
    } finally {
      // a consumer that stops early leaves a read in flight: let it settle quietly
      void (pending as Promise<ChainedEvent[]> | null)?.catch(() => []);
    }
  }

  async function latestCheckpoint(upTo?: number): Promise<ChainCheckpoint | null> {
    const { rows } = await sql.query<{ position: number | string; head_hash: string; at: string; public_key: string; signature: string }>(
      `SELECT position, head_hash, at, public_key, signature FROM ${checkpoints}
        ${upTo === undefined ? '' : 'WHERE position <= $1'} ORDER BY position DESC LIMIT 1`,
      upTo === undefined ? [] : [upTo],
    );
    const row = rows[0];
    return row
      ? { position: Number(row.position), headHash: row.head_hash, at: row.at, publicKey: row.public_key, signature: row.signature }
      : null;
  }

  return {
    async page({ order, after, before, limit, ...filter }) {
      const params: unknown[] = [];
      const clauses = where(filter, params);
      if (after !== undefined) clauses.push(`position > ${(params.push(after), `$${params.length}`)}`);
      if (before !== undefined) clauses.push(`position < ${(params.push(before), `$${params.length}`)}`);
      const dir = order === 'desc' ? 'DESC' : 'ASC';
      const whereSql = clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '';
      if (!filter.q) {
        params.push(limit);
        const { rows } = await sql.query<ChainRow>(
          `SELECT ${COLUMNS} FROM ${table} ${whereSql} ORDER BY position ${dir} LIMIT $${params.length}`,
          params,
        );
        const events = rows.map(toChained);
        return { events, next: events.length === limit ? events[events.length - 1]!.position : null };
      }
      // free text: match within a bounded window of the other filters' rows; the cursor moves
      // past the whole window, so the next page goes on where this one stopped looking
      params.push(FREE_TEXT_WINDOW);
      const windowParam = `$${params.length}`;
      const text = textClause(filter.q, params, filter.subjects);
      params.push(limit);
      const { rows } = await sql.query<ChainRow & { scanned: number | string; scan_end: number | string | null }>(
        `WITH scan AS (SELECT ${COLUMNS} FROM ${table} ${whereSql} ORDER BY position ${dir} LIMIT ${windowParam}),
              hits AS (SELECT * FROM scan WHERE ${text} ORDER BY position ${dir} LIMIT $${params.length})
         SELECT hits.*, (SELECT count(*) FROM scan) AS scanned, (SELECT ${order === 'desc' ? 'min' : 'max'}(position) FROM scan) AS scan_end
           FROM (SELECT 1) AS one LEFT JOIN hits ON true ORDER BY hits.position ${dir}`,
        params,
      );
      const events = rows.filter((row) => row.position !== null).map(toChained);
      const scanned = Number(rows[0]?.scanned ?? 0);
      if (events.length === limit) return { events, next: events[events.length - 1]!.position };
      return { events, next: scanned === FREE_TEXT_WINDOW && rows[0]?.scan_end != null ? Number(rows[0].scan_end) : null };
    },

    stream,

    async head() {
      const { rows } = await sql.query<{ position: number | string; hash: string | null }>(
        `SELECT position, hash FROM ${table} ORDER BY position DESC LIMIT 1`,
      );
      const row = rows[0];
      return row ? { headPosition: Number(row.position), headHash: row.hash } : { headPosition: 0, headHash: GENESIS_HASH };
    },

    async verify({ publicKeyPem, onProgress, batchSize = 2_000 } = {}) {
      const started = Date.now();
      const { rows: heads } = await sql.query<{ head: number | string | null; total: number | string }>(
        `SELECT max(position) AS head, count(*) AS total FROM ${table}`,
      );
      const total = Number(heads[0]?.total ?? 0);
      const head = Number(heads[0]?.head ?? 0);
      const checkpoint = await latestCheckpoint(head);
      let prevHash = GENESIS_HASH;
      let checked = 0;
      let lastPosition = 0;
      let broken: { at: number; reason: string } | null = null;
      let atCheckpoint: string | null = null;
      // the next batch is read while this one is hashed (a server store works meanwhile)
      // batches of a few thousand: each batch's rows die young (a cheap scavenge, not a full GC)
      const read = (after: number) => batchRows('position > $1', [after], batchSize, false);
      let pending: Promise<ChainedEvent[]> | null = read(0);
      outer: while (pending) {
        const events: ChainedEvent[] = await pending;
        pending = events.length === batchSize ? read(events[events.length - 1]!.position) : null;
        for (const event of events) {
          const expected = chainHash(prevHash, event);
          if (event.hash === null) broken = { at: event.position, reason: 'the event has no hash' };
          else if (event.prevHash !== prevHash)
            broken = { at: event.position, reason: 'the previous hash it names is not the hash of the event before it' };
          else if (event.hash !== expected) broken = { at: event.position, reason: 'its content does not match its hash' };
          if (broken) break outer;
          prevHash = expected;
          lastPosition = event.position;
          checked += 1;
          if (checkpoint && event.position === checkpoint.position) atCheckpoint = expected;
        }
        onProgress?.({ checked, total, position: lastPosition });
        // long verifications must not hold the event loop: let requests in between batches
        await yieldToLoop();
      }
      await (pending as Promise<ChainedEvent[]> | null)?.catch(() => []);
      let checkpointResult: VerifyResult['checkpoint'] = null;
      if (checkpoint) {
        const signatureValid =
          (publicKeyPem === undefined || publicKeyPem.trim() === checkpoint.publicKey.trim()) &&
          verifySignature(checkpoint.publicKey, checkpointText(checkpoint), checkpoint.signature);
        const matches = broken ? checkpoint.position < broken.at : atCheckpoint === checkpoint.headHash;
        checkpointResult = { position: checkpoint.position, at: checkpoint.at, signatureValid, matches };
        // a chain rewritten wholesale (every hash recomputed) still links: the signed checkpoint catches it
        if (!broken && !matches)
          broken = { at: checkpoint.position, reason: 'the chain differs from the signed checkpoint at this position' };
      }
      return {
        ok: broken === null && (checkpointResult?.signatureValid ?? true),
        checked,
        headPosition: broken ? lastPosition : head,
        headHash: total === 0 ? GENESIS_HASH : broken ? (checked > 0 ? prevHash : null) : prevHash,
        firstBrokenAt: broken?.at ?? null,
        reason: broken?.reason ?? (checkpointResult && !checkpointResult.signatureValid ? 'the checkpoint signature is not valid' : null),
        checkpoint: checkpointResult,
        ms: Date.now() - started,
      };
    },

    latestCheckpoint: () => latestCheckpoint(),
  };
}
