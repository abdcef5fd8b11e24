import type Router from '@koa/router';
import { contracts } from '@ats/contracts';
import { bindContract } from '@ats/http-kit';
import type { Deps } from '../domain/context';
import { createJob } from '../domain/jobs/handlers';
import { callOf } from './call';

export function jobRoutes(router: Router, deps: Deps, opts: { validateResponses?: boolean }) {
  bindContract(router, contracts.createJob, ({ ctx, user, body }) => createJob(deps, callOf(ctx, user), body), opts);
}
