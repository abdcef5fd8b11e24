import { newDataKey } from '@ats/events/node';
import type { SqlClient } from '../sql/sql-client';

/** A key as the store holds it: the 32 key bytes, or 'erased' once destroyed. */
export type SubjectKey = Uint8Array | 'erased';

/**
 * The key store of crypto-shredding: one data key per person, OUTSIDE the event log (its own
 * table `subject_keys`, backed up with the database but separately restorable). Erasing a person
 * destroys the key bytes and keeps a tombstone row, so an erased key reads as "[erased]" while a
 * key the store never had (a lost key store) is a loud error.
 */
export interface SubjectKeyStore {
  /** keys to seal with, created when missing; throws SubjectErasedError for an erased person */
  ensure(keyIds: readonly string[]): Promise<Map<string, Uint8Array>>;
  /** keys to open with, in one lookup for the ones not cached; absent = unknown to the store */
  load(keyIds: readonly string[]): Promise<Map<string, SubjectKey>>;
  /** destroys the key (idempotent); false when it was erased already */
  erase(keyId: string): Promise<boolean>;
  /** erased: true, live: false, unknown: null */
  isErased(keyId: string): Promise<boolean | null>;
  /** forgets a cached key (another process erased it) */
  evict(keyId: string): void;
  migrate(): Promise<void>;
}

export class SubjectErasedError extends Error {
  override readonly name = 'SubjectErasedError';
  constructor(readonly keyId: string) {
    super(`The personal data of ${keyId} was erased: nothing more can be recorded about them`);
  }
}

export const SUBJECT_KEYS_TABLE = 'subject_keys';

/** a small LRU: the newest use is the last entry of the Map */
export class Lru<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }
  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as string);
  }
  delete(key: string): void {
    this.map.delete(key);
  }
}

/** What an adapter of the key store does against its database; the cache and the rules are shared. */
export interface SubjectKeyBackend {
  migrate(): Promise<void>;
  /** the stored rows of these ids: the key bytes base64, or null for a tombstone */
  fetch(keyIds: readonly string[]): Promise<Array<{ keyId: string; dataKey: string | null }>>;
  /** inserts these fresh keys where the id is absent; a key another process made (or erased) meanwhile is kept */
  insertAbsent(keys: ReadonlyArray<{ keyId: string; dataKey: string }>): Promise<void>;
  /**
   * insertAbsent and then fetch of the same ids, in one round trip where the backend can (SQL:
   * one statement instead of two, per batch of an import). May leave out a key another process
   * committed meanwhile (the statement's snapshot predates it): the caller fetches those.
   */
  insertAbsentAndFetch?(keys: ReadonlyArray<{ keyId: string; dataKey: string }>): Promise<Array<{ keyId: string; dataKey: string | null }>>;
  /** destroys the key or writes a tombstone; false when it was erased already */
  erase(keyId: string): Promise<boolean>;
  isErased(keyId: string): Promise<boolean | null>;
}

/**
 * The port over a backend with an LRU of keys: one lookup for all the ids not cached, keys
 * created only where absent and then read back (so two processes agree on one key), an erased
 * key cached as 'erased' and refused for sealing.
 */
export function cachedSubjectKeyStore(backend: SubjectKeyBackend, options: { cacheSize?: number } = {}): SubjectKeyStore {
  const cache = new Lru<SubjectKey>(options.cacheSize ?? 20_000);

  async function fetch(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    for (const { keyId, dataKey } of await backend.fetch(ids))
      cache.set(keyId, dataKey === null ? 'erased' : Buffer.from(dataKey, 'base64'));
  }

  return {
    migrate: () => backend.migrate(),
    async load(keyIds) {
      const unique = [...new Set(keyIds)];
      await fetch(unique.filter((id) => cache.get(id) === undefined));
      const out = new Map<string, SubjectKey>();
      for (const id of unique) {
        const key = cache.get(id);
        if (key !== undefined) out.set(id, key);
      }
      return out;
    },
    async ensure(keyIds) {
      const unique = [...new Set(keyIds)];
      const missing = unique.filter((id) => cache.get(id) === undefined);
      if (missing.length > 0) {
        const fresh = missing.map((keyId) => ({ keyId, dataKey: newDataKey().toString('base64') }));
        if (backend.insertAbsentAndFetch) {
          for (const { keyId, dataKey } of await backend.insertAbsentAndFetch(fresh))
            cache.set(keyId, dataKey === null ? 'erased' : Buffer.from(dataKey, 'base64'));
          // a key committed by another process after the statement's snapshot: read it now
          await fetch(missing.filter((id) => cache.get(id) === undefined));
        } else {
          await backend.insertAbsent(fresh);
          await fetch(missing);
        }
      }
      const out = new Map<string, Uint8Array>();
      for (const id of unique) {
        const key = cache.get(id);
        if (key === 'erased') throw new SubjectErasedError(id);
        if (key === undefined) throw new Error(`The key store did not keep the new key ${id}`);
        out.set(id, key);
      }
      return out;
    },
    async erase(keyId) {
      const erased = await backend.erase(keyId);
      cache.set(keyId, 'erased');
      return erased;
    },
    isErased: (keyId) => backend.isErased(keyId),
    evict(keyId) {
      cache.delete(keyId);
    },
  };
}

type KeyRow = { key_id: string; data_key: string | null };

export function createSqlSubjectKeyStore(sql: SqlClient, options: { cacheSize?: number } = {}): SubjectKeyStore {
  return cachedSubjectKeyStore(
    {
      async migrate() {
        await sql.query(
          `CREATE TABLE IF NOT EXISTS ${SUBJECT_KEYS_TABLE} (key_id text PRIMARY KEY, data_key text, created_at timestamptz NOT NULL DEFAULT now(), erased_at timestamptz)`,
        );
      },
      async fetch(ids) {
        const { rows } = await sql.query<KeyRow>(`SELECT key_id, data_key FROM ${SUBJECT_KEYS_TABLE} WHERE key_id = ANY($1::text[])`, [
          [...ids],
        ]);
        return rows.map((row) => ({ keyId: row.key_id, dataKey: row.data_key }));
      },
      async insertAbsent(keys) {
        await sql.query(
          `INSERT INTO ${SUBJECT_KEYS_TABLE} (key_id, data_key) SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT (key_id) DO NOTHING`,
          [keys.map((k) => k.keyId), keys.map((k) => k.dataKey)],
        );
      },
      async insertAbsentAndFetch(keys) {
        // the SELECT reads the snapshot from before the INSERT: each row comes once, from one side
        const { rows } = await sql.query<KeyRow>(
          `WITH ins AS (INSERT INTO ${SUBJECT_KEYS_TABLE} (key_id, data_key) SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT (key_id) DO NOTHING RETURNING key_id, data_key)
           SELECT key_id, data_key FROM ins UNION ALL SELECT key_id, data_key FROM ${SUBJECT_KEYS_TABLE} WHERE key_id = ANY($1::text[])`,
          [keys.map((k) => k.keyId), keys.map((k) => k.dataKey)],
          { prepare: true },
        );
        return rows.map((row) => ({ keyId: row.key_id, dataKey: row.data_key }));
      },
      async erase(keyId) {
        const { rows } = await sql.query<{ key_id: string }>(
          `INSERT INTO ${SUBJECT_KEYS_TABLE} (key_id, data_key, erased_at) VALUES ($1, NULL, now())
         ON CONFLICT (key_id) DO UPDATE SET data_key = NULL, erased_at = now() WHERE ${SUBJECT_KEYS_TABLE}.erased_at IS NULL
         RETURNING key_id`,
          [keyId],
        );
        return rows.length > 0;
      },
      async isErased(keyId) {
        const { rows } = await sql.query<KeyRow>(`SELECT key_id, data_key FROM ${SUBJECT_KEYS_TABLE} WHERE key_id = $1`, [keyId]);
        return rows[0] ? rows[0].data_key === null : null;
      },
    },
    options,
  );
}
