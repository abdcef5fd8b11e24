import type Router from '@koa/router';
import { contracts } from '@ats/contracts';
import { bindContract } from '@ats/http-kit';
import type { Deps } from '../domain/context';
import { changeTask, deleteTask, reassignTask, restoreTask } from '../domain/tasks/handlers';
import { callOf } from './call';

/** Tasks beyond create and tick (those two are in schedule.ts): edit, reassign, delete and its Undo. */
export function taskRoutes(router: Router, deps: Deps, opts: { validateResponses?: boolean }) {
  bindContract(router, contracts.changeTask, ({ ctx, user, params, body }) => changeTask(deps, callOf(ctx, user), params.id, body), opts);
  bindContract(
    router,
    contracts.reassignTask,
    ({ ctx, user, params, body }) => reassignTask(deps, callOf(ctx, user), params.id, body.assignedTo),
    opts,
  );
  bindContract(router, contracts.deleteTask, ({ ctx, user, params }) => deleteTask(deps, callOf(ctx, user), params.id), opts);
  bindContract(router, contracts.restoreTask, ({ ctx, user, params }) => restoreTask(deps, callOf(ctx, user), params.id), opts);
}
