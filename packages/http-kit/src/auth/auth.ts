import { randomBytes } from 'node:crypto';
import { ServerResponse, type IncomingMessage } from 'node:http';
import type Koa from 'koa';
import type { Context, Next } from 'koa';
import session from 'koa-session';
import type { DocumentStore } from '@ats/storage';
import type { CurrentUser } from '@ats/contracts';
import { TooManyRequestsError, UnauthorizedError } from '../errors';
import { createAccountStore, type Account } from './accounts';
import { DUMMY_HASH_PROMISE, verifyPassword } from './password';
import { createSessionStore } from './session-store';
import { createLoginThrottle } from './throttle';

export const SESSION_COOKIE = 'ats.sid';
const SESSION_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export interface AuthOptions {
  documents: DocumentStore;
  /** signs the session cookie */
  sessionSecret: string;
  /** Secure cookies: always, never, or 'auto' (when the request is https: ctx.secure, which
   * believes X-Forwarded-Proto only behind a trusted proxy) */
  secureCookies: boolean | 'auto';
}

declare module 'koa' {
  interface DefaultState {
    user?: CurrentUser;
  }
}

export function toCurrentUser(account: Account): CurrentUser {
  return {
    id: account.id,
    email: account.email,
    firstName: account.firstName,
    lastName: account.lastName,
    profileImageUrl: account.profileImageUrl,
    role: account.role,
  };
}

/**
 * Sessions (koa-session with the server-side store), the current-user middleware, sign-in with
 * throttling, sign-out, and authentication of raw requests (the Socket.IO handshake).
 */
export function createAuth(options: AuthOptions) {
  const accounts = createAccountStore(options.documents);
  const sessions = createSessionStore(options.documents);
  const throttle = createLoginThrottle();

  const sessionConfig = {
    key: SESSION_COOKIE,
    maxAge: SESSION_MAX_AGE_MS,
    httpOnly: true,
    signed: true,
    sameSite: 'lax',
    secure: options.secureCookies === true,
    rolling: false,
    renew: true,
    genid: () => randomBytes(24).toString('base64url'),
    store: {
      get: (key: string) => sessions.get(key),
      set: (key: string, sess: Record<string, unknown>, maxAge: number) => sessions.set(key, sess, maxAge || SESSION_MAX_AGE_MS),
      destroy: (key: string) => sessions.destroy(key),
    },
  };

  async function userFromSession(sess: Record<string, unknown> | null | undefined): Promise<CurrentUser | null> {
    const userId = sess?.userId;
    if (typeof userId !== 'string') return null;
    const account = await accounts.getRecent(userId);
    return account && account.active ? toCurrentUser(account) : null;
  }

  return {
    accounts,
    sessions,
    async init() {
      await accounts.init();
      await sessions.init();
    },
    /** install on an app: sets app.keys, the session middleware and ctx.state.user */
    install(app: Koa) {
      app.keys = [options.sessionSecret];
      app.use(session(sessionConfig as Parameters<typeof session>[0], app));
      if (options.secureCookies === 'auto')
        app.use(async (ctx: Context, next: Next) => {
          // koa-session copies its options per request: mark this reply's cookie Secure over https
          (ctx.sessionOptions as { secure?: boolean }).secure = ctx.secure;
          await next();
        });
      app.use(async (ctx: Context, next: Next) => {
        const user = await userFromSession(ctx.session as Record<string, unknown> | null);
        if (user) ctx.state.user = user;
        await next();
      });
    },
    async login(ctx: Context, email: string, password: string): Promise<CurrentUser> {
      const keys = [`email:${email.trim().toLowerCase()}`, `ip:${ctx.ip}`];
      const decision = throttle.check(keys);
      if (decision.lockedForSeconds > 0) throw new TooManyRequestsError(decision.lockedForSeconds);
      if (decision.delayMs > 0) await new Promise((r) => setTimeout(r, decision.delayMs));
      const account = await accounts.findByEmail(email);
      const ok = await verifyPassword(password, account?.passwordHash ?? (await DUMMY_HASH_PROMISE));
      if (!account || !ok || !account.active) {
        throttle.fail(keys);
        throw new UnauthorizedError('Invalid email or password');
      }
      throttle.succeed(keys);
      // a fresh session id on sign-in prevents session fixation
      ctx.session!.userId = account.id;
      await (ctx.session as unknown as { regenerate(): Promise<void> }).regenerate();
      return toCurrentUser(account);
    },
    logout(ctx: Context) {
      ctx.session = null;
    },
    /** The user of a raw request (Socket.IO handshake): verifies the signed cookie, loads the session. */
    async authenticateRequest(app: Koa, req: IncomingMessage): Promise<CurrentUser | null> {
      const ctx = app.createContext(req, new ServerResponse(req));
      const sid = ctx.cookies.get(SESSION_COOKIE, { signed: true });
      if (!sid) return null;
      return userFromSession(await sessions.get(sid));
    },
    /** the session id behind a raw request, to disconnect sockets of ended sessions */
    sessionIdOf(app: Koa, req: IncomingMessage): string | null {
      const ctx = app.createContext(req, new ServerResponse(req));
      return ctx.cookies.get(SESSION_COOKIE, { signed: true }) ?? null;
    },
  };
}
export type Auth = ReturnType<typeof createAuth>;
