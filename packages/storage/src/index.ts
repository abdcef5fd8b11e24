import { createMongoDocumentStore } from './document-store/mongo-document-store';
import type { DocumentStore } from './document-store/port';
import { createSqlDocumentStore } from './document-store/sql-document-store';
import { createEsdbEventStore } from './event-store/esdb-event-store';
import type { EventStore } from './event-store/port';
import { createSqlEventStore } from './event-store/sql-event-store';
import { createPgClient } from './sql/pg-client';
import { createPgliteClient } from './sql/pglite-client';
import type { SqlClient } from './sql/sql-client';

export * from './event-store/port';
export * from './document-store/port';
export { foldText } from './document-store/fold';
export * from './change-bus/port';
export type { SqlClient, SqlResult } from './sql/sql-client';

export { backoffDelay, sleep, type BackoffOptions } from './backoff';
export { createPgliteClient } from './sql/pglite-client';
export { createPgClient, type PgClientOptions } from './sql/pg-client';
export { isUnavailableError } from './sql/errors';
export { startSqlMaintenance, type SqlMaintenance, type SqlMaintenanceOptions } from './sql/maintenance';
export { createTestSchema, withSearchPath, type TestSchema } from './sql/test-schema';
export { createSqlEventStore, EVENTS_CHANNEL, type SqlEventStore, type SqlEventStoreOptions } from './event-store/sql-event-store';
export { createEsdbEventStore, type EsdbEventStoreOptions } from './event-store/esdb-event-store';
export { createSqlDocumentStore, type SqlDocumentStore, type SqlDocumentStoreOptions } from './document-store/sql-document-store';
export { createMongoDocumentStore, type MongoDocumentStoreOptions } from './document-store/mongo-document-store';
export { createMemoryChangeBus } from './change-bus/memory-change-bus';
export { createRedisChangeBus, CHANGES_CHANNEL, type RedisChangeBusOptions } from './change-bus/redis-change-bus';

export type StorageConfig =
  /** PGlite; files under dataDir, in memory when dataDir is omitted */
  | { kind: 'embedded'; dataDir?: string }
  /** a PostgreSQL server (use createTestSchema's url in tests) */
  | { kind: 'postgres'; url: string }
  /** EventStoreDB for events, MongoDB for read models */
  | { kind: 'production'; eventStoreUrl: string; mongoUrl: string };

export interface Storage {
  eventStore: EventStore;
  documentStore: DocumentStore;
  /** the SqlClient both stores share (embedded and postgres only) */
  sql?: SqlClient;
  close(): Promise<void>;
}

/** Opens both stores for a deployment and creates the SQL tables when missing. */
export async function openStorage(config: StorageConfig): Promise<Storage> {
  if (config.kind === 'production') {
    const eventStore = createEsdbEventStore(config.eventStoreUrl);
    const documentStore = createMongoDocumentStore(config.mongoUrl);
    return {
      eventStore,
      documentStore,
      async close() {
        await Promise.allSettled([eventStore.close(), documentStore.close()]);
      },
    };
  }

  const sql = config.kind === 'embedded' ? await createPgliteClient(config.dataDir) : createPgClient(config.url);
  try {
    const eventStore = createSqlEventStore(sql);
    const documentStore = createSqlDocumentStore(sql);
    await eventStore.migrate();
    await documentStore.migrate();
    return {
      eventStore,
      documentStore,
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
