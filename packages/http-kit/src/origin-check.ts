import type { Context, Next } from 'koa';
import { ForbiddenError } from './errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing requests must come from the app's own origin: a browser always sends Origin
 * on cross-origin POST/PUT/PATCH/DELETE, and Sec-Fetch-Site tells same-origin from cross-site.
 * Requests without either (server-to-server clients, curl) carry no ambient browser credentials
 * risk and are allowed.
 */
export function sameOriginOnly(extraOrigins: readonly string[] = []) {
  return async (ctx: Context, next: Next) => {
    if (!SAFE.has(ctx.method)) {
      const origin = ctx.get('Origin');
      const site = ctx.get('Sec-Fetch-Site');
      if (origin) {
        let host: string | null;
        try {
          host = new URL(origin).host;
        } catch {
          host = null;
        }
        if (host !== ctx.host && !extraOrigins.includes(origin)) throw new ForbiddenError('Cross-origin request refused');
      } else if (site === 'cross-site') {
        throw new ForbiddenError('Cross-origin request refused');
      }
    }
    await next();
  };
}
