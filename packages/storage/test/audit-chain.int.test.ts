import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createSqlAuditLog } from '../src/event-store/sql-audit-log';
import { createSqlEventStore } from '../src/event-store/sql-event-store';
import type { NewEvent } from '../src/event-store/port';
import { createLogSigner, generateSigningKeyPem } from '../src/audit/signing';
import { createPgClient } from '../src/sql/pg-client';
import { createPgliteClient } from '../src/sql/pglite-client';
import type { SqlClient } from '../src/sql/sql-client';
import { createTestSchema } from '../src/sql/test-schema';
import { warnSkip } from './helpers';

const signer = createLogSigner(generateSigningKeyPem());

const event = (type: string, data: unknown, actor = 'u1', correlationId = randomUUID(), at = new Date().toISOString()): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: { actor: { id: actor, name: `User ${actor}` }, correlationId, causationId: null, occurredAt: at, schemaVersion: 1 },
});

interface Fixture {
  sql: SqlClient;
  cleanup: () => Promise<void>;
}

const backends: [string, (() => Promise<Fixture>) | null][] = [
  [
    'PGlite',
    async () => {
      const sql = await createPgliteClient(undefined);
      return { sql, cleanup: () => sql.close() };
    },
  ],
  [
    'PostgreSQL',
    process.env.DATABASE_URL
      ? async () => {
          const schema = await createTestSchema(process.env.DATABASE_URL!);
          const sql = createPgClient(schema.url);
          return {
            sql,
            cleanup: async () => {
              await sql.close();
              await schema.drop();
            },
          };
        }
      : null,
  ],
];

for (const [name, open] of backends) {
  const skip = warnSkip(`hash chain: ${name}`, open ? undefined : 'DATABASE_URL is not set');
  describe.skipIf(!!skip)(`hash chain and audit log on ${name}`, () => {
    let fixture: Fixture | null = null;
    afterEach(async () => {
      await fixture?.cleanup();
      fixture = null;
    });

    async function seeded(count = 30, options: { checkpointEvery?: number } = {}) {
      fixture = await open!();
      const store = createSqlEventStore(fixture.sql, { signer, checkpointEvery: options.checkpointEvery ?? 10 });
      await store.migrate();
      for (let i = 0; i < count; i += 3) {
        const correlation = randomUUID();
        const candidate = [
          event('CandidateCreated', { firstName: `N${i}`, n: i / 3, nested: { b: [1.5, 'x'], a: null } }, `u${i % 2}`, correlation),
          event('NoteAdded', { text: `hello ${i} ünïcode` }, `u${i % 2}`, correlation),
        ];
        const application = [event('ApplicationCreated', { candidateId: i })];
        if (i % 2 === 1) {
          // every other pair in one appendMany (what a CSV import does): the chain runs on through it
          await store.appendMany([
            { stream: `candidate-${i}`, events: candidate, expectedRevision: 'no_stream' },
            { stream: `application-${i}`, events: application, expectedRevision: 'any' },
          ]);
          continue;
        }
        await store.append(`candidate-${i}`, candidate, { expectedRevision: 'no_stream' });
        await store.append(`application-${i}`, application, { expectedRevision: 'any' });
      }
      const log = createSqlAuditLog(fixture.sql);
      return { store, log, sql: fixture.sql };
    }

    it('chains every appended event and verifies the log intact, with a signed checkpoint', async () => {
      const { log, store } = await seeded(30);
      const result = await log.verify({ publicKeyPem: signer.publicKeyPem });
      expect(result).toMatchObject({ ok: true, checked: 30, firstBrokenAt: null, headPosition: await store.headPosition() });
      expect(result.checkpoint).toMatchObject({ signatureValid: true, matches: true });
      expect(result.checkpoint!.position).toBeGreaterThanOrEqual(20);
      // another installation's key does not vouch for this log
      const other = createLogSigner(generateSigningKeyPem());
      expect((await log.verify({ publicKeyPem: other.publicKeyPem })).ok).toBe(false);
    });

    it('chains from the true head when two writers (as two processes) take turns, after conflicts and retries too', async () => {
      fixture = await open!();
      // each store remembers the head it last wrote: the other's appends make that stale
      const a = createSqlEventStore(fixture.sql, { signer, checkpointEvery: 5 });
      const b = createSqlEventStore(fixture.sql);
      await a.migrate();
      const one = [event('NoteAdded', { text: 'a0' })];
      await a.append('note-1', one, { expectedRevision: 'no_stream' });
      await a.append('note-1', [event('NoteAdded', { text: 'a1' })], { expectedRevision: 0 });
      await b.append('note-2', [event('NoteAdded', { text: 'b0' }), event('NoteAdded', { text: 'b1' })], { expectedRevision: 'no_stream' });
      // a's head is stale now: its append still lands right after b's events
      const afterB = await a.append('note-1', [event('NoteAdded', { text: 'a2' })], { expectedRevision: 1 });
      expect(afterB).toEqual({ nextExpectedRevision: 2, position: 5 });
      // a revision conflict names the actual revision and writes nothing
      await expect(b.append('note-1', [event('NoteAdded', { text: 'late' })], { expectedRevision: 1 })).rejects.toMatchObject({
        actual: 2,
      });
      // a retry of recorded events returns the original result
      expect(await a.append('note-1', one, { expectedRevision: 'no_stream' })).toEqual({ nextExpectedRevision: 0, position: 1 });
      await b.appendMany([
        { stream: 'note-3', events: [event('NoteAdded', { text: 'm0' })], expectedRevision: 'no_stream' },
        { stream: 'note-2', events: [event('NoteAdded', { text: 'm1' })], expectedRevision: 1 },
      ]);
      for (let i = 0; i < 6; i++) {
        const writer = i % 3 === 0 ? b : a;
        await writer.append(`note-4`, [event('NoteAdded', { text: `t${i}` })], { expectedRevision: i === 0 ? 'no_stream' : i - 1 });
      }
      const { rows } = await fixture.sql.query<{ position: string }>(`SELECT position FROM events ORDER BY position`);
      // the conflicting append burnt no position the others then skipped or reused
      expect(rows.map((r) => Number(r.position))).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
      const log = createSqlAuditLog(fixture.sql);
      expect(await log.verify({ publicKeyPem: signer.publicKeyPem })).toMatchObject({ ok: true, checked: 13, firstBrokenAt: null });
      const { rows: checkpoints } = await fixture.sql.query<{ position: string }>(
        `SELECT position FROM event_checkpoints ORDER BY position`,
      );
      expect(checkpoints.map((c) => Number(c.position))).toEqual([5, 10]);
    });

    it('names the first broken position when a byte of an event’s data changes', async () => {
      const { log, sql } = await seeded(30);
      const { rows } = await sql.query<{ position: string }>(`SELECT position FROM events ORDER BY position OFFSET 7 LIMIT 1`);
      const target = Number(rows[0]!.position);
      await sql.query(
        `UPDATE events SET data = jsonb_set(data, '{candidateId}', '999') WHERE position = $1 AND type = 'ApplicationCreated'`,
        [target],
      );
      await sql.query(`UPDATE events SET data = (replace(data::text, 'hello', 'hellO'))::jsonb WHERE position = $1`, [target]);
      const result = await log.verify();
      expect(result).toMatchObject({ ok: false, firstBrokenAt: target, checked: 7 });
    });

    it('names the position after a deleted event', async () => {
      const { log, sql } = await seeded(30);
      const { rows } = await sql.query<{ position: string }>(`SELECT position FROM events ORDER BY position OFFSET 11 LIMIT 2`);
      await sql.query(`DELETE FROM events WHERE position = $1`, [Number(rows[0]!.position)]);
      expect(await log.verify()).toMatchObject({ ok: false, firstBrokenAt: Number(rows[1]!.position) });
    });

    it('names the first of two reordered events', async () => {
      const { log, sql } = await seeded(30);
      const { rows } = await sql.query<{ position: string }>(`SELECT position FROM events ORDER BY position OFFSET 4 LIMIT 2`);
      const [a, b] = rows.map((row) => Number(row.position));
      await sql.query(`UPDATE events SET position = -1 WHERE position = $1`, [a]);
      await sql.query(`UPDATE events SET position = $1 WHERE position = $2`, [a, b]);
      await sql.query(`UPDATE events SET position = $1 WHERE position = -1`, [b]);
      expect(await log.verify()).toMatchObject({ ok: false, firstBrokenAt: a });
    });

    it('catches a chain rewritten wholesale through the signed checkpoint', async () => {
      const { log, sql } = await seeded(30, { checkpointEvery: 10 });
      const { rows } = await sql.query<{ position: string }>(`SELECT position FROM events ORDER BY position OFFSET 2 LIMIT 1`);
      await sql.query(`UPDATE events SET data = '{"candidateId": 12345}'::jsonb WHERE position = $1`, [Number(rows[0]!.position)]);
      // the forger recomputes every hash from there on: the links hold again...
      await sql.query(`UPDATE events SET hash = NULL, prev_hash = NULL WHERE position >= $1`, [Number(rows[0]!.position)]);
      await createSqlEventStore(sql).migrate();
      const result = await log.verify();
      // ...but the signed checkpoint does not agree
      expect(result.ok).toBe(false);
      expect(result.checkpoint).toMatchObject({ matches: false, signatureValid: true });
    });

    it('chains an existing unchained log at start, in batches, resumably and idempotently', async () => {
      const { log, sql } = await seeded(30);
      await sql.query(`UPDATE events SET hash = NULL, prev_hash = NULL`);
      await sql.query(`DELETE FROM event_checkpoints`);
      const progress: Record<string, unknown>[] = [];
      await createSqlEventStore(sql, { chainBatchSize: 7, log: (_m, fields) => progress.push(fields) }).migrate();
      expect(progress.some((p) => p.chained === 7)).toBe(true);
      expect(await log.verify()).toMatchObject({ ok: true, checked: 30 });
      const before = await sql.query(`SELECT position, hash FROM events ORDER BY position`);
      await createSqlEventStore(sql).migrate();
      expect((await sql.query(`SELECT position, hash FROM events ORDER BY position`)).rows).toEqual(before.rows);
    });

    it('filters the log by type, stream, prefix, actor, correlation, time and text, in both orders with paging', async () => {
      const { log, store } = await seeded(30);
      const all = await store.readAll();
      const byType = await log.page({ order: 'asc', limit: 100, types: ['NoteAdded', 'ApplicationCreated'] });
      expect(byType.events.map((e) => e.type).sort()).toEqual([...Array(10).fill('ApplicationCreated'), ...Array(10).fill('NoteAdded')]);
      expect((await log.page({ order: 'asc', limit: 100, stream: 'candidate-3' })).events).toHaveLength(2);
      expect((await log.page({ order: 'asc', limit: 100, streamPrefix: 'application-' })).events).toHaveLength(10);
      expect((await log.page({ order: 'asc', limit: 100, streamPrefix: 'candidate-1' })).events.map((e) => e.stream)).toEqual([
        'candidate-12',
        'candidate-12',
        'candidate-15',
        'candidate-15',
        'candidate-18',
        'candidate-18',
      ]);
      // LIKE wildcards in a prefix are literal
      expect((await log.page({ order: 'asc', limit: 100, streamPrefix: 'cand%' })).events).toHaveLength(0);
      const correlation = all[0]!.metadata.correlationId;
      expect((await log.page({ order: 'asc', limit: 100, correlationId: correlation })).events.map((e) => e.type)).toEqual([
        'CandidateCreated',
        'NoteAdded',
      ]);
      expect((await log.page({ order: 'asc', limit: 100, actor: 'u1', types: ['CandidateCreated'] })).events).toHaveLength(5);
      expect((await log.page({ order: 'asc', limit: 100, q: 'HELLO 21 Ü' })).events.map((e) => e.stream)).toEqual(['candidate-21']);
      const future = new Date(Date.now() + 3_600_000).toISOString();
      expect((await log.page({ order: 'asc', limit: 100, from: future })).events).toHaveLength(0);
      expect((await log.page({ order: 'asc', limit: 100, to: future })).events).toHaveLength(30);

      const first = await log.page({ order: 'desc', limit: 4 });
      expect(first.events.map((e) => e.position)).toEqual(
        all
          .slice(-4)
          .reverse()
          .map((e) => e.position),
      );
      const second = await log.page({ order: 'desc', limit: 4, before: first.next! });
      expect(second.events.map((e) => e.position)).toEqual(
        all
          .slice(-8, -4)
          .reverse()
          .map((e) => e.position),
      );
      const asc = await log.page({ order: 'asc', limit: 4, after: all[3]!.position });
      expect(asc.events.map((e) => e.position)).toEqual(all.slice(4, 8).map((e) => e.position));
      expect(asc.events[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
    });

    it('streams a filtered export in batches', async () => {
      const { log } = await seeded(30);
      const batches: number[] = [];
      for await (const batch of log.stream({ streamPrefix: 'candidate-' }, { batchSize: 6 })) batches.push(batch.length);
      expect(batches).toEqual([6, 6, 6, 2]);
    });
  });
}
