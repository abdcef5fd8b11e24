import { randomBytes } from 'node:crypto';
import { MongoDBContainer, type StartedMongoDBContainer } from '@testcontainers/mongodb';
import { createMongoDocumentStore } from '../src/document-store/mongo-document-store';
import { describeDocumentStoreContract } from './document-store.contract';
import { containerRuntimeUnavailable, warnSkip } from './helpers';

const skipReason = warnSkip('DocumentStore contract: MongoDB', await containerRuntimeUnavailable());

describeDocumentStoreContract(
  'MongoDB (replica set)',
  async () => {
    // MongoDBContainer starts a one-node replica set, which transactions need.
    const container: StartedMongoDBContainer = await new MongoDBContainer('mongo:7').start();
    const store = createMongoDocumentStore(container.getConnectionString(), {
      dbName: `test_${randomBytes(4).toString('hex')}`,
    });
    return { store, cleanup: async () => void (await container.stop()) };
  },
  { skipReason },
);
