import { createSqlDocumentStore } from '../src/document-store/sql-document-store';
import { createPgliteClient } from '../src/sql/pglite-client';
import { describeDocumentStoreContract } from './document-store.contract';

describeDocumentStoreContract('PGlite', async () => {
  const sql = await createPgliteClient(undefined);
  const store = createSqlDocumentStore(sql);
  await store.migrate();
  return { store, cleanup: () => sql.close() };
});
