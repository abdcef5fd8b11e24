/**
 * Shared, atomic fixed-window counters behind every rate limit (sign-in throttle, AI and resume
 * parsing budgets). A hit is counted BEFORE the work it guards, in one atomic step, so parallel
 * requests can never all read "under the limit" and then all proceed.
 *
 * Adapters: Redis (rate-limiter-flexible, every scaled-out command-api instance shares it), the
 * SQL store (PGlite/PostgreSQL: one upsert on a small table; survives restarts), and memory (one
 * process only: the default for tests and tools that start an app without a store).
 */
export interface RateLimitPolicy {
  /** a stable name; counters of different policies never mix */
  name: string;
  /** hits allowed per window */
  points: number;
  /** window length in seconds, from the first hit */
  durationSec: number;
}

export interface RateLimitResult {
  /** false once the window holds more than `points` hits (this one included) */
  allowed: boolean;
  /** hits in the current window, this one included */
  consumed: number;
  /** until the window closes */
  msBeforeReset: number;
}

export interface RateLimiter {
  readonly policy: RateLimitPolicy;
  /** counts `points` hits for `key` atomically and says whether they fit the budget */
  consume(key: string, points?: number): Promise<RateLimitResult>;
  /** gives back hits that turned out not to count (e.g. a successful sign-in) */
  reward(key: string, points?: number): Promise<void>;
  /** forgets the key's window */
  delete(key: string): Promise<void>;
}

export interface RateLimitStore {
  readonly kind: 'memory' | 'sql' | 'redis';
  limiter(policy: RateLimitPolicy): RateLimiter;
}

/** One process's counters: correct as long as a single process serves the API. */
export function createMemoryRateLimitStore(now: () => number = Date.now): RateLimitStore {
  const windows = new Map<string, { points: number; resetAt: number }>();
  let hits = 0;
  const sweep = () => {
    const t = now();
    for (const [key, w] of windows) if (w.resetAt <= t) windows.delete(key);
  };
  return {
    kind: 'memory',
    limiter(policy) {
      const id = (key: string) => `${policy.name}:${key}`;
      return {
        policy,
        async consume(key, points = 1) {
          if (++hits % 1000 === 0) sweep();
          const t = now();
          let w = windows.get(id(key));
          if (!w || w.resetAt <= t) windows.set(id(key), (w = { points: 0, resetAt: t + policy.durationSec * 1000 }));
          w.points += points;
          return { allowed: w.points <= policy.points, consumed: w.points, msBeforeReset: w.resetAt - t };
        },
        async reward(key, points = 1) {
          const w = windows.get(id(key));
          if (w) w.points = Math.max(0, w.points - points);
        },
        async delete(key) {
          windows.delete(id(key));
        },
      };
    },
  };
}

/** Seconds for a Retry-After header: never 0, so a client does not retry at once. */
export const retryAfterSeconds = (msBeforeReset: number) => Math.max(1, Math.ceil(msBeforeReset / 1000));
