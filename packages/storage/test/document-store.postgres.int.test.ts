import { createSqlDocumentStore } from '../src/document-store/sql-document-store';
import { describeDocumentStoreContract } from './document-store.contract';
import { onFreshPgSchema, warnSkip } from './helpers';

const url = process.env.DATABASE_URL;
const skipReason = warnSkip('DocumentStore contract: PostgreSQL', url ? undefined : 'DATABASE_URL is not set');

describeDocumentStoreContract('PostgreSQL', onFreshPgSchema(createSqlDocumentStore), { skipReason });
