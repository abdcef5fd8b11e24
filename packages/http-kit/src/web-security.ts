import type { IncomingMessage } from 'node:http';
import type Koa from 'koa';
import type { Context, Next } from 'koa';
import { z } from 'zod';
import { DomainError } from './errors';

/**
 * The Content-Security-Policy of every response (API, SPA, sign-in page, errors). The SPA and
 * the sign-in page load only same-origin scripts; Emotion (Joy UI) injects <style> elements, so
 * inline styles stay allowed. 'self' in connect-src covers the same-origin Socket.IO (ws/wss)
 * connection. Avatars may be https URLs of another host; the bundle inlines small images and
 * fonts as data: URLs.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Sent on every response of every service (the standalone's raw handler sets them too). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
});

/** Koa: the security headers, set first so that error replies carry them too. */
export function securityHeaders() {
  return async (ctx: Context, next: Next) => {
    ctx.set(SECURITY_HEADERS as Record<string, string>);
    await next();
  };
}

/** How the services sit behind proxies; the same for command-api, query-api and the standalone. */
export interface HttpTrust {
  /** trusted reverse-proxy hops in front of the app (0 = none: X-Forwarded-* are ignored) */
  trustProxy: number;
  /** the public origin (scheme://host[:port]) browsers use; null = the request's own origin */
  publicOrigin: string | null;
}

export const DEFAULT_HTTP_TRUST: HttpTrust = Object.freeze({ trustProxy: 0, publicOrigin: null });

/**
 * Koa honours X-Forwarded-For/-Host/-Proto only with `proxy` on. Anyone can send those headers,
 * so they are believed only when a known number of proxies sits in front (TRUST_PROXY); then
 * ctx.ip is the address the nearest trusted proxy saw (the right-most `maxIpsCount` entries).
 */
export function applyProxyTrust(app: Koa, trust: Pick<HttpTrust, 'trustProxy'>): void {
  app.proxy = trust.trustProxy > 0;
  app.maxIpsCount = trust.trustProxy;
}

/** Env fields shared by every service that serves HTTP. */
export const HttpTrustEnvShape = {
  /** number of trusted reverse-proxy hops (default 0: X-Forwarded-* headers are ignored) */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** Secure cookies: true, false, or auto (Secure when the request is https; default) */
  SECURE_COOKIES: z.enum(['true', 'false', 'auto']).default('auto'),
  /** the origin browsers use (e.g. https://ats.example.com); default: each request's own origin */
  PUBLIC_ORIGIN: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v) return null;
      const origin = originOf(v);
      if (!origin || !/^https?:$/.test(new URL(origin).protocol)) {
        ctx.addIssue({ code: 'custom', message: 'must be an http(s) origin such as https://ats.example.com' });
        return z.NEVER;
      }
      return origin;
    }),
};

/** The secure-cookie setting as createAuth takes it. */
export function secureCookiesOf(value: 'true' | 'false' | 'auto'): boolean | 'auto' {
  return value === 'auto' ? 'auto' : value === 'true';
}

/** scheme://host[:port] of a URL (default ports dropped), or null when it is not a URL. */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.origin === 'null' ? null : parsed.origin;
  } catch {
    return null;
  }
}

/**
 * The origin this request was addressed to: PUBLIC_ORIGIN when set, else scheme://host as Koa
 * sees them (forwarded headers only count when the proxy is trusted).
 */
export function requestOrigin(ctx: Context, trust: Pick<HttpTrust, 'publicOrigin'>): string | null {
  if (trust.publicOrigin) return trust.publicOrigin;
  const host = ctx.host;
  if (!host) return null;
  return originOf(`${ctx.protocol}://${host}`);
}

/**
 * A request whose meaning depends on which copy of a header one believes: two Host headers
 * (RFC 9112: answer 400), or a Host that is not a plain host[:port]. Node's parser already
 * refuses duplicate Content-Length and Content-Length with Transfer-Encoding.
 */
export function ambiguousRequest(req: Pick<IncomingMessage, 'rawHeaders'>): string | null {
  let hosts = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (req.rawHeaders[i]!.toLowerCase() !== 'host') continue;
    hosts += 1;
    if (!/^[A-Za-z0-9.\-_~]*(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(req.rawHeaders[i + 1]!))
      return 'The Host header is malformed.';
  }
  return hosts > 1 ? 'The request has more than one Host header.' : null;
}

/** Koa: refuses ambiguous requests (see ambiguousRequest) before anything reads them. */
export function rejectAmbiguousRequests() {
  return async (ctx: Context, next: Next) => {
    const problem = ambiguousRequest(ctx.req);
    if (problem) throw new DomainError(400, 'bad_request', 'Bad Request', problem);
    await next();
  };
}

/** requests whose connection turned unreadable before their body was read: that body never ends */
export const unreadableBodies = new WeakSet<import('node:http').IncomingMessage>();

/** how long a request in flight when its connection turned unreadable may take to answer */
const IN_FLIGHT_GRACE_MS = 5_000;

/**
 * Requests Node's parser refuses before any handler runs (headers or URL too large, malformed
 * request line, headers that never finish) are answered like every other error: a problem+json
 * with the security headers, not Node's bare status line. A socket reset by the client is only
 * closed; one whose request is already in the app closes once that request is answered.
 */

export function answerClientErrorsAsProblems(server: import('node:http').Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: import('node:stream').Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    // A request already in the app (a body whose chunked framing breaks, bytes after a body its
    // Content-Length cut short): the parser cannot go on, but the app's reply to that request,
    // a problem+json, is let out before the connection closes (it was cut off before: sweep two).
    const inFlight = (socket as { _httpMessage?: import('node:http').ServerResponse })._httpMessage;
    if (inFlight) {
      if (inFlight.writableFinished) {
        socket.destroy();
        return;
      }
      inFlight.shouldKeepAlive = false;
      // a body still to be read never ends now: its reader fails at once (jsonBody), now or when it starts
      const req = inFlight.req;
      if (req && !req.complete) {
        unreadableBodies.add(req);
        if (req.listenerCount('error') > 0)
          req.emit('error', Object.assign(new Error('The request body could not be parsed.'), { status: 400, expose: true }));
      }
      const close = () => socket.destroy();
      inFlight.once('finish', close).once('close', close);
      setTimeout(close, IN_FLIGHT_GRACE_MS).unref();
      return;
    }
    const [status, title, code, detail] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? ([431, 'Request Header Fields Too Large', 'header_fields_too_large', 'The request line or headers are too large.'] as const)
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? ([408, 'Request Timeout', 'request_timeout', 'The request took too long to arrive.'] as const)
          : ([400, 'Bad Request', 'bad_request', 'The request could not be parsed.'] as const);
    const body = JSON.stringify({ type: `https://ats.example/problems/${code.replace(/_/g, '-')}`, title, status, detail, code });
    const headers = {
      ...SECURITY_HEADERS,
      'Content-Type': 'application/problem+json',
      'Content-Length': String(Buffer.byteLength(body)),
      Connection: 'close',
    };
    socket.end(
      `HTTP/1.1 ${status} ${title}\r\n${Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('')}\r\n${body}`,
    );
  });
}
