import { randomUUID } from 'node:crypto';
import type Koa from 'koa';
import type { Context, Next } from 'koa';
import type { Logger } from './log';
import { observeRequest } from './metrics';

declare module 'koa' {
  interface DefaultState {
    /** this request's id (X-Request-Id), for log lines and problem replies */
    requestId?: string;
  }
}

/** An incoming X-Request-Id is kept only when it is a plain token (no spaces, quotes or newlines to forge log lines with). */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export function requestIdOf(incoming: string | undefined): string {
  return incoming && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Paths whose last segment is a credential (a personal calendar-feed link: whoever has it reads
 * the person's interviews without signing in; `rotate` is the reset command): logged with that
 * segment replaced.
 */
const CREDENTIAL_PATHS: readonly RegExp[] = [/^(\/api\/calendar\/feed\/)(?!rotate$)[^/]+?(\.ics)?$/i];

/** A request path as it may be written to a log: no credential in it, at most 300 characters. */
export function loggablePath(path: string): string {
  let safe = path;
  for (const pattern of CREDENTIAL_PATHS)
    safe = safe.replace(pattern, (_, prefix: string, ext?: string) => `${prefix}[redacted]${ext ?? ''}`);
  return safe.length > 300 ? safe.slice(0, 300) + '…' : safe;
}

/**
 * One log line per request: method, path (never the query string, which may carry tokens, nor a
 * credential in the path: `loggablePath`),
 * status, ms, the client address as trusted (ctx.ip) and the request id, echoed in X-Request-Id.
 * Health checks log at debug so probes do not drown the rest.
 */
export function requestLog(log: Logger, service = 'api') {
  return async (ctx: Context, next: Next) => {
    const started = performance.now();
    const requestId = requestIdOf(ctx.get('X-Request-Id') || undefined);
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    try {
      await next();
    } finally {
      const fields = {
        reqId: requestId,
        method: ctx.method,
        path: loggablePath(ctx.path),
        status: ctx.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        ip: ctx.ip,
        ...(ctx.state.user ? { userId: ctx.state.user.id } : {}),
      };
      observeRequest(service, ctx, (performance.now() - started) / 1000);
      if (ctx.path === '/healthz') log.debug('request', fields);
      else log.info('request', fields);
    }
  };
}

/**
 * Koa's default error listener prints a multi-line stack to stderr for every request that ends
 * badly outside the middleware chain (a client that hangs up mid-body, a truncated request): one
 * structured line instead.
 */
export function logAppErrors(app: Koa, log: Logger): void {
  app.on('error', (err: Error & { status?: number; code?: string }, ctx?: Context) => {
    const fields = {
      err: err.message,
      code: err.code,
      status: err.status,
      method: ctx?.method,
      path: ctx ? loggablePath(ctx.path) : undefined,
      reqId: ctx?.state?.requestId,
    };
    if (err.status && err.status < 500) log.warn('request failed', fields);
    else if (
      err.code === 'ECONNRESET' ||
      err.code === 'HPE_INVALID_EOF_STATE' ||
      err.message === 'Parse Error' ||
      err.message === 'aborted'
    )
      log.warn('client went away', fields);
    else log.error('request error', { ...fields, err });
  });
}
