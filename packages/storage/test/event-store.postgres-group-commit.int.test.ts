import { afterEach, describe, expect, it } from 'vitest';
import { ConcurrencyError } from '../src/event-store/port';
import { createSqlAuditLog } from '../src/event-store/sql-audit-log';
import { createSqlEventStore } from '../src/event-store/sql-event-store';
import { createPgClient } from '../src/sql/pg-client';
import type { SqlClient } from '../src/sql/sql-client';
import { createTestSchema, type TestSchema } from '../src/sql/test-schema';
import { newEvent } from './event-store.contract';
import { warnSkip } from './helpers';

const url = process.env.DATABASE_URL;
const skipReason = warnSkip('PostgreSQL group commit', url ? undefined : 'DATABASE_URL is not set');

/** Appends of one process that meet at the append lock commit together, each with its own checks. */
describe.skipIf(Boolean(skipReason))('PostgreSQL group commit of concurrent appends', () => {
  let schema: TestSchema | null = null;
  let sql: SqlClient | null = null;
  afterEach(async () => {
    await sql?.close();
    await schema?.drop();
    sql = null;
    schema = null;
  });

  async function open() {
    schema = await createTestSchema(url!);
    sql = createPgClient(schema.url);
    let commits = 0;
    const store = createSqlEventStore(sql, { beforeCommit: async () => void commits++ });
    await store.migrate();
    return { store, sql, commits: () => commits };
  }

  it('commits appends that arrive together in fewer transactions, in position order, the chain intact', async () => {
    const { store, sql, commits } = await open();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        store.append(`s-${i}`, [newEvent('A', { i }), newEvent('B', { i })], { expectedRevision: 'no_stream' }),
      ),
    );
    expect(results.map((r) => r.nextExpectedRevision)).toEqual(Array(20).fill(1));
    expect(new Set(results.map((r) => r.position)).size).toBe(20);
    // the first goes at once, the others wait for it and go together
    expect(commits()).toBeLessThan(20);
    const { rows } = await sql.query<{ stream: string; revision: number; position: string }>(
      `SELECT stream, revision, position FROM events ORDER BY position`,
    );
    expect(rows.map((r) => Number(r.position))).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    // each append's events are adjacent and its result names its last position
    for (const [i, result] of results.entries()) {
      const mine = rows.filter((r) => r.stream === `s-${i}`).map((r) => Number(r.position));
      expect(mine).toEqual([result.position - 1, result.position]);
    }
    expect(await createSqlAuditLog(sql).verify()).toMatchObject({ ok: true, checked: 40 });
  });

  it('refuses only the append whose check fails; one that breaks the transaction fails alone', async () => {
    const { store, sql } = await open();
    await store.append('taken', [newEvent('A')], { expectedRevision: 'no_stream' });
    const recorded = newEvent('A');
    await store.append('other', [recorded], { expectedRevision: 'no_stream' });
    const outcomes = await Promise.allSettled([
      store.append('g-0', [newEvent('A')], { expectedRevision: 'no_stream' }),
      store.append('g-1', [newEvent('A')], { expectedRevision: 'no_stream' }),
      // a stale expected revision: refused, nothing written
      store.append('taken', [newEvent('A')], { expectedRevision: 'no_stream' }),
      store.append('g-2', [newEvent('A')], { expectedRevision: 'no_stream' }),
      // an event id recorded in another stream: a unique violation, which aborts a transaction
      store.append('g-3', [recorded], { expectedRevision: 'no_stream' }),
      store.append('g-4', [newEvent('A')], { expectedRevision: 'no_stream' }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[2] as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
    expect(String((outcomes[4] as PromiseRejectedResult).reason)).toMatch(/already recorded/);
    const { rows } = await sql.query<{ stream: string }>(`SELECT stream FROM events ORDER BY position`);
    expect(rows.map((r) => r.stream).sort()).toEqual(['g-0', 'g-1', 'g-2', 'g-4', 'other', 'taken']);
    expect(await createSqlAuditLog(sql).verify()).toMatchObject({ ok: true, checked: 6 });
  });
});
