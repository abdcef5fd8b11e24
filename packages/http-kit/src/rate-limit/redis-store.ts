import { StoreUnavailableError } from '@ats/storage';
import type { RateLimitStore } from './store';

/**
 * Counters in Redis through rate-limiter-flexible (one Lua INCR + TTL per hit, atomic), shared by
 * every instance on that Redis. `client` is a connected node-redis client. The package is loaded
 * here, lazily, so services that never count in Redis do not need it installed.
 */
export async function createRedisRateLimitStore(client: object, options: { prefix?: string } = {}): Promise<RateLimitStore> {
  const { RateLimiterRedis, RateLimiterRes } = await import('rate-limiter-flexible');
  const prefix = options.prefix ?? 'ats:rl';
  const unavailable = (error: unknown) =>
    error instanceof RateLimiterRes ? error : new StoreUnavailableError(`Redis unavailable: ${String(error)}`, error);
  return {
    kind: 'redis',
    limiter(policy) {
      const limiter = new RateLimiterRedis({
        storeClient: client,
        useRedisPackage: true,
        keyPrefix: `${prefix}:${policy.name}`,
        points: policy.points,
        duration: policy.durationSec,
      });
      return {
        policy,
        async consume(key, points = 1) {
          try {
            const res = await limiter.consume(key, points);
            return { allowed: true, consumed: res.consumedPoints, msBeforeReset: res.msBeforeNext };
          } catch (error) {
            // over the budget, rate-limiter-flexible rejects with the counter itself
            const res = unavailable(error);
            if (!(res instanceof RateLimiterRes)) throw res;
            return { allowed: false, consumed: res.consumedPoints, msBeforeReset: res.msBeforeNext };
          }
        },
        async reward(key, points = 1) {
          await limiter.reward(key, points).catch((error: unknown) => {
            throw unavailable(error);
          });
        },
        async delete(key) {
          await limiter.delete(key).catch((error: unknown) => {
            throw unavailable(error);
          });
        },
      };
    },
  };
}
