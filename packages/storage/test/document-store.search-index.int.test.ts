import { describe, expect, it } from 'vitest';
import { TRIGRAM_INDEX_OPTION, createSqlDocumentStore } from '../src/document-store/sql-document-store';
import { createPgClient } from '../src/sql/pg-client';
import { createPgliteClient } from '../src/sql/pglite-client';
import type { SqlClient } from '../src/sql/sql-client';
import { createTestSchema } from '../src/sql/test-schema';
import { warnSkip } from './helpers';

const url = process.env.DATABASE_URL;
const pgSkip = warnSkip('SQL document store search index: PostgreSQL', url ? undefined : 'DATABASE_URL is not set');

const stores: Array<{ name: string; skip: string | undefined; open: () => Promise<{ sql: SqlClient; close: () => Promise<void> }> }> = [
  {
    name: 'PGlite',
    skip: undefined,
    open: async () => {
      const sql = await createPgliteClient(undefined);
      return { sql, close: () => sql.close() };
    },
  },
  {
    name: 'PostgreSQL',
    skip: pgSkip,
    open: async () => {
      const schema = await createTestSchema(url!);
      const sql = createPgClient(schema.url);
      return {
        sql,
        close: async () => {
          await sql.close();
          await schema.drop();
        },
      };
    },
  },
];

for (const { name, skip, open } of stores) {
  describe.skipIf(skip !== undefined)(`SQL document store search index (${name})`, () => {
    it('keeps a short pending list: the option on a new trigram index, set again on one made without it, search unchanged', async () => {
      const { sql, close } = await open();
      try {
        const store = createSqlDocumentStore(sql);
        await store.migrate();
        const definition = { name: 'people', searchFields: ['name', 'city'] };
        await store.ensureCollection(definition);
        const options = async () =>
          (
            await sql.query<{ index: string; options: string[] | null }>(
              `SELECT c.relname AS index, c.reloptions AS options FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
                JOIN pg_am a ON a.oid = c.relam WHERE i.indrelid = to_regclass('doc_people') AND a.amname = 'gin'`,
            )
          ).rows;
        const [made] = await options();
        expect(made?.options).toEqual([TRIGRAM_INDEX_OPTION]);

        // an index as an earlier version made it (no option): the next start sets it
        await sql.query(`ALTER INDEX ${made!.index} RESET (gin_pending_list_limit)`);
        expect((await options())[0]?.options ?? null).toBeNull();
        const people = store.collection('people');
        await people.upsertMany!(
          Array.from({ length: 300 }, (_, i) => ({ id: i + 1, name: `Person ${i}`, city: i % 3 ? 'Lyon' : 'Zürich' })),
        );
        await createSqlDocumentStore(sql).ensureCollection(definition);
        expect(await options()).toEqual([{ index: made!.index, options: [TRIGRAM_INDEX_OPTION] }]);

        // writes through the short list (many merges of it) and reads agree with a plain scan
        await people.upsertMany!(Array.from({ length: 300 }, (_, i) => ({ id: i + 301, name: `Other ${i}`, city: 'Zurich' })));
        const found = (await people.find({ search: 'zurich', limit: 1000 })).map((d) => d.id as number).sort((a, b) => a - b);
        const expected = [
          ...Array.from({ length: 300 }, (_, i) => i + 1).filter((id) => (id - 1) % 3 === 0),
          ...Array.from({ length: 300 }, (_, i) => i + 301),
        ];
        expect(found).toEqual(expected);
      } finally {
        await close();
      }
    });
  });
}
