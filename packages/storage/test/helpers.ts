import { createPgClient } from '../src/sql/pg-client';
import type { SqlClient } from '../src/sql/sql-client';
import { createTestSchema } from '../src/sql/test-schema';
import { getContainerRuntimeClient } from 'testcontainers';

/** Why a container-based suite cannot run here, or undefined when a container runtime answers. */
export async function containerRuntimeUnavailable(timeoutMs = 5_000): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      getContainerRuntimeClient(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return undefined;
  } catch (error) {
    return `no container runtime (${error instanceof Error ? error.message : String(error)})`;
  } finally {
    clearTimeout(timer);
  }
}

/** Prints why a suite is skipped, so a skip is never silent. */
export function warnSkip(suite: string, reason: string | undefined): string | undefined {
  if (reason) console.warn(`[skip] ${suite}: ${reason}`);
  return reason;
}

/**
 * A store on a fresh PostgreSQL schema of `DATABASE_URL` for a contract suite: `make` builds the
 * store on the schema's client; cleanup closes it and drops the schema.
 */
export function onFreshPgSchema<S extends { migrate(): Promise<void> }>(make: (sql: SqlClient) => S) {
  return async () => {
    const schema = await createTestSchema(process.env.DATABASE_URL!);
    const sql = createPgClient(schema.url);
    const store = make(sql);
    await store.migrate();
    return {
      store,
      cleanup: async () => {
        await sql.close();
        await schema.drop();
      },
    };
  };
}
