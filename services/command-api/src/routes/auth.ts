import type Router from '@koa/router';
import { contracts } from '@ats/contracts';
import { bindContract, type Auth } from '@ats/http-kit';

export function authRoutes(router: Router, auth: Auth) {
  bindContract(router, contracts.login, async ({ ctx, body }) => {
    await auth.login(ctx, body.email, body.password);
    return null;
  });
}
