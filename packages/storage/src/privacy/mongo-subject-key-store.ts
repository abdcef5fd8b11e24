import { MongoClient, MongoServerError, type Db } from 'mongodb';
import { newDataKey } from '@ats/events/node';
import { Lru, SUBJECT_KEYS_TABLE, SubjectErasedError, type SubjectKey, type SubjectKeyStore } from './subject-key-store';

/** a key as MongoDB holds it: `_id` = key id, the key bytes base64, or null once erased (a tombstone) */
type KeyDoc = { _id: string; keyId: string; dataKey: string | null; createdAt: Date; erasedAt: Date | null };

/** E11000: a concurrent writer inserted the same key id first */
const isDuplicateKey = (error: unknown) => error instanceof MongoServerError && error.code === 11000;

export interface MongoSubjectKeyStoreOptions {
  /** database name (default: the one in the connection string) */
  dbName?: string;
  cacheSize?: number;
}

/**
 * The key store of crypto-shredding on MongoDB (the production stack), behind the same port as
 * the SQL one: collection `subject_keys`, one document per person with a unique index on the
 * key id, OUTSIDE the event log (EventStoreDB) and apart from the read models. Erasing destroys
 * the key bytes and keeps a tombstone, so an erased key reads "[erased]" and a key the store
 * never had (a lost collection) is a loud SubjectKeyMissingError. Back it up with `mongodump
 * --collection subject_keys`, and restore it only with the log it belongs to.
 */
export function createMongoSubjectKeyStore(
  url: string,
  options: MongoSubjectKeyStoreOptions = {},
): SubjectKeyStore & { close(): Promise<void> } {
  const client = new MongoClient(url);
  return { ...mongoSubjectKeyStore(client.db(options.dbName), options), close: () => client.close() };
}

/** The store on an open database (tests and a caller that shares its client). */
export function mongoSubjectKeyStore(db: Db, options: { cacheSize?: number } = {}): SubjectKeyStore {
  const keys = db.collection<KeyDoc>(SUBJECT_KEYS_TABLE);
  const cache = new Lru<SubjectKey>(options.cacheSize ?? 20_000);
  const toKey = (doc: Pick<KeyDoc, 'dataKey'>): SubjectKey => (doc.dataKey === null ? 'erased' : Buffer.from(doc.dataKey, 'base64'));
  // the index is made once per process, on first use (a service starts even while MongoDB is still coming up)
  let indexed: Promise<unknown> | null = null;
  const ready = () => {
    indexed ??= keys.createIndex({ keyId: 1 }, { unique: true, name: 'subject_keys_key_id' }).catch((error: unknown) => {
      indexed = null;
      throw error;
    });
    return indexed;
  };

  async function fetch(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await ready();
    const found = await keys.find({ _id: { $in: [...ids] } }, { projection: { dataKey: 1 } }).toArray();
    for (const doc of found) cache.set(doc._id, toKey(doc));
  }

  return {
    async migrate() {
      await ready();
    },
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
        await ready();
        const now = new Date();
        try {
          // insert only where absent: a key another process made (or erased) meanwhile is kept
          await keys.bulkWrite(
            missing.map((id) => ({
              updateOne: {
                filter: { _id: id },
                update: { $setOnInsert: { keyId: id, dataKey: newDataKey().toString('base64'), createdAt: now, erasedAt: null } },
                upsert: true,
              },
            })),
            { ordered: false },
          );
        } catch (error) {
          // two upserts of one new id race: the loser's duplicate key means the key exists now
          if (!isDuplicateKey(error)) throw error;
        }
        await fetch(missing);
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
      await ready();
      const now = new Date();
      let erased: boolean;
      try {
        // a live key loses its bytes; an unknown one gets a tombstone; an erased one matches nothing
        // and the upsert's insert then hits the existing _id (E11000): erased already
        const result = await keys.updateOne(
          { _id: keyId, erasedAt: null },
          { $set: { dataKey: null, erasedAt: now }, $setOnInsert: { keyId, createdAt: now } },
          { upsert: true },
        );
        erased = result.modifiedCount + result.upsertedCount > 0;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        erased = false;
      }
      cache.set(keyId, 'erased');
      return erased;
    },
    async isErased(keyId) {
      await ready();
      const doc = await keys.findOne({ _id: keyId }, { projection: { dataKey: 1 } });
      return doc ? doc.dataKey === null : null;
    },
    evict(keyId) {
      cache.delete(keyId);
    },
  };
}
