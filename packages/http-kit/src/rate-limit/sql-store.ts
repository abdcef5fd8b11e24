import type { SqlClient } from '@ats/storage';
import type { RateLimitStore } from './store';

export const RATE_LIMITS_TABLE = 'rate_limits';

/**
 * Counters in PGlite or PostgreSQL: one `INSERT … ON CONFLICT DO UPDATE … RETURNING` per hit is
 * atomic under concurrency (the row lock serialises hits on a key) and sees the database clock,
 * so every instance on the same database agrees. Rows of closed windows are swept now and then.
 */
export async function createSqlRateLimitStore(sql: SqlClient): Promise<RateLimitStore> {
  await sql.query(
    `CREATE TABLE IF NOT EXISTS ${RATE_LIMITS_TABLE} (key text PRIMARY KEY, points integer NOT NULL, expires_at bigint NOT NULL)`,
  );
  const nowMs = `(extract(epoch from clock_timestamp()) * 1000)::bigint`;
  let hits = 0;
  const sweep = () =>
    void sql.query(`DELETE FROM ${RATE_LIMITS_TABLE} WHERE expires_at < ${nowMs}`).catch(() => {
      /* best effort: the next sweep tries again */
    });
  return {
    kind: 'sql',
    limiter(policy) {
      const id = (key: string) => `${policy.name}:${key}`;
      return {
        policy,
        async consume(key, points = 1) {
          if (++hits % 500 === 0) sweep();
          const { rows } = await sql.query<{ points: number; ms_left: string | number }>(
            `WITH clock AS (SELECT ${nowMs} AS ms)
             INSERT INTO ${RATE_LIMITS_TABLE} AS r (key, points, expires_at)
             SELECT $1, $2, clock.ms + $3 FROM clock
             ON CONFLICT (key) DO UPDATE SET
               points = CASE WHEN r.expires_at <= (SELECT ms FROM clock) THEN EXCLUDED.points ELSE r.points + EXCLUDED.points END,
               expires_at = CASE WHEN r.expires_at <= (SELECT ms FROM clock) THEN EXCLUDED.expires_at ELSE r.expires_at END
             RETURNING r.points, r.expires_at - (SELECT ms FROM clock) AS ms_left`,
            [id(key), points, policy.durationSec * 1000],
          );
          const row = rows[0]!;
          const consumed = Number(row.points);
          return { allowed: consumed <= policy.points, consumed, msBeforeReset: Math.max(0, Number(row.ms_left)) };
        },
        async reward(key, points = 1) {
          await sql.query(`UPDATE ${RATE_LIMITS_TABLE} SET points = greatest(points - $2, 0) WHERE key = $1`, [id(key), points]);
        },
        async delete(key) {
          await sql.query(`DELETE FROM ${RATE_LIMITS_TABLE} WHERE key = $1`, [id(key)]);
        },
      };
    },
  };
}
