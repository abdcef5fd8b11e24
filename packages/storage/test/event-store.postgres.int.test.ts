import { createSqlEventStore } from '../src/event-store/sql-event-store';
import { createPgClient } from '../src/sql/pg-client';
import { createTestSchema } from '../src/sql/test-schema';
import { describeEventStoreContract } from './event-store.contract';
import { warnSkip } from './helpers';

const url = process.env.DATABASE_URL;
const skipReason = warnSkip('EventStore contract: PostgreSQL', url ? undefined : 'DATABASE_URL is not set');

describeEventStoreContract(
  'PostgreSQL',
  async () => {
    const schema = await createTestSchema(url!);
    const sql = createPgClient(schema.url);
    const store = createSqlEventStore(sql);
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
