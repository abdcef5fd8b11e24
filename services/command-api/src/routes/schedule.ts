import type Router from '@koa/router';
import { contracts } from '@ats/contracts';
import { bindContract } from '@ats/http-kit';
import type { Deps } from '../domain/context';
import {
  cancelInterview,
  completeInterview,
  reinstateInterview,
  rescheduleInterview,
  scheduleInterview,
  updateInterview,
} from '../domain/interviews/handlers';
import { createTask, setTaskStatus } from '../domain/tasks/handlers';
import { callOf } from './call';

/** Interviews and tasks: the dashboard's day. */
export function scheduleRoutes(router: Router, deps: Deps, opts: { validateResponses?: boolean }) {
  bindContract(router, contracts.scheduleInterview, ({ ctx, user, body }) => scheduleInterview(deps, callOf(ctx, user), body), opts);
  bindContract(
    router,
    contracts.rescheduleInterview,
    ({ ctx, user, params, body }) => rescheduleInterview(deps, callOf(ctx, user), params.id, body),
    opts,
  );
  bindContract(
    router,
    contracts.cancelInterview,
    ({ ctx, user, params, body }) => cancelInterview(deps, callOf(ctx, user), params.id, body.reason),
    opts,
  );
  bindContract(
    router,
    contracts.reinstateInterview,
    ({ ctx, user, params }) => reinstateInterview(deps, callOf(ctx, user), params.id),
    opts,
  );
  bindContract(
    router,
    contracts.completeInterview,
    ({ ctx, user, params, body }) => completeInterview(deps, callOf(ctx, user), params.id, body),
    opts,
  );
  bindContract(
    router,
    contracts.updateInterview,
    ({ ctx, user, params, body }) => updateInterview(deps, callOf(ctx, user), params.id, body),
    opts,
  );
  bindContract(router, contracts.createTask, ({ ctx, user, body }) => createTask(deps, callOf(ctx, user), body), opts);
  bindContract(
    router,
    contracts.updateTask,
    ({ ctx, user, params, body }) => setTaskStatus(deps, callOf(ctx, user), params.id, body.status),
    opts,
  );
}
