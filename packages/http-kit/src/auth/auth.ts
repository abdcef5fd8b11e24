import { randomBytes } from 'node:crypto';
import { ServerResponse, type IncomingMessage } from 'node:http';
import type Koa from 'koa';
import type { Context, Next } from 'koa';
import session from 'koa-session';
import type { ChangeBus, ChangeNotice, DocumentStore } from '@ats/storage';
import type { CurrentUser } from '@ats/contracts';
import { UnauthorizedError } from '../errors';
import { createMemoryRateLimitStore, type RateLimitStore } from '../rate-limit/store';
import { createAccountStore, type Account } from './accounts';
import { DUMMY_HASH_PROMISE, verifyPassword } from './password';
import { createSessionStore, sessionKeyOf } from './session-store';
import { createLoginThrottle } from './throttle';

export const SESSION_COOKIE = 'ats.sid';
/** how long the read side reuses a session it looked up (see AuthOptions.sessionCacheMs) */
export const SESSION_CACHE_MS = 1000;
const SESSION_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export interface AuthOptions {
  documents: DocumentStore;
  /** signs the session cookie */
  sessionSecret: string;
  /** Secure cookies: always, never, or 'auto' (when the request is https: ctx.secure, which
   * believes X-Forwarded-Proto only behind a trusted proxy) */
  secureCookies: boolean | 'auto';
  /**
   * shared counters for the sign-in throttle and the route budgets; default: this process's
   * memory (main.ts passes Redis or the SQL store so every instance and restart shares them)
   */
  rateLimits?: RateLimitStore;
  /** where ended sessions are announced, so every query-api instance closes their sockets */
  bus?: Pick<ChangeBus, 'publish'>;
  /**
   * reuse a session read for this long (ms; default 0): read-heavy services pass about a second
   * and call `sessions.forget` on the change notices of ended sessions and changed users
   */
  sessionCacheMs?: number;
}

/** the change notice of a signed-out session (readModel `sessions`, ids = session keys) */
export const SESSION_ENDED = { readModel: 'sessions', eventType: 'SessionEnded' } as const;

export { sessionKeyOf };

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
  const sessions = createSessionStore(options.documents, { cacheMs: options.sessionCacheMs ?? 0 });
  const rateLimits = options.rateLimits ?? createMemoryRateLimitStore();
  const throttle = createLoginThrottle(rateLimits);

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
    rateLimits,
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
      // counted before the password is checked: parallel guesses cannot outrun the counters
      const attempt = await throttle.begin(email, ctx.ip);
      const account = await accounts.findByEmail(email);
      const ok = await verifyPassword(password, account?.passwordHash ?? (await DUMMY_HASH_PROMISE));
      if (!account || !ok || !account.active) throw new UnauthorizedError('Invalid email or password');
      await attempt.succeeded();
      // a fresh session id on sign-in prevents session fixation
      ctx.session!.userId = account.id;
      await (ctx.session as unknown as { regenerate(): Promise<void> }).regenerate();
      return toCurrentUser(account);
    },
    /**
     * Ends the session (every logout path calls this): the stored session goes at once, not when
     * the response is committed, so a socket that reconnects after the notice finds nothing; then
     * every query-api instance hears the notice and closes the session's sockets.
     */
    async logout(ctx: Context) {
      const sid = ctx.cookies.get(SESSION_COOKIE, { signed: true });
      const userId = (ctx.session as Record<string, unknown> | null)?.userId;
      ctx.session = null;
      if (!sid) return;
      await sessions.destroy(sid);
      const notice: ChangeNotice = {
        position: 0,
        ...SESSION_ENDED,
        ids: [sessionKeyOf(sid)],
        actor: null,
        ...(typeof userId === 'string' ? { refs: { userId: [userId] } } : {}),
      };
      // checkpoint 0: a session notice says nothing about read-model progress
      await options.bus?.publish([notice], 0);
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
