import { describe, expect, it } from 'vitest';
import { createPgliteClient } from '../src/sql/pglite-client';

/**
 * The embedded store's shared_buffers: PGlite touches all of it at start and WebAssembly memory
 * never shrinks, so it is what the standalone server's idle RSS is mostly made of (README, B7).
 */
describe('PGlite shared_buffers', () => {
  it("is PostgreSQL's 128MB unless set", async () => {
    const sql = await createPgliteClient(undefined);
    try {
      expect((await sql.query<{ shared_buffers: string }>('SHOW shared_buffers')).rows[0]?.shared_buffers).toBe('128MB');
    } finally {
      await sql.close();
    }
  });

  it('takes the size it is given, and queries work with it', async () => {
    const sql = await createPgliteClient(undefined, { sharedBuffers: '16MB' });
    try {
      expect((await sql.query<{ shared_buffers: string }>('SHOW shared_buffers')).rows[0]?.shared_buffers).toBe('16MB');
      await sql.query('CREATE TABLE t AS SELECT g AS n, repeat(md5(g::text), 20) AS pad FROM generate_series(1, 20000) g');
      expect((await sql.query<{ n: string }>('SELECT count(*)::text AS n FROM t WHERE pad LIKE $1', ['%abc%'])).rows[0]?.n).toMatch(
        /^\d+$/,
      );
    } finally {
      await sql.close();
    }
  });

  it('refuses a size PostgreSQL would not read, before starting', async () => {
    await expect(createPgliteClient(undefined, { sharedBuffers: '32 megabytes' })).rejects.toThrow(/shared_buffers must look like 32MB/);
  });
});
