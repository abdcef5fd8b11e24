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
export function ambiguousRequest(req: Pick<IncomingMessage, 'rawHeaders'> & Partial<Pick<IncomingMessage, 'httpVersion'>>): string | null {
  let hosts = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (req.rawHeaders[i]!.toLowerCase() !== 'host') continue;
    hosts += 1;
    if (!/^[A-Za-z0-9.\-_~]*(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(req.rawHeaders[i + 1]!))
      return 'The Host header is malformed.';
  }
  // HTTP/1.1 requires one (Node's own check answered a bare 400: it is off, see answerClientErrorsAsProblems)
  if (hosts === 0 && req.httpVersion === '1.1') return 'The request has no Host header.';
  return hosts > 1 ? 'The request has more than one Host header.' : null;
}

/**
 * An absolute-form request target (`GET http://host/api/x HTTP/1.1`, RFC 9112 §3.2.2) is taken as
 * its origin form: `req.url` becomes the path and query, so it routes like `GET /api/x` (it got the
 * SPA's page before: sweep three). As the RFC says, the target's authority replaces the Host header,
 * checked like one (a plain host[:port], no user info): both come from the client alike, so neither
 * is trusted more (PUBLIC_ORIGIN still decides the origin when set). The scheme is never taken from
 * the target: https is what the socket or a trusted proxy says. Any other target that is not a path
 * or `*` (authority form outside CONNECT) gives a reason for a 400. Returns null when the request
 * is fine (rewritten or not).
 */
export function toOriginForm(req: Pick<IncomingMessage, 'url' | 'headers' | 'method'>): string | null {
  const url = req.url ?? '/';
  if (url.startsWith('/') || (url === '*' && req.method === 'OPTIONS')) return null;
  const match = /^https?:\/\/([^/?#]*)([^#]*)/i.exec(url);
  if (!match) return 'The request target is neither a path nor an absolute http(s) URL.';
  const authority = match[1]!;
  if (!/^[A-Za-z0-9.\-_~]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(authority))
    return 'The request target names no plain host[:port].';
  const rest = match[2]!;
  req.url = rest.startsWith('/') ? rest : `/${rest}`;
  req.headers.host = authority;
  return null;
}

/** Koa: refuses ambiguous requests (see ambiguousRequest) and takes an absolute-form target as its path (toOriginForm), before anything reads them. */
export function rejectAmbiguousRequests() {
  return async (ctx: Context, next: Next) => {
    const problem = ambiguousRequest(ctx.req) ?? toOriginForm(ctx.req);
    if (problem) throw new DomainError(400, 'bad_request', 'Bad Request', problem);
    await next();
  };
}

/** the paths every service serves to GET and HEAD only: its health and its metrics */
export const GET_ONLY_PATHS: readonly string[] = Object.freeze(['/healthz', '/metrics']);

/**
 * Koa: `/healthz` and `/metrics` answer GET and HEAD; OPTIONS is a 204 and any other method
 * (TRACE, POST, PROPFIND, …) a 405 problem, each with `Allow` (`/healthz` answered every method
 * with its status, `/metrics` a bare 404: sweep four).
 */
export function getOnlyPaths(paths: readonly string[] = GET_ONLY_PATHS) {
  return async (ctx: Context, next: Next) => {
    if (!paths.includes(ctx.path) || ctx.method === 'GET' || ctx.method === 'HEAD') return next();
    ctx.set('Allow', GET_ONLY_ALLOW);
    if (ctx.method === 'OPTIONS') {
      ctx.set('Cache-Control', 'no-store');
      ctx.status = 204;
      return;
    }
    throw new DomainError(405, 'method_not_allowed', 'Method Not Allowed', getOnlyRefusal(ctx.method));
  };
}

const GET_ONLY_ALLOW = 'GET, HEAD, OPTIONS';
const getOnlyRefusal = (method: string) => `${method} is not allowed here; allowed: ${GET_ONLY_ALLOW}.`;

/**
 * getOnlyPaths for a plain Node server (the projector's own port has no Koa): answers a request
 * that is not GET or HEAD as getOnlyPaths does (OPTIONS 204, else a 405 problem, with `Allow`) and
 * returns true; returns false, answering nothing, for GET and HEAD. The projector's `/healthz`
 * answered every method with its status (sweep five).
 */
export function refuseNonGet(req: IncomingMessage, res: import('node:http').ServerResponse): boolean {
  if (req.method === 'GET' || req.method === 'HEAD') return false;
  if (req.method === 'OPTIONS') {
    res.writeHead(204, { ...SECURITY_HEADERS, Allow: GET_ONLY_ALLOW, 'Cache-Control': 'no-store' }).end();
    return true;
  }
  answerProblem(res, 405, 'Method Not Allowed', 'method_not_allowed', getOnlyRefusal(req.method ?? ''), { Allow: GET_ONLY_ALLOW });
  return true;
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
  // sweep three: these three got Node's bare answers (or none): now a problem+json each
  // - an HTTP/1.1 request without Host: ambiguousRequest refuses it with a problem
  (server as { requireHostHeader?: boolean }).requireHostHeader = false;
  // - CONNECT (no listener: the socket was closed without a word)
  server.on('connect', (_req: IncomingMessage, socket: import('node:stream').Duplex) => {
    socket.on('error', () => socket.destroy());
    socket.end(
      rawProblem(405, 'Method Not Allowed', 'method_not_allowed', 'CONNECT is not allowed: this is not a proxy.', {
        Allow: 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
      }),
    );
  });
  // - an Expect other than 100-continue (a bare 417 with an empty chunked body)
  server.on('checkExpectation', (req: IncomingMessage, res: import('node:http').ServerResponse) => {
    req.resume();
    const body = problemBody(417, 'Expectation Failed', 'expectation_failed', 'Only "Expect: 100-continue" is understood.');
    res.writeHead(417, {
      ...SECURITY_HEADERS,
      'Content-Type': 'application/problem+json',
      'Content-Length': String(Buffer.byteLength(body)),
      Connection: 'close',
    });
    res.end(body);
  });
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
    socket.end(rawProblem(status, title, code, detail));
  });
}

function problemBody(status: number, title: string, code: string, detail: string): string {
  return JSON.stringify({ type: `https://ats.example/problems/${code.replace(/_/g, '-')}`, title, status, detail, code });
}

/** a whole HTTP/1.1 problem+json reply as bytes, for a socket no ServerResponse owns */
export function rawProblem(status: number, title: string, code: string, detail: string, extra: Record<string, string> = {}): string {
  const body = problemBody(status, title, code, detail);
  const headers = {
    ...SECURITY_HEADERS,
    ...extra,
    'Content-Type': 'application/problem+json',
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
  };
  return `HTTP/1.1 ${status} ${title}\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n${body}`;
}

/**
 * Answers a plain Node response with a problem+json and the security headers, for the servers
 * and hooks outside Koa (Engine.IO's middleware, the projector's own port).
 */
export function answerProblem(
  res: import('node:http').ServerResponse,
  status: number,
  title: string,
  code: string,
  detail: string,
  extra: Record<string, string> = {},
): void {
  const body = problemBody(status, title, code, detail);
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    ...extra,
    'Content-Type': 'application/problem+json',
    'Content-Length': String(Buffer.byteLength(body)),
  });
  res.end(res.req?.method === 'HEAD' ? undefined : body);
}
