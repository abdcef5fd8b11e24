import { createSqlEventStore } from '../src/event-store/sql-event-store';
import { createPgliteClient } from '../src/sql/pglite-client';
import { describeEventStoreContract } from './event-store.contract';

describeEventStoreContract('PGlite', async () => {
  const sql = await createPgliteClient(undefined);
  const store = createSqlEventStore(sql);
  await store.migrate();
  return { store, cleanup: () => sql.close() };
});
