import { createHash } from 'node:crypto';
import type { DocumentStore } from '@ats/storage';

/** A session's public handle: sockets and notices name sessions by it, never by the secret id. */
export const sessionKeyOf = (sid: string) => createHash('sha256').update(sid).digest('base64url').slice(0, 22);

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

export interface SessionStoreOptions {
  /**
   * Reuse a session read for this long (ms; default 0, never). Every read request looks its
   * session up; a read-heavy service (the query-api) saves that query. Writes and ends made
   * through this store are seen at once; another process's within `cacheMs`, or at once when it
   * calls `forget` on the change notice (sign-out, deactivation).
   */
  cacheMs?: number;
}

/** how many cached sessions are kept at most */
const SESSION_CACHE_SIZE = 10_000;

export function createSessionStore(documents: DocumentStore, options: SessionStoreOptions = {}) {
  const sessions = () => documents.collection<SessionDoc>(SESSIONS_COLLECTION);
  const purgeExpired = () => sessions().deleteMany({ expire: { $lt: new Date().toISOString() } });
  const cacheMs = options.cacheMs ?? 0;
  /** `settled` is the read's outcome once it is in (`undefined` while it is on its way) */
  const recent = new Map<string, { at: number; doc: Promise<SessionDoc | null>; key: string; settled?: SessionDoc | null }>();
  const load = (sid: string): Promise<SessionDoc | null> => {
    if (cacheMs <= 0) return sessions().get(sid);
    const hit = recent.get(sid);
    if (hit && Date.now() - hit.at < cacheMs) return hit.doc;
    const doc = sessions().get(sid);
    const entry: { at: number; doc: Promise<SessionDoc | null>; key: string; settled?: SessionDoc | null } = {
      at: Date.now(),
      doc,
      key: sessionKeyOf(sid),
    };
    recent.delete(sid);
    recent.set(sid, entry);
    doc.then(
      (value) => (entry.settled = value),
      () => recent.get(sid) === entry && recent.delete(sid),
    );
    if (recent.size > SESSION_CACHE_SIZE) recent.delete(recent.keys().next().value!);
    return doc;
  };
  function forget(which: { sessionKeys?: readonly string[]; userIds?: readonly string[] }) {
    if (recent.size === 0) return;
    const keys = new Set(which.sessionKeys ?? []);
    const users = new Set(which.userIds ?? []);
    for (const [sid, entry] of recent) {
      if (keys.has(entry.key)) recent.delete(sid);
      // a read still on its way names no user yet: dropped too
      else if (users.size > 0 && (entry.settled === undefined || (entry.settled?.userId && users.has(entry.settled.userId))))
        recent.delete(sid);
    }
  }
  return {
    async init() {
      await documents.ensureCollection({ name: SESSIONS_COLLECTION, indexes: ['userId', 'expire'] });
    },
    async get(sid: string): Promise<Record<string, unknown> | null> {
      const doc = await load(sid);
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
      forget({ userIds: [userId] });
      const removed = await sessions().deleteMany({ userId });
      forget({ userIds: [userId] });
      return removed;
    },
    /** drops cached sessions another process ended: by session key (sign-out) or by user (deactivation, role change) */
    forget,
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
