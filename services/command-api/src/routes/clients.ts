import type Router from '@koa/router';
import { contracts } from '@ats/contracts';
import { bindContract } from '@ats/http-kit';
import { createClient } from '../domain/clients/handlers';
import type { Deps } from '../domain/context';
import { callOf } from './call';

export function clientRoutes(router: Router, deps: Deps, opts: { validateResponses?: boolean }) {
  bindContract(router, contracts.createClient, ({ ctx, user, body }) => createClient(deps, callOf(ctx, user), body), opts);
}
