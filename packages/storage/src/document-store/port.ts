/**
 * The document-store port: collections of JSON documents keyed by `id`. Adapters: SQL JSONB
 * (PGlite and PostgreSQL through one SqlClient) and MongoDB. All pass the shared contract suite
 * in `../../test/document-store.contract.ts`.
 */
export type Doc = { id: string | number } & Record<string, unknown>;

export type Scalar = string | number | boolean | null;
export type FieldCondition =
  | Scalar
  | { $in: Scalar[] }
  /** none of these values (null in the list excludes null and missing) */
  | { $nin: Scalar[] }
  | { $ne: Scalar }
  | { $gt: Scalar; $lt?: Scalar }
  | { $gte?: Scalar; $lte?: Scalar; $gt?: Scalar; $lt?: Scalar }
  | { $exists: boolean }
  /** array field contains this value */
  | { $contains: Scalar };

/** fields are top-level or dotted paths ('client.companyName'); all conditions are ANDed */
export type Where = Record<string, FieldCondition>;

export interface FindOptions {
  where?: Where;
  /** case-insensitive substring search over the collection's declared `searchFields` */
  search?: string;
  /**
   * per field, substrings that must all occur in it, case-insensitively (an array field: in some
   * element; the SQL adapter matches the array's JSON text)
   */
  contains?: Record<string, readonly string[]>;
  sort?: Array<[field: string, direction: 'asc' | 'desc']>;
  limit?: number;
  offset?: number;
  /**
   * keyset paging over a whole collection: only documents whose id comes after this one in the
   * store's id order (the order `find` returns without `sort`). A page costs the same wherever it
   * starts, where `offset` re-reads every row before it. Not with `sort` or `offset`.
   */
  after?: string | number;
  /**
   * only documents with one of these ids (by the store's key, like `getMany`): the conditions
   * checked again for a few changed documents, however large the collection
   */
  ids?: ReadonlyArray<string | number>;
  /** return only these top-level fields (plus `id`); absent fields come back absent */
  fields?: readonly string[];
}

/**
 * An index serving `find({ where: { <equal fields>: value }, sort })` in index order, so a page
 * of a large collection is read without sorting it: equality fields first, then the sort fields
 * exactly as the queries pass them.
 */
export interface SortIndex {
  equal?: readonly string[];
  sort: ReadonlyArray<readonly [field: string, direction: 'asc' | 'desc']>;
}

export interface CollectionDefinition {
  name: string;
  /** fields searched case-insensitively by `find({search})` */
  searchFields?: readonly string[];
  /** fields (or dotted paths) to index */
  indexes?: readonly string[];
  /** compound indexes for paged, sorted lists */
  sortIndexes?: readonly SortIndex[];
}

export interface Collection<T extends Doc = Doc> {
  readonly name: string;
  get(id: T['id']): Promise<T | null>;
  getMany(ids: ReadonlyArray<T['id']>, options?: Pick<FindOptions, 'fields'>): Promise<T[]>;
  find(options?: FindOptions): Promise<T[]>;
  count(options?: Pick<FindOptions, 'where' | 'search' | 'contains' | 'ids'>): Promise<number>;
  /** how many documents have each value of `field` (values as strings; null/missing as 'null') */
  countBy(field: string, options?: Pick<FindOptions, 'where' | 'search' | 'contains'>): Promise<Record<string, number>>;
  /** insert or replace the whole document */
  upsert(doc: T): Promise<void>;
  /** insert or replace many documents with distinct ids (optional: adapters without it get `upsert` calls) */
  upsertMany?(docs: readonly T[]): Promise<void>;
  /**
   * insert many documents whose ids the collection does not hold (a bulk load: no conflict
   * handling, so an id already there is an error); optional: adapters without it get `upsertMany`
   */
  insertMany?(docs: readonly T[]): Promise<void>;
  /** shallow-merge fields into an existing document; null when it does not exist */
  patch(id: T['id'], fields: Partial<T>): Promise<T | null>;
  delete(id: T['id']): Promise<boolean>;
  deleteMany(where?: Where): Promise<number>;
}

export interface DocumentStore {
  /**
   * create the collection (and its indexes) if missing; idempotent. `bulk`: a collection that is
   * being bulk-loaded (a rebuild's), whose writes may skip durability work where the store allows
   * (PostgreSQL: an UNLOGGED table, which a crash of the database empties); the next call without
   * `bulk` makes it durable.
   */
  ensureCollection(definition: CollectionDefinition, options?: { bulk?: boolean }): Promise<void>;
  collection<T extends Doc = Doc>(name: string): Collection<T>;
  dropCollection(name: string): Promise<void>;
  /** atomically replace `target` with `source` (used by projection rebuilds) */
  swapCollection(source: string, target: string): Promise<void>;
  /** everything done through `tx` commits together or not at all */
  transaction<R>(fn: (tx: DocumentStore) => Promise<R>): Promise<R>;
  close(): Promise<void>;
  /**
   * Documents of several collections in one round trip (optional; the projector's live batch),
   * by collection; a missing collection or id is simply absent.
   */
  getAcross?(wanted: readonly CollectionIds[]): Promise<Map<string, Doc[]>>;
  /**
   * Upserts and deletions in several collections as one atomic write (optional: one statement
   * on the SQL adapters). Within one collection an id must not be both upserted and deleted.
   * With `fence`, nothing is written unless the fence document is still what the caller read
   * (then it throws `FenceMovedError`): see `WriteFence`.
   */
  writeAcross?(writes: readonly CollectionWrite[], options?: { fence?: WriteFence }): Promise<void>;
}

/**
 * A document a write is conditional on, and the content it had when the writer read the
 * documents it is about to write back (null: absent). Whoever changes what those reads saw from
 * outside the writer (an erasure's scrub) rewrites the fence first, in the same transaction, so a
 * write computed from reads taken before it, or while it ran, writes nothing (issue 16).
 */
export interface WriteFence {
  collection: string;
  id: Doc['id'];
  doc: Doc | null;
}

/** A fenced write found its fence changed and wrote nothing: read again and recompute. */
export class FenceMovedError extends Error {
  readonly code = 'FENCE_MOVED';
  constructor(fence: Pick<WriteFence, 'collection' | 'id'>) {
    super(`The fence ${fence.collection}/${String(fence.id)} moved since it was read; nothing was written`);
    this.name = 'FenceMovedError';
  }
}

export const isFenceMoved = (error: unknown): error is FenceMovedError =>
  error instanceof Error && (error as { code?: unknown }).code === 'FENCE_MOVED';

export interface CollectionIds {
  collection: string;
  ids: ReadonlyArray<Doc['id']>;
}

export interface CollectionWrite {
  collection: string;
  upserts: readonly Doc[];
  deletes: ReadonlyArray<Doc['id']>;
}
