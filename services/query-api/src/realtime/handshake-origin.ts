import { ServerResponse, type IncomingMessage } from 'node:http';
import type Koa from 'koa';
import { requestOrigin } from '@ats/http-kit';

/**
 * The Socket.IO handshake carries the session cookie like any request, so a page on another
 * origin (even same-site, another port) must not open a socket with it: like state-changing HTTP
 * requests, a browser's Origin must be the app's own (scheme://host as Koa sees them, proxy settings
 * included) or one of the configured extra origins. No Origin header means a non-browser client,
 * which carries no ambient credentials risk.
 */
export function handshakeOriginAllowed(app: Koa, req: IncomingMessage, extraOrigins: readonly string[] = []): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  if (extraOrigins.includes(origin)) return true;
  let claimed: string;
  try {
    claimed = new URL(origin).origin;
  } catch {
    return false;
  }
  // scheme, host and port, as for HTTP (forwarded headers count only behind a trusted proxy)
  return claimed === requestOrigin(app.createContext(req, new ServerResponse(req)), { publicOrigin: null });
}
