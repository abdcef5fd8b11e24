import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { mapSqlError } from './errors';
import { quoteIdent } from './identifiers';

export interface TestSchema {
  /** the schema's name, e.g. `t_lx2k9a_3f9c1e` */
  schema: string;
  /** the connection string with `search_path` set to the schema (works for every process) */
  url: string;
  /** drops the schema and everything in it */
  drop(): Promise<void>;
}

/**
 * Creates a fresh, uniquely named schema so suites sharing one PostgreSQL database (in parallel
 * or in several processes) never see each other's tables. Every connection opened with the
 * returned `url` resolves unqualified table names in that schema only.
 */
export async function createTestSchema(connectionString: string, prefix = 't'): Promise<TestSchema> {
  const schema = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withClient(connectionString, (client) => client.query(`CREATE SCHEMA ${quoteIdent(schema)}`));
  return {
    schema,
    url: withSearchPath(connectionString, schema),
    drop: () => withClient(connectionString, (client) => client.query(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`)),
  };
}

/** Adds `options=-c search_path=<schema>` to a postgres:// connection string. */
export function withSearchPath(connectionString: string, schema: string): string {
  quoteIdent(schema);
  const url = new URL(connectionString);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

async function withClient(connectionString: string, fn: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString });
  try {
    await client.connect();
    await fn(client);
  } catch (error) {
    throw mapSqlError(error);
  } finally {
    await client.end().catch(() => {});
  }
}
