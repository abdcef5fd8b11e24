import { createSqlSubjectKeyStore } from '../src/privacy/subject-key-store';
import { createPgClient } from '../src/sql/pg-client';
import type { SqlClient } from '../src/sql/sql-client';
import { createTestSchema } from '../src/sql/test-schema';
import { describeSubjectKeyStoreContract } from './subject-key-store.contract';
import { warnSkip } from './helpers';

const url = process.env.DATABASE_URL;
const skipReason = warnSkip('SubjectKeyStore contract: PostgreSQL', url ? undefined : 'DATABASE_URL is not set');

// "another process" is a second connection pool on the same schema: two ensures of one new key
// at once meet in the database (one waits on the other's insert), not in a shared cache
describeSubjectKeyStoreContract(
  'PostgreSQL (subject_keys table)',
  async () => {
    const schema = await createTestSchema(url!);
    const clients: SqlClient[] = [];
    const open = () => {
      const sql = createPgClient(schema.url);
      clients.push(sql);
      return createSqlSubjectKeyStore(sql);
    };
    return {
      store: open(),
      again: async () => open(),
      cleanup: async () => {
        for (const sql of clients) await sql.close();
        await schema.drop();
      },
    };
  },
  { skipReason },
);
