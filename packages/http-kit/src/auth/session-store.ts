import { createHash } from 'node:crypto';
import type { DocumentStore } from '@ats/storage';

/** Server-side sessions (SPEC §3.1: sid, sess json, expire), in the document store. */
export interface SessionDoc {
  [key: string]: unknown;
  id: string;
  sess: Record<string, unknown>;
  expire: string;
  userId: string | null;
}

export const SESSIONS_COLLECTION = 'sessions';
/** how often expired sessions are purged (default of startPurging) */
export const SESSION_PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * How long a request may use a session read by an earlier one: the same second as the account
 * it names (ACCOUNT_CACHE_MS). Sign-out and deactivation in this process forget it at once, and
 * so does every query-api instance that hears a session's end on the change bus; another
 * command-api instance may accept it for at most this long.
 */
export const SESSION_CACHE_MS = 1000;

/** A session's public handle: sockets and notices name sessions by it, never by the secret id. */
export const sessionKeyOf = (sid: string) => createHash('sha256').update(sid).digest('base64url').slice(0, 22);

/** `userId` once the read is back (undefined while it is under way) */
type CachedSession = { at: number; doc: Promise<SessionDoc | null>; userId?: string | null };
/** Recently read sessions per document store, shared by every session store on it in this process. */
const cachesByStore = new WeakMap<DocumentStore, Map<string, CachedSession>>();

export function createSessionStore(documents: DocumentStore, now: () => number = Date.now) {
  const sessions = () => documents.collection<SessionDoc>(SESSIONS_COLLECTION);
  const purgeExpired = () => sessions().deleteMany({ expire: { $lt: new Date().toISOString() } });
  let cache = cachesByStore.get(documents);
  if (!cache) cachesByStore.set(documents, (cache = new Map()));
  const recent = cache;
  /** the stored session, read at most SESSION_CACHE_MS ago */
  const read = (sid: string): Promise<SessionDoc | null> => {
    const hit = recent.get(sid);
    if (hit && now() - hit.at < SESSION_CACHE_MS) return hit.doc;
    const doc = sessions().get(sid);
    const entry: CachedSession = { at: now(), doc };
    recent.set(sid, entry);
    doc.then(
      (found) => (entry.userId = found?.userId ?? null),
      () => recent.delete(sid),
    );
    if (recent.size > 10_000) recent.delete(recent.keys().next().value!);
    return doc;
  };
  return {
    async init() {
      await documents.ensureCollection({ name: SESSIONS_COLLECTION, indexes: ['userId', 'expire'] });
    },
    async get(sid: string): Promise<Record<string, unknown> | null> {
      const doc = await read(sid);
      if (!doc) return null;
      if (Date.parse(doc.expire) < Date.now()) {
        recent.delete(sid);
        await sessions().delete(sid);
        return null;
      }
      return doc.sess;
    },
    async set(sid: string, sess: Record<string, unknown>, maxAgeMs: number) {
      const userId = typeof sess.userId === 'string' ? sess.userId : null;
      recent.delete(sid);
      await sessions().upsert({ id: sid, sess, expire: new Date(Date.now() + maxAgeMs).toISOString(), userId });
      recent.delete(sid);
    },
    async destroy(sid: string) {
      recent.delete(sid);
      await sessions().delete(sid);
      recent.delete(sid);
    },
    /** ends every session of a user at once (deactivation) */
    async destroyForUser(userId: string) {
      // the user's cached sessions, and reads under way (which may be the user's), before and after
      const forget = () => {
        for (const [sid, entry] of recent) if (entry.userId === undefined || entry.userId === userId) recent.delete(sid);
      };
      forget();
      const removed = await sessions().deleteMany({ userId });
      forget();
      return removed;
    },
    /** forgets a session ended elsewhere (another instance announced it by its key on the change bus) */
    forgetKey(key: string) {
      for (const sid of recent.keys()) if (sessionKeyOf(sid) === key) recent.delete(sid);
    },
    purgeExpired,
    /**
     * Purges expired sessions now and then every `intervalMs` (expired ones are otherwise only
     * removed when presented again). The timer does not keep the process alive; call the returned
     * function before closing the store.
     */
    startPurging(options: { intervalMs?: number; onError?: (error: unknown) => void } = {}): () => Promise<void> {
      const onError = options.onError ?? (() => {});
      let running: Promise<unknown> = Promise.resolve();
      const purge = () => {
        running = purgeExpired().catch(onError);
      };
      purge();
      const timer = setInterval(purge, options.intervalMs ?? SESSION_PURGE_INTERVAL_MS);
      timer.unref();
      return async () => {
        clearInterval(timer);
        await running;
      };
    },
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;
