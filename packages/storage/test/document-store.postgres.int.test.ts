import { createSqlDocumentStore } from '../src/document-store/sql-document-store';
import { createPgClient } from '../src/sql/pg-client';
import { createTestSchema } from '../src/sql/test-schema';
import { describeDocumentStoreContract } from './document-store.contract';
import { warnSkip } from './helpers';

const url = process.env.DATABASE_URL;
const skipReason = warnSkip('DocumentStore contract: PostgreSQL', url ? undefined : 'DATABASE_URL is not set');

describeDocumentStoreContract(
  'PostgreSQL',
  async () => {
    const schema = await createTestSchema(url!);
    const sql = createPgClient(schema.url);
    const store = createSqlDocumentStore(sql);
    await store.migrate();
    return {
      store,
      cleanup: async () => {
        await sql.close();
        await schema.drop();
      },
    };
  },
  { skipReason },
);
