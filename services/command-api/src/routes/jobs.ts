import type Router from '@koa/router';
import { contracts } from '@ats/contracts';
import { bindContract } from '@ats/http-kit';
import type { Deps } from '../domain/context';
import { createJob, deleteJob, restoreJob, updateJob } from '../domain/jobs/handlers';
import { postJobToLinkedin } from '../domain/linkedin/handlers';
import { callOf } from './call';

export function jobRoutes(router: Router, deps: Deps, opts: { validateResponses?: boolean }) {
  bindContract(router, contracts.createJob, ({ ctx, user, body }) => createJob(deps, callOf(ctx, user), body), opts);
  bindContract(router, contracts.updateJob, ({ ctx, user, params, body }) => updateJob(deps, callOf(ctx, user), params.id, body), opts);
  bindContract(router, contracts.deleteJob, ({ ctx, user, params }) => deleteJob(deps, callOf(ctx, user), params.id), opts);
  bindContract(router, contracts.restoreJob, ({ ctx, user, params }) => restoreJob(deps, callOf(ctx, user), params.id), opts);
  bindContract(router, contracts.createLinkedinJobPost, ({ ctx, user, body }) => postJobToLinkedin(deps, callOf(ctx, user), body), opts);
}
