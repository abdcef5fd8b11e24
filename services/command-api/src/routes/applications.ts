import type Router from '@koa/router';
import { contracts } from '@ats/contracts';
import { bindContract } from '@ats/http-kit';
import {
  attachCandidateToJob,
  changeApplicationStage,
  detachApplication,
  restoreApplication,
  setApplicationSource,
} from '../domain/applications/handlers';
import type { Deps } from '../domain/context';
import { callOf } from './call';

export function applicationRoutes(router: Router, deps: Deps, opts: { validateResponses?: boolean }) {
  bindContract(
    router,
    contracts.createApplication,
    ({ ctx, user, body }) => attachCandidateToJob(deps, callOf(ctx, user), body.candidateId, body.jobId),
    opts,
  );
  bindContract(
    router,
    contracts.changeApplicationStage,
    ({ ctx, user, params, body }) => changeApplicationStage(deps, callOf(ctx, user), params.id, body),
    opts,
  );
  bindContract(router, contracts.detachApplication, ({ ctx, user, params }) => detachApplication(deps, callOf(ctx, user), params.id), opts);
  bindContract(
    router,
    contracts.setApplicationSource,
    ({ ctx, user, params, body }) => setApplicationSource(deps, callOf(ctx, user), params.id, body.source),
    opts,
  );
  bindContract(
    router,
    contracts.restoreApplication,
    ({ ctx, user, params }) => restoreApplication(deps, callOf(ctx, user), params.id),
    opts,
  );
}
