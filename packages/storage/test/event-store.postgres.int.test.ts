import { createSqlEventStore } from '../src/event-store/sql-event-store';
import { describeEventStoreContract } from './event-store.contract';
import { onFreshPgSchema, warnSkip } from './helpers';

const url = process.env.DATABASE_URL;
const skipReason = warnSkip('EventStore contract: PostgreSQL', url ? undefined : 'DATABASE_URL is not set');

describeEventStoreContract('PostgreSQL', onFreshPgSchema(createSqlEventStore), { skipReason });
