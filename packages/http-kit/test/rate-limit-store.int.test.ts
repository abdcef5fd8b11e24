import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient } from 'redis';
import { createPgClient, createPgliteClient, createTestSchema, type SqlClient, type TestSchema } from '@ats/storage';
import { createMemoryRateLimitStore, type RateLimitStore } from '../src/rate-limit/store';
import { createSqlRateLimitStore } from '../src/rate-limit/sql-store';
import { createRedisRateLimitStore } from '../src/rate-limit/redis-store';

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
if (!DATABASE_URL) console.warn('[skip] rate-limit store on PostgreSQL: DATABASE_URL is not set');
if (!REDIS_URL) console.warn('[skip] rate-limit store on Redis: REDIS_URL is not set');

/** Opens two stores on one backend (as two service instances would) and a cleanup. */
type Backend = () => Promise<{ a: RateLimitStore; b: RateLimitStore; close(): Promise<void> }>;

const policy = (points: number, durationSec = 60) => ({ name: `t-${randomBytes(4).toString('hex')}`, points, durationSec });

function rateLimitStoreContract(name: string, open: Backend, options: { shared: boolean }) {
  describe(`rate-limit store: ${name}`, () => {
    // one backend per suite (a PGlite takes seconds to start); fresh policy names keep tests apart
    let opened: ReturnType<Backend> | null = null;
    const stores = () => (opened ??= open());
    afterAll(async () => {
      if (opened) await (await opened).close();
    });

    it('lets exactly the budget through when 40 hits arrive at once', async () => {
      const { a } = await stores();
      const limiter = a.limiter(policy(10));
      const results = await Promise.all(Array.from({ length: 40 }, () => limiter.consume('k')));
      expect(results.filter((r) => r.allowed)).toHaveLength(10);
      expect(results.map((r) => r.consumed).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
      for (const r of results) expect(r.msBeforeReset).toBeGreaterThan(50_000);
    });

    it('keeps keys and policies apart, gives back rewarded hits and forgets deleted keys', async () => {
      const { a } = await stores();
      const p = policy(2);
      const limiter = a.limiter(p);
      const other = a.limiter(policy(2));
      await limiter.consume('x');
      await limiter.consume('x');
      expect((await limiter.consume('x')).allowed).toBe(false);
      expect((await limiter.consume('y')).consumed).toBe(1);
      expect((await other.consume('x')).consumed).toBe(1);
      await limiter.reward('x', 2);
      expect(await limiter.consume('x')).toMatchObject({ allowed: true, consumed: 2 });
      await limiter.delete('x');
      expect(await limiter.consume('x')).toMatchObject({ allowed: true, consumed: 1 });
    });

    it('opens a new window when the old one has passed', async () => {
      const { a } = await stores();
      const limiter = a.limiter(policy(1, 1));
      expect((await limiter.consume('w')).allowed).toBe(true);
      expect((await limiter.consume('w')).allowed).toBe(false);
      await new Promise((r) => setTimeout(r, 1100));
      expect(await limiter.consume('w')).toMatchObject({ allowed: true, consumed: 1 });
    });

    if (options.shared)
      it('shares the counters between two stores on the same backend (two instances, or a restart)', async () => {
        const { a, b } = await stores();
        const p = policy(10);
        const [la, lb] = [a.limiter(p), b.limiter(p)];
        const results = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? la : lb).consume('shared')));
        expect(results.filter((r) => r.allowed)).toHaveLength(10);
        expect((await lb.consume('shared')).consumed).toBe(31);
      });
  });
}

rateLimitStoreContract(
  'memory',
  async () => {
    const a = createMemoryRateLimitStore();
    return { a, b: a, close: async () => {} };
  },
  { shared: false },
);

rateLimitStoreContract(
  'SQL on PGlite',
  async () => {
    const sql = await createPgliteClient(undefined);
    // a second store on the same database: what a restarted process finds
    return { a: await createSqlRateLimitStore(sql), b: await createSqlRateLimitStore(sql), close: () => sql.close() };
  },
  { shared: true },
);

describe.skipIf(!DATABASE_URL)('on PostgreSQL', () => {
  rateLimitStoreContract(
    'SQL on PostgreSQL (two connections)',
    async () => {
      const schema: TestSchema = await createTestSchema(DATABASE_URL!, 'rl');
      const clients: SqlClient[] = [createPgClient(schema.url), createPgClient(schema.url)];
      return {
        a: await createSqlRateLimitStore(clients[0]!),
        b: await createSqlRateLimitStore(clients[1]!),
        async close() {
          await Promise.all(clients.map((c) => c.close()));
          await schema.drop();
        },
      };
    },
    { shared: true },
  );
});

describe.skipIf(!REDIS_URL)('on Redis', () => {
  rateLimitStoreContract(
    'Redis via rate-limiter-flexible (two connections)',
    async () => {
      const clients = [createClient({ url: REDIS_URL }), createClient({ url: REDIS_URL })];
      await Promise.all(clients.map((c) => c.connect()));
      const prefix = `ats:test:rl:${randomBytes(4).toString('hex')}`;
      return {
        a: await createRedisRateLimitStore(clients[0]!, { prefix }),
        b: await createRedisRateLimitStore(clients[1]!, { prefix }),
        async close() {
          await Promise.all(clients.map((c) => c.quit()));
        },
      };
    },
    { shared: true },
  );
});
