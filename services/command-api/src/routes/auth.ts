import type Router from '@koa/router';
import { contracts } from '@ats/contracts';
import { bindContract, type Auth } from '@ats/http-kit';

export function authRoutes(router: Router, auth: Auth) {
  bindContract(router, contracts.login, async ({ ctx, body }) => {
    await auth.login(ctx, body.email, body.password);
    return null;
  });
  // contracts.logout, bound by hand because a form post (the confirmation page) is a navigation
  // that must land somewhere: 303 to the home page; the SPA's fetch gets the contract's 204.
  // sameOriginOnly (before the router) refuses it from other sites.
  router.post(contracts.logout.name, contracts.logout.path, (ctx) => {
    auth.logout(ctx);
    if (ctx.get('Sec-Fetch-Mode') === 'navigate' || ctx.is('application/x-www-form-urlencoded')) {
      ctx.status = 303;
      ctx.redirect('/');
      return;
    }
    ctx.status = contracts.logout.status;
  });
}
