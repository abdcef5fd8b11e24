import {
  MongoClient,
  MongoNetworkError,
  MongoNotConnectedError,
  MongoServerError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
  type ClientSession,
  type Db,
  type Document,
  type Filter,
  type Sort,
} from 'mongodb';
import { StoreUnavailableError } from '../event-store/port';
import {
  assertCollectionName,
  assertPaging,
  containsEntries,
  docKey,
  fieldPath,
  normalizeDefinition,
  projectedFields,
  searchTerms,
  whereEntries,
  type Operator,
} from './conditions';
import type { Collection, CollectionDefinition, Doc, DocumentStore, FindOptions, Where } from './port';
import { foldedPattern } from './fold';
import { jsonTextScrubber, type ScrubNeedles } from './sql-scrub';

export interface MongoDocumentStoreOptions {
  /** database name (default: the one in the connection string, else the driver's default 'test') */
  dbName?: string;
  /** prefix of every collection name (default '') */
  collectionPrefix?: string;
}

interface RegistryEntry {
  _id: string;
  definition: CollectionDefinition;
}

/** a document as stored: the port's document plus `_id` = String(id) */
type Stored = Document & { _id: string };

/**
 * The document-store port on MongoDB. Documents are stored with `_id` = String(id) and returned
 * without `_id`. `transaction` needs a replica set. Collection DDL (ensureCollection, drop, swap)
 * is not transactional in MongoDB, so inside `transaction` it runs outside the transaction.
 */
export function createMongoDocumentStore(url: string, options: MongoDocumentStoreOptions = {}): DocumentStore {
  const client = new MongoClient(url);
  const db = client.db(options.dbName);
  return new MongoDocuments(client, db, options.collectionPrefix ?? '', new Map(), null);
}

class MongoDocuments implements DocumentStore {
  constructor(
    private readonly client: MongoClient,
    readonly db: Db,
    private readonly prefix: string,
    /** definitions seen by this process (shared by transaction stores) */
    private readonly definitions: Map<string, CollectionDefinition>,
    readonly session: ClientSession | null,
  ) {}

  collectionName(name: string): string {
    return `${this.prefix}doc_${assertCollectionName(name)}`;
  }

  private get registry() {
    return this.db.collection<RegistryEntry>(`${this.prefix}collections`);
  }

  async definition(name: string): Promise<CollectionDefinition | null> {
    const cached = this.definitions.get(name);
    if (cached) return cached;
    const entry = await run(() => this.registry.findOne({ _id: name }));
    if (entry) this.definitions.set(name, entry.definition);
    return entry?.definition ?? null;
  }

  async ensureCollection(definition: CollectionDefinition): Promise<void> {
    const normalized = normalizeDefinition(definition);
    const name = this.collectionName(normalized.name);
    await run(async () => {
      const exists = await this.db.listCollections({ name }, { nameOnly: true }).hasNext();
      if (!exists) {
        try {
          await this.db.createCollection(name);
        } catch (error) {
          if (!(error instanceof MongoServerError && error.code === 48)) throw error; // 48 = NamespaceExists
        }
      }
      for (const field of normalized.indexes ?? []) await this.db.collection(name).createIndex({ [field]: 1 });
      for (const index of normalized.sortIndexes ?? []) {
        const keys: Record<string, 1 | -1> = {};
        for (const field of index.equal ?? []) keys[field] = 1;
        for (const [field, direction] of index.sort) keys[field] = direction === 'asc' ? 1 : -1;
        keys._id = 1;
        await this.db.collection(name).createIndex(keys);
      }
      await this.registry.replaceOne({ _id: normalized.name }, { definition: normalized }, { upsert: true });
    });
    this.definitions.set(normalized.name, normalized);
  }

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    return new MongoCollection<T>(this, assertCollectionName(name));
  }

  async dropCollection(name: string): Promise<void> {
    const collectionName = this.collectionName(name);
    await run(async () => {
      await this.db.dropCollection(collectionName).catch((error: unknown) => {
        if (!(error instanceof MongoServerError && error.code === 26)) throw error; // 26 = NamespaceNotFound
      });
      await this.registry.deleteOne({ _id: name });
    });
    this.definitions.delete(name);
  }

  async swapCollection(source: string, target: string): Promise<void> {
    const from = this.collectionName(source);
    const to = this.collectionName(target);
    if (source === target) return;
    const definition = await run(async () => {
      const entry = await this.registry.findOne({ _id: source });
      const exists = await this.db.listCollections({ name: from }, { nameOnly: true }).hasNext();
      if (!entry && !exists) throw new Error(`Cannot swap: collection ${source} does not exist`);
      if (exists) await this.db.renameCollection(from, to, { dropTarget: true });
      else await this.db.dropCollection(to).catch(() => false);
      const moved: CollectionDefinition = { ...(entry?.definition ?? { name: source }), name: target };
      await this.registry.replaceOne({ _id: target }, { definition: moved }, { upsert: true });
      await this.registry.deleteOne({ _id: source });
      return moved;
    });
    this.definitions.delete(source);
    this.definitions.set(target, definition);
  }

  async transaction<R>(fn: (tx: DocumentStore) => Promise<R>): Promise<R> {
    // MongoDB has no nested transactions: an inner transaction joins the outer one.
    if (this.session) return fn(this);
    const session = this.client.startSession();
    try {
      const tx = new MongoDocuments(this.client, this.db, this.prefix, this.definitions, session);
      // withTransaction retries fn on transient errors, so fn may run more than once.
      return await session.withTransaction(() => fn(tx));
    } catch (error) {
      throw mapMongoError(error);
    } finally {
      await session.endSession();
    }
  }

  /**
   * An erasure's purge (as the SQL stores' `scrubText`): replaces the person's values with
   * "[erased]" in the documents about them (those holding one of `anywhere`) of every registered
   * collection, or of `needles.collections`. MongoDB cannot rewrite a document's text in place,
   * so the documents are read and the matching ones replaced: those of `needles.scopes` where a
   * collection has one (by `_id` or indexed fields), every document of the others. Returns how
   * many changed.
   */
  async scrubText(needles: ScrubNeedles): Promise<number> {
    const scrub = jsonTextScrubber(needles);
    if (!scrub) return 0;
    return run(async () => {
      const names = (await this.registry.find({}, { projection: { _id: 1 } }).toArray()).map((entry) => entry._id);
      let changed = 0;
      for (const name of names) {
        if (needles.collections && !needles.collections(name)) continue;
        const collection = this.db.collection<Stored>(this.collectionName(name));
        // as the SQL stores: the scoped documents (ids, indexed fields) only, or the whole collection
        const scopes = needles.scopes?.(name);
        const found: Filter<Stored> = !scopes
          ? {}
          : {
              $or: [
                { _id: { $in: [] as string[] } },
                ...scopes.map((scope) => ('ids' in scope ? { _id: { $in: scope.ids.map(String) } } : toMongoWhere(scope.where))),
              ],
            };
        for await (const stored of collection.find(found)) {
          const { _id, ...doc } = stored;
          const next = scrub(JSON.stringify(doc));
          if (next === null) continue;
          await collection.replaceOne({ _id }, JSON.parse(next) as Document);
          changed += 1;
        }
      }
      return changed;
    });
  }

  async close(): Promise<void> {
    if (!this.session) await this.client.close();
  }
}

class MongoCollection<T extends Doc> implements Collection<T> {
  constructor(
    private readonly store: MongoDocuments,
    readonly name: string,
  ) {}

  private get raw() {
    return this.store.db.collection<Stored>(this.store.collectionName(this.name));
  }

  private get session() {
    return this.store.session ?? undefined;
  }

  async get(id: T['id']): Promise<T | null> {
    const key = docKey(id);
    const doc = await run(() => this.raw.findOne({ _id: key }, { projection: { _id: 0 }, session: this.session }));
    return (doc as T | null) ?? null;
  }

  async getMany(ids: ReadonlyArray<T['id']>, options?: Pick<FindOptions, 'fields'>): Promise<T[]> {
    const keys = ids.map(docKey);
    if (keys.length === 0) return [];
    const fields = projectedFields(options);
    const projection = fields ? Object.fromEntries(fields.map((field) => [field, 1])) : undefined;
    const docs = await run(() =>
      this.raw.find({ _id: { $in: keys } }, { session: this.session, ...(projection ? { projection } : {}) }).toArray(),
    );
    const byId = new Map(docs.map(({ _id, ...doc }) => [String(_id), doc as T]));
    return keys.flatMap((key) => {
      const doc = byId.get(key);
      return doc ? [doc] : [];
    });
  }

  private async filter(options: Pick<FindOptions, 'where' | 'search' | 'contains' | 'ids'>): Promise<Filter<Stored>> {
    const filter: Filter<Stored> = toMongoWhere(options.where);
    if (options.ids !== undefined)
      (filter as Record<string, unknown>).$and = [
        ...(((filter as Record<string, unknown>).$and as unknown[]) ?? []),
        { _id: { $in: options.ids.map(docKey) } },
      ];
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const substrings = containsEntries(options).flatMap(([, field, terms]) =>
      terms.map((term) => ({ [field]: { $regex: escape(term), $options: 'i' } })),
    );
    if (substrings.length > 0)
      (filter as Record<string, unknown>).$and = [...(((filter as Record<string, unknown>).$and as unknown[]) ?? []), ...substrings];
    const terms = searchTerms(options);
    if (terms.length > 0) {
      const fields = (await this.store.definition(this.name))?.searchFields ?? [];
      // every word must match some declared field; no declared search fields: nothing matches
      const perTerm = terms.map((term) => {
        // regex syntax escaped, accents folded (fold.ts): the same matches as the SQL adapter
        const pattern = foldedPattern(term);
        return {
          $or: fields.length > 0 ? fields.map((field) => ({ [field]: { $regex: pattern, $options: 'i' } })) : [{ _id: { $in: [] } }],
        };
      });
      (filter as Record<string, unknown>).$and = [...(((filter as Record<string, unknown>).$and as unknown[]) ?? []), ...perTerm];
    }
    return filter;
  }

  async find(options: FindOptions = {}): Promise<T[]> {
    assertPaging(options);
    const sort: Array<[string, 1 | -1]> = (options.sort ?? []).map(([field, direction]) => {
      fieldPath(field);
      if (direction !== 'asc' && direction !== 'desc') throw new TypeError(`Invalid sort direction: ${String(direction)}`);
      return [field, direction === 'asc' ? 1 : -1];
    });
    sort.push(['_id', 1]);
    const filter = await this.filter(options);
    if (options.after !== undefined)
      Object.assign(filter, { $and: [...((filter.$and as unknown[]) ?? []), { _id: { $gt: docKey(options.after) } }] });
    const fields = projectedFields(options);
    const projection = fields ? { _id: 0, ...Object.fromEntries(fields.map((field) => [field, 1])) } : { _id: 0 };
    const docs = await run(() => {
      let cursor = this.raw.find(filter, { projection, sort: sort as Sort, session: this.session });
      if (options.offset) cursor = cursor.skip(options.offset);
      if (options.limit !== undefined) {
        if (options.limit === 0) return Promise.resolve([]);
        cursor = cursor.limit(options.limit);
      }
      return cursor.toArray();
    });
    return docs as unknown as T[];
  }

  async count(options: Pick<FindOptions, 'where' | 'search' | 'contains' | 'ids'> = {}): Promise<number> {
    const filter = await this.filter(options);
    return run(() => this.raw.countDocuments(filter, { session: this.session }));
  }

  async countBy(field: string, options: Pick<FindOptions, 'where' | 'search' | 'contains'> = {}): Promise<Record<string, number>> {
    fieldPath(field);
    const filter = await this.filter(options);
    const groups = await run(() =>
      this.raw
        .aggregate<{ _id: unknown; n: number }>([{ $match: filter }, { $group: { _id: `$${field}`, n: { $sum: 1 } } }], {
          session: this.session,
        })
        .toArray(),
    );
    const counts: Record<string, number> = {};
    for (const group of groups) {
      const key =
        group._id === null || group._id === undefined ? 'null' : typeof group._id === 'string' ? group._id : JSON.stringify(group._id);
      counts[key] = (counts[key] ?? 0) + group.n;
    }
    return counts;
  }

  async upsert(doc: T): Promise<void> {
    const key = docKey(doc.id);
    // A JSON round trip gives the same values the SQL adapter stores (no undefined, dates as strings).
    const stored: Stored = { ...(JSON.parse(JSON.stringify(doc)) as Document), _id: key };
    await run(() => this.raw.replaceOne({ _id: key }, stored, { upsert: true, session: this.session }));
  }

  async patch(id: T['id'], fields: Partial<T>): Promise<T | null> {
    const key = docKey(id);
    const { id: _id, _id: _mongoId, ...rest } = JSON.parse(JSON.stringify(fields)) as Document;
    if (Object.keys(rest).length === 0) return this.get(id);
    const doc = await run(() =>
      this.raw.findOneAndUpdate({ _id: key }, { $set: rest }, { returnDocument: 'after', projection: { _id: 0 }, session: this.session }),
    );
    return (doc as T | null) ?? null;
  }

  async delete(id: T['id']): Promise<boolean> {
    const key = docKey(id);
    const result = await run(() => this.raw.deleteOne({ _id: key }, { session: this.session }));
    return result.deletedCount > 0;
  }

  async deleteMany(where?: Where): Promise<number> {
    const filter = toMongoWhere(where);
    const result = await run(() => this.raw.deleteMany(filter, { session: this.session }));
    return result.deletedCount;
  }
}

/** exported for unit tests */
export function toMongoWhere(where: Where | undefined): Filter<Stored> {
  const filter: Filter<Stored> = {};
  const and: Filter<Stored>[] = [];
  for (const [, field, ops] of whereEntries(where)) {
    for (const operator of ops) and.push({ [field]: mongoOperator(operator) });
  }
  if (and.length > 0) filter.$and = and;
  return filter;
}

function mongoOperator(operator: Operator): unknown {
  switch (operator.op) {
    case 'eq':
      return operator.value === null ? null : { $eq: operator.value };
    case 'ne':
      return { $ne: operator.value };
    case 'in':
      return { $in: operator.values };
    case 'nin':
      return { $nin: operator.values };
    case 'exists':
      return { $exists: operator.value };
    case 'contains':
      return { $elemMatch: { $eq: operator.value } };
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return { [`$${operator.op}`]: operator.value };
  }
}

async function run<R>(operation: () => Promise<R>): Promise<R> {
  try {
    return await operation();
  } catch (error) {
    throw mapMongoError(error);
  }
}

function mapMongoError(error: unknown): unknown {
  if (
    error instanceof MongoServerSelectionError ||
    error instanceof MongoNetworkError ||
    error instanceof MongoTopologyClosedError ||
    error instanceof MongoNotConnectedError
  ) {
    return new StoreUnavailableError(`MongoDB unavailable: ${error.message}`, error);
  }
  return error;
}
