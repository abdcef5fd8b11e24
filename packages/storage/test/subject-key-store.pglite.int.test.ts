import { createSqlSubjectKeyStore } from '../src/privacy/subject-key-store';
import { createPgliteClient } from '../src/sql/pglite-client';
import { describeSubjectKeyStoreContract } from './subject-key-store.contract';

describeSubjectKeyStoreContract('PGlite (subject_keys table)', async () => {
  const sql = await createPgliteClient(undefined);
  return { store: createSqlSubjectKeyStore(sql), again: async () => createSqlSubjectKeyStore(sql), cleanup: () => sql.close() };
});
