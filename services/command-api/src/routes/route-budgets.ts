import type Router from '@koa/router';
import { aiContracts, contracts } from '@ats/contracts';
import { ROUTE_BUDGETS, routeBudget, type RateLimitStore } from '@ats/http-kit';

const PARSING = [contracts.parseResume, contracts.parseResumeFile];
const AI = Object.values(aiContracts).filter((c) => c.method !== 'GET' && !PARSING.some((p) => p.path === c.path));

/**
 * Per-user budgets of the AI calls and of resume parsing, as router middleware on exactly those
 * paths. Registered before the routes, so each request is counted before its handler runs.
 */
export function limitCostlyRoutes(router: Router, store: RateLimitStore) {
  router.use(
    AI.map((c) => c.path),
    routeBudget(store, ROUTE_BUDGETS.ai),
  );
  router.use(
    PARSING.map((c) => c.path),
    routeBudget(store, ROUTE_BUDGETS.resumeParsing),
  );
}
