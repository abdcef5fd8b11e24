import type { Context, Next } from 'koa';
import { ForbiddenError } from './errors';
import { DEFAULT_HTTP_TRUST, originOf, requestOrigin, type HttpTrust } from './web-security';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a request comes from the app's own pages: its Origin (or, when a browser sent none,
 * its Referer) must equal the app's origin as a whole, scheme://host:port, so neither
 * http://app from an https deployment nor another port on the same host passes. Without either
 * header, Sec-Fetch-Site tells cross-site from same-origin; a request with none of them (curl,
 * server-to-server) carries no ambient browser credentials and counts as same-origin.
 */
export function isSameOrigin(
  ctx: Context,
  trust: Pick<HttpTrust, 'publicOrigin'> = DEFAULT_HTTP_TRUST,
  extraOrigins: readonly string[] = [],
) {
  const own = requestOrigin(ctx, trust);
  const claimed = ctx.get('Origin') || (ctx.get('Referer') ? (originOf(ctx.get('Referer')) ?? 'null') : '');
  if (claimed) {
    const origin = originOf(claimed);
    return origin !== null && (origin === own || extraOrigins.includes(origin));
  }
  const site = ctx.get('Sec-Fetch-Site');
  return site !== 'cross-site' && site !== 'same-site';
}

/** State-changing requests must come from the app's own origin (see isSameOrigin). */
export function sameOriginOnly(trust: Pick<HttpTrust, 'publicOrigin'> = DEFAULT_HTTP_TRUST, extraOrigins: readonly string[] = []) {
  return async (ctx: Context, next: Next) => {
    if (!SAFE.has(ctx.method) && !isSameOrigin(ctx, trust, extraOrigins)) throw new ForbiddenError('Cross-origin request refused');
    await next();
  };
}
