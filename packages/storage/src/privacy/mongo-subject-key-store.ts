import { MongoClient, MongoServerError, type Db } from 'mongodb';
import { cachedSubjectKeyStore, SUBJECT_KEYS_TABLE, type SubjectKeyStore } from './subject-key-store';

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
  // the index is made once per process, on first use (a service starts even while MongoDB is still coming up)
  let indexed: Promise<unknown> | null = null;
  const ready = () => {
    indexed ??= keys.createIndex({ keyId: 1 }, { unique: true, name: 'subject_keys_key_id' }).catch((error: unknown) => {
      indexed = null;
      throw error;
    });
    return indexed;
  };

  return cachedSubjectKeyStore(
    {
      async migrate() {
        await ready();
      },
      async fetch(ids) {
        await ready();
        const found = await keys.find({ _id: { $in: [...ids] } }, { projection: { dataKey: 1 } }).toArray();
        return found.map((doc) => ({ keyId: doc._id, dataKey: doc.dataKey }));
      },
      async insertAbsent(fresh) {
        await ready();
        const now = new Date();
        try {
          await keys.bulkWrite(
            fresh.map(({ keyId, dataKey }) => ({
              updateOne: {
                filter: { _id: keyId },
                update: { $setOnInsert: { keyId, dataKey, createdAt: now, erasedAt: null } },
                upsert: true,
              },
            })),
            { ordered: false },
          );
        } catch (error) {
          // two upserts of one new id race: the loser's duplicate key means the key exists now
          if (!isDuplicateKey(error)) throw error;
        }
      },
      async erase(keyId) {
        await ready();
        const now = new Date();
        try {
          // a live key loses its bytes; an unknown one gets a tombstone; an erased one matches nothing
          // and the upsert's insert then hits the existing _id (E11000): erased already
          const result = await keys.updateOne(
            { _id: keyId, erasedAt: null },
            { $set: { dataKey: null, erasedAt: now }, $setOnInsert: { keyId, createdAt: now } },
            { upsert: true },
          );
          return result.modifiedCount + result.upsertedCount > 0;
        } catch (error) {
          if (!isDuplicateKey(error)) throw error;
          return false;
        }
      },
      async isErased(keyId) {
        await ready();
        const doc = await keys.findOne({ _id: keyId }, { projection: { dataKey: 1 } });
        return doc ? doc.dataKey === null : null;
      },
    },
    options,
  );
}
