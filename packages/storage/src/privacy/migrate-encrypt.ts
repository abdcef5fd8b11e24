import { LOG_MIGRATION_STREAM, encodeEvent } from '@ats/events';
import { toCandidateEmailStreamId } from '@ats/events/node';
import { createSqlAuditLog } from '../event-store/sql-audit-log';
import { createSqlEventStore } from '../event-store/sql-event-store';
import type { EventStore, NewEvent, RecordedEvent } from '../event-store/port';
import type { SqlClient } from '../sql/sql-client';

export interface MigrateProgress {
  /** old events copied so far (this run and earlier ones) */
  done: number;
  total: number;
  /** the old log's position reached */
  position: number;
}

export interface MigrateEncryptOptions {
  /** the old (plaintext) store */
  source: SqlClient;
  /** the new store: a sealing event store (openStorage's) and its SQL client for the progress row */
  target: { eventStore: EventStore; sql: SqlClient };
  batchSize?: number;
  onProgress?: (progress: MigrateProgress) => void;
  /** stop after this many batches (tests of resuming) */
  maxBatches?: number;
}

const PROGRESS_TABLE = 'migrate_encrypt_progress';
const HASHED_EMAIL_STREAM = /^candidate-email-[0-9a-f]{40}$/;

/** a stream name that held an e-mail in the clear gets its digest name */
const newStreamOf = (stream: string) =>
  stream.startsWith('candidate-email-') && !HASHED_EMAIL_STREAM.test(stream)
    ? toCandidateEmailStreamId(stream.slice('candidate-email-'.length))
    : stream;

/**
 * Rewrites a plaintext log into a new one whose personal data is sealed per person. The new
 * chain starts with `EventLogMigrated` naming the old chain's head (position and hash), then
 * every old event in order with its id, type, data (sealed on append) and metadata. Resumable:
 * the old position reached is kept in the target (`migrate_encrypt_progress`), and re-appending
 * an event id already in a stream is a no-op, so a run cut short is simply run again.
 */
export async function migrateToSealedLog(options: MigrateEncryptOptions): Promise<{ migrated: number; complete: boolean }> {
  const { source, target } = options;
  const batchSize = options.batchSize ?? 2_000;
  const old = createSqlEventStore(source);
  const { headPosition, headHash } = await createSqlAuditLog(source).head();
  const { rows: totalRows } = await source.query<{ n: number | string }>('SELECT count(*) AS n FROM events WHERE position <= $1', [
    headPosition,
  ]);
  const total = Number(totalRows[0]?.n ?? 0);

  await target.sql.query(
    `CREATE TABLE IF NOT EXISTS ${PROGRESS_TABLE} (id text PRIMARY KEY, source_position bigint NOT NULL, done bigint NOT NULL, updated_at timestamptz NOT NULL DEFAULT now())`,
  );
  const { rows } = await target.sql.query<{ source_position: number | string; done: number | string }>(
    `SELECT source_position, done FROM ${PROGRESS_TABLE} WHERE id = 'main'`,
  );
  let position = Number(rows[0]?.source_position ?? 0);
  let done = Number(rows[0]?.done ?? 0);
  if (!rows[0]) {
    const { type, data, schemaVersion } = encodeEvent({
      type: 'EventLogMigrated',
      data: { fromHeadPosition: headPosition, fromHeadHash: headHash, fromEvents: total, reason: 'personal data sealed per person' },
    });
    await target.eventStore.append(
      LOG_MIGRATION_STREAM,
      [
        {
          id: `00000000-0000-4000-8000-${String(headPosition).padStart(12, '0').slice(-12)}`,
          type,
          data,
          metadata: {
            actor: { id: 'system', name: 'System' },
            correlationId: 'migrate-encrypt',
            causationId: null,
            occurredAt: new Date().toISOString(),
            schemaVersion,
          },
        },
      ],
      { expectedRevision: 'any' },
    );
    await target.sql.query(`INSERT INTO ${PROGRESS_TABLE} (id, source_position, done) VALUES ('main', 0, 0)`);
  }

  for (let batches = 0; position < headPosition; batches++) {
    if (options.maxBatches !== undefined && batches >= options.maxBatches) return { migrated: done, complete: false };
    const events = (await old.readAll({ after: position, limit: batchSize })).filter((e) => e.position <= headPosition);
    if (events.length === 0) break;
    // consecutive events of one stream go in one append
    let run: RecordedEvent[] = [];
    const flush = async () => {
      if (run.length === 0) return;
      const copies: NewEvent[] = run.map((e) => ({ id: e.id, type: e.type, data: e.data, metadata: e.metadata }));
      await target.eventStore.append(newStreamOf(run[0]!.stream), copies, { expectedRevision: 'any' });
      run = [];
    };
    for (const event of events) {
      if (run.length > 0 && run[0]!.stream !== event.stream) await flush();
      run.push(event);
    }
    await flush();
    position = events[events.length - 1]!.position;
    done += events.length;
    await target.sql.query(`UPDATE ${PROGRESS_TABLE} SET source_position = $1, done = $2, updated_at = now() WHERE id = 'main'`, [
      position,
      done,
    ]);
    options.onProgress?.({ done, total, position });
  }
  return { migrated: done, complete: true };
}
