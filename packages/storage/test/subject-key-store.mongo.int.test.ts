import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { mongoSubjectKeyStore } from '../src/privacy/mongo-subject-key-store';
import { describeSubjectKeyStoreContract } from './subject-key-store.contract';
import { warnSkip } from './helpers';

/**
 * The MongoDB key store against a real server: set MONGO_URL (e.g. mongodb://127.0.0.1:27017)
 * to run it. Without one the suite is skipped and says why (no MongoDB server runs here).
 */
const url = process.env.MONGO_URL;
const skipReason = warnSkip(
  'SubjectKeyStore contract: MongoDB',
  url ? undefined : 'MONGO_URL is not set (no MongoDB server on this machine); set it to run this suite',
);

describeSubjectKeyStoreContract(
  'MongoDB (subject_keys collection)',
  async () => {
    const client = new MongoClient(url!);
    const db = client.db(`test_keys_${randomBytes(4).toString('hex')}`);
    return {
      store: mongoSubjectKeyStore(db),
      again: async () => mongoSubjectKeyStore(db),
      cleanup: async () => {
        await db.dropDatabase().catch(() => {});
        await client.close();
      },
    };
  },
  { skipReason },
);
