import type Router from '@koa/router';
import { contracts } from '@ats/contracts';
import { bindContract, renderLoginPage, type Auth } from '@ats/http-kit';

export function authRoutes(router: Router, auth: Auth, options: { demoHint?: string | null }) {
  router.get('/api/login', (ctx) => {
    if (ctx.state.user) {
      ctx.redirect('/');
      return;
    }
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = renderLoginPage({ next: typeof ctx.query.next === 'string' ? ctx.query.next : '/', demoHint: options.demoHint ?? null });
  });
  router.get('/api/logout', async (ctx) => {
    await auth.logout(ctx);
    ctx.redirect('/');
  });
  bindContract(router, contracts.currentUser, async ({ user }) => user);
}
