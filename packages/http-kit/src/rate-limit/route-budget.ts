import type { Context, Next } from 'koa';
import { DomainError, TooManyRequestsError } from '../errors';
import { retryAfterSeconds, type RateLimitPolicy, type RateLimitStore } from './store';

/**
 * Per-user budgets of the costly routes. Generous enough that no one working normally meets them
 * (an AI call takes seconds to read; parsing is one click per resume), tight enough that one
 * account cannot run up the LLM bill or keep the parsing workers busy for everyone else.
 */
export const ROUTE_BUDGETS = {
  ai: { name: 'route-ai', points: 30, durationSec: 60, what: 'AI requests' },
  resumeParsing: { name: 'route-resume-parsing', points: 20, durationSec: 60, what: 'resume parses' },
  // a whole list, the audit log or a person's zip read at once: a person clicks a few a minute
  exports: { name: 'route-exports', points: 20, durationSec: 60, what: 'exports' },
} as const satisfies Record<string, RateLimitPolicy & { what: string }>;

/**
 * Koa middleware that counts each request against the signed-in user's budget before the handler
 * runs, and answers 429 problem+json with Retry-After once it is spent. A request the route then
 * refuses with a 4xx is given back. Signed-out requests pass through to the route's own 401.
 */
export function routeBudget(store: RateLimitStore, budget: RateLimitPolicy & { what: string }) {
  const limiter = store.limiter(budget);
  return async (ctx: Context, next: Next) => {
    const user = ctx.state.user;
    if (!user) return next();
    const result = await limiter.consume(user.id);
    if (!result.allowed) {
      const seconds = retryAfterSeconds(result.msBeforeReset);
      const per = budget.durationSec === 60 ? 'minute' : `${budget.durationSec} s`;
      throw new TooManyRequestsError(
        seconds,
        `Too many ${budget.what}: at most ${budget.points} per ${per}. Try again in ${seconds} s.`,
        'rate_limited',
      );
    }
    try {
      await next();
    } catch (error) {
      // a request the route refused (bad input, unknown id) did no costly work: it does not count
      const status = error instanceof DomainError ? error.status : 500;
      if (status < 500 && status !== 429) await limiter.reward(user.id).catch(() => {});
      throw error;
    }
  };
}
