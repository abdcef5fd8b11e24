import { randomUUID } from 'node:crypto';
import {
  createMemoryChangeBus,
  openStorage,
  type ChangeNotice,
  type Doc,
  type DocumentStore,
  type NewEvent,
  type StorageConfig,
} from '@ats/storage';
import type { DomainEvent } from '@ats/events';
import { allProjections } from '../../src/projections';
import { newEvent, type EventOptions } from './events';

/** Real stores: in-memory PGlite (or `config`) for events and documents, the in-process change bus. */
export async function openTestStores(config: StorageConfig = { kind: 'embedded' }) {
  const storage = await openStorage(config);
  const changeBus = createMemoryChangeBus();
  const published: Array<{ notices: ChangeNotice[]; checkpoint: number }> = [];
  await changeBus.subscribe((notices, checkpoint) => published.push({ notices, checkpoint }));
  return {
    ...storage,
    changeBus,
    published,
    /** appends domain events (each to `stream`, default a fresh one) and returns the last position */
    async append(events: DomainEvent | DomainEvent[], options: EventOptions & { stream?: string } = {}) {
      const list = Array.isArray(events) ? events : [events];
      const result = await storage.eventStore.append(
        options.stream ?? `test-${randomUUID()}`,
        list.map((e) => newEvent(e, options)),
        { expectedRevision: 'any' },
      );
      return result.position;
    },
    /** appends a raw event the codec would never write (unknown type, invalid data) */
    async appendRaw(event: Pick<NewEvent, 'type' | 'data'>) {
      const result = await storage.eventStore.append(
        `raw-${randomUUID()}`,
        [
          {
            id: randomUUID(),
            type: event.type,
            data: event.data,
            metadata: {
              actor: { id: 'u1', name: 'Test User' },
              correlationId: randomUUID(),
              causationId: null,
              occurredAt: '2025-03-01T10:00:00.000Z',
              schemaVersion: 1,
            },
          },
        ],
        { expectedRevision: 'any' },
      );
      return result.position;
    },
    async close() {
      await changeBus.close();
      await storage.close();
    },
  };
}

/** Every document of a collection, in id order. */
export async function allDocs(store: DocumentStore, collection: string): Promise<Doc[]> {
  const docs = await store.collection(collection).find({});
  return docs.sort((a, b) => String(a.id).localeCompare(String(b.id), 'en', { numeric: true }));
}

/** every read-model document still holding `text`, as `collection/id` (what an erasure must leave none of) */
export async function holding(store: DocumentStore, text: string): Promise<string[]> {
  const found: string[] = [];
  for (const { collection } of allProjections) {
    for (const doc of await allDocs(store, collection.name))
      if (JSON.stringify(doc).includes(text)) found.push(`${collection.name}/${doc.id}`);
  }
  return found;
}
