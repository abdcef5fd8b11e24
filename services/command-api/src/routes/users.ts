import type Router from '@koa/router';
import { contracts } from '@ats/contracts';
import { bindContract } from '@ats/http-kit';
import type { Deps } from '../domain/context';
import { registerUser, resetUserPassword, updateUser } from '../domain/users/handlers';
import { callOf } from './call';

/** Admin-only user management (the contracts' roles say so; bindContract enforces it). */
export function userRoutes(router: Router, deps: Deps, opts: { validateResponses?: boolean }) {
  bindContract(
    router,
    contracts.createUser,
    async ({ ctx, user, body }) => {
      const { userId, position } = await registerUser(deps, callOf(ctx, user), body);
      return { userId, position };
    },
    opts,
  );
  bindContract(router, contracts.updateUser, ({ ctx, user, params, body }) => updateUser(deps, callOf(ctx, user), params.id, body), opts);
  bindContract(
    router,
    contracts.resetUserPassword,
    ({ ctx, user, params, body }) => resetUserPassword(deps, callOf(ctx, user), params.id, body.password),
    opts,
  );
}
