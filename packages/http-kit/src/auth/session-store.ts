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

export function createSessionStore(documents: DocumentStore) {
  const sessions = () => documents.collection<SessionDoc>(SESSIONS_COLLECTION);
  const purgeExpired = () => sessions().deleteMany({ expire: { $lt: new Date().toISOString() } });
  return {
    async init() {
      await documents.ensureCollection({ name: SESSIONS_COLLECTION, indexes: ['userId', 'expire'] });
    },
    async get(sid: string): Promise<Record<string, unknown> | null> {
      const doc = await sessions().get(sid);
      if (!doc) return null;
      if (Date.parse(doc.expire) < Date.now()) {
        await sessions().delete(sid);
        return null;
      }
      return doc.sess;
    },
    async set(sid: string, sess: Record<string, unknown>, maxAgeMs: number) {
      const userId = typeof sess.userId === 'string' ? sess.userId : null;
      await sessions().upsert({ id: sid, sess, expire: new Date(Date.now() + maxAgeMs).toISOString(), userId });
    },
    async destroy(sid: string) {
      await sessions().delete(sid);
    },
    /** ends every session of a user at once (deactivation) */
    async destroyForUser(userId: string) {
      return sessions().deleteMany({ userId });
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
