import type Router from '@koa/router';
import { contracts } from '@ats/contracts';
import {
  LOGIN_SCRIPT,
  LOGIN_SCRIPT_PATH,
  bindContract,
  isSameOrigin,
  renderLoginPage,
  renderLogoutConfirmPage,
  requestOrigin,
  safeNextPath,
  type Auth,
  type HttpTrust,
} from '@ats/http-kit';

export function authRoutes(router: Router, auth: Auth, options: { demoHint?: string | null; http: HttpTrust }) {
  router.get('/api/login', (ctx) => {
    const next = safeNextPath(ctx.query.next, requestOrigin(ctx, options.http) ?? undefined);
    if (ctx.state.user) {
      ctx.redirect(next);
      return;
    }
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = renderLoginPage({ next, demoHint: options.demoHint ?? null });
  });
  router.get(LOGIN_SCRIPT_PATH, (ctx) => {
    ctx.type = 'text/javascript; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = LOGIN_SCRIPT;
  });
  // SPEC: Sign out navigates to /api/logout. Only the app's own pages may end the session this
  // way; a link, <img> or redirect from another site gets a page that asks to confirm by POST.
  router.get('/api/logout', async (ctx) => {
    if (!isSameOrigin(ctx, options.http)) {
      ctx.type = 'html';
      ctx.set('Cache-Control', 'no-store');
      ctx.body = renderLogoutConfirmPage();
      return;
    }
    await auth.logout(ctx);
    ctx.redirect('/');
  });
  bindContract(router, contracts.currentUser, async ({ user }) => user);
}
