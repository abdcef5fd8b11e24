import { createMongoDocumentStore } from './document-store/mongo-document-store';
import type { DocumentStore } from './document-store/port';
import { createSqlDocumentStore } from './document-store/sql-document-store';
import { createEsdbEventStore } from './event-store/esdb-event-store';
import type { EventStore } from './event-store/port';
import { createSqlEventStore, type ChainCheckpoint } from './event-store/sql-event-store';
import { createSqlAuditLog, type SqlAuditLog } from './event-store/sql-audit-log';
import type { LogSigner } from './audit/signing';
import { createPgClient } from './sql/pg-client';
import { createPgliteClient } from './sql/pglite-client';
import type { SqlClient } from './sql/sql-client';
import { createSealedEventStore, openEvents } from './privacy/sealed-event-store';
import { createSqlSubjectKeyStore, type SubjectKeyStore } from './privacy/subject-key-store';
import { createMongoSubjectKeyStore } from './privacy/mongo-subject-key-store';

export * from './event-store/port';
export { createSealedEventStore, openEvents } from './privacy/sealed-event-store';
export { createMongoSubjectKeyStore, mongoSubjectKeyStore } from './privacy/mongo-subject-key-store';
export { migrateToSealedLog, type MigrateEncryptOptions, type MigrateProgress } from './privacy/migrate-encrypt';
export {
  createSqlSubjectKeyStore,
  SubjectErasedError,
  SUBJECT_KEYS_TABLE,
  type SubjectKey,
  type SubjectKeyStore,
} from './privacy/subject-key-store';
export * from './document-store/port';
export { foldText } from './document-store/fold';
export * from './change-bus/port';
export type { SqlClient, SqlResult } from './sql/sql-client';

export { backoffDelay, sleep, type BackoffOptions } from './backoff';
export { createPgliteClient, SHARED_BUFFERS_PATTERN, type PgliteOptions } from './sql/pglite-client';
export { createPgClient, type PgClientOptions } from './sql/pg-client';
export { isUnavailableError } from './sql/errors';
export { startSqlMaintenance, type SqlMaintenance, type SqlMaintenanceOptions } from './sql/maintenance';
export { createTestSchema, withSearchPath, type TestSchema } from './sql/test-schema';
export { createSqlEventStore, EVENTS_CHANNEL, type SqlEventStore, type SqlEventStoreOptions } from './event-store/sql-event-store';
export { checkpointText, type ChainCheckpoint } from './event-store/sql-event-store';
export {
  createSqlAuditLog,
  FREE_TEXT_WINDOW,
  type SqlAuditLog,
  type ChainedEvent,
  type EventLogFilter,
  type EventLogPage,
  type VerifyProgress,
  type VerifyResult,
} from './event-store/sql-audit-log';
export { canonicalJson } from './audit/canonical-json';
export { GENESIS_HASH, chainHash, canonicalEnvelope, type ChainEnvelope } from './audit/hash-chain';
export { createLogSigner, generateSigningKeyPem, verifySignature, type LogSigner } from './audit/signing';
export { createEsdbEventStore, type EsdbEventStoreOptions } from './event-store/esdb-event-store';
export { scrubSqlDocuments, scrubPatterns, SCRUB_REPLACEMENT, type ScrubNeedles, type ScrubScope } from './document-store/sql-scrub';
export {
  TRIGRAM_INDEX_OPTION,
  createSqlDocumentStore,
  type SqlDocumentStore,
  type SqlDocumentStoreOptions,
} from './document-store/sql-document-store';
export { createMongoDocumentStore, type MongoDocumentStoreOptions } from './document-store/mongo-document-store';
export { createMemoryChangeBus } from './change-bus/memory-change-bus';
export { createRedisChangeBus, CHANGES_CHANNEL, type RedisChangeBusOptions } from './change-bus/redis-change-bus';

export type StorageConfig =
  /** PGlite; files under dataDir, in memory when dataDir is omitted */
  | { kind: 'embedded'; dataDir?: string; sharedBuffers?: string }
  /** a PostgreSQL server (use createTestSchema's url in tests) */
  | { kind: 'postgres'; url: string }
  /** EventStoreDB for events, MongoDB for read models */
  | { kind: 'production'; eventStoreUrl: string; mongoUrl: string };

export interface Storage {
  eventStore: EventStore;
  /** auditors' reads of the log: filters, chain verification, export (SQL stores only) */
  auditLog?: SqlAuditLog;
  /** signs a checkpoint of the hash chain at the head now (SQL stores with a signer) */
  checkpoint?: () => Promise<ChainCheckpoint | null>;
  documentStore: DocumentStore;
  /** the SqlClient both stores share (embedded and postgres only) */
  sql?: SqlClient;
  /** the per-person data keys personal data in events is sealed with (`subject_keys`: a SQL table, or a MongoDB collection) */
  subjectKeys?: SubjectKeyStore;
  close(): Promise<void>;
}

/** Opens both stores for a deployment and creates the SQL tables when missing. */
export async function openStorage(
  config: StorageConfig,
  options: { signer?: LogSigner; log?: (message: string, fields: Record<string, unknown>) => void } = {},
): Promise<Storage> {
  if (config.kind === 'production') {
    const plainStore = createEsdbEventStore(config.eventStoreUrl);
    const documentStore = createMongoDocumentStore(config.mongoUrl);
    // the key store is its own collection (subject_keys) in MongoDB, outside the event log
    const subjectKeys = createMongoSubjectKeyStore(config.mongoUrl);
    const eventStore = createSealedEventStore(plainStore, subjectKeys);
    return {
      eventStore,
      documentStore,
      subjectKeys,
      async close() {
        await Promise.allSettled([eventStore.close(), documentStore.close(), subjectKeys.close()]);
      },
    };
  }

  const sql =
    config.kind === 'embedded'
      ? await createPgliteClient(config.dataDir, config.sharedBuffers ? { sharedBuffers: config.sharedBuffers } : {})
      : createPgClient(config.url);
  try {
    const plainStore = createSqlEventStore(sql, {
      ...(options.signer ? { signer: options.signer } : {}),
      ...(options.log ? { log: options.log } : {}),
    });
    // PGlite keeps no reliable crash reset of unlogged tables: its rebuilds write logged tables
    const documentStore = createSqlDocumentStore(sql, { unloggedBulk: config.kind !== 'embedded' });
    const subjectKeys = createSqlSubjectKeyStore(sql);
    await plainStore.migrate();
    await documentStore.migrate();
    await subjectKeys.migrate();
    // personal data is sealed per person on the way in and opened on the way out (crypto-shredding)
    const eventStore = createSealedEventStore(plainStore, subjectKeys);
    const auditLog = createSqlAuditLog(sql);
    return {
      eventStore,
      documentStore,
      subjectKeys,
      auditLog: {
        ...auditLog,
        page: async (query) => {
          const page = await auditLog.page(query);
          return { ...page, events: await openEvents(subjectKeys, page.events) };
        },
      },
      checkpoint: () => eventStore.checkpoint(),
      sql,
      async close() {
        await eventStore.close();
        await documentStore.close();
        await sql.close();
      },
    };
  } catch (error) {
    await sql.close().catch(() => {});
    throw error;
  }
}
export * from './blob-store/port';
export { createFsBlobStore } from './blob-store/fs-blob-store';
