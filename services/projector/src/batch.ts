import { decodeEvent, UnknownEventTypeError, type StoredEventLike } from '@ats/events';
import { backoffDelay, sleep } from '@ats/storage';
import { DEAD_LETTER_COLLECTION, DECODE_STAGE, deadLetterOf, type DeadLetterDoc } from './dead-letters';
import { noticePatch } from './notice-patch';
import { mergeNotices } from './notices';
import type { DocId, ProjectedEvent, Projection, ProjectionContext } from './projection';
import type { ProjectorLogger } from './projector-api';
import type { ChangeNotice, CollectionIds, CollectionWrite, Doc, DocumentStore, RecordedEvent } from './ports';

/** Where a run of the batch processor writes: live collections, or the `__rebuild` copies. */
export interface Target {
  projections: readonly Projection[];
  byType: Map<string, Projection[]>;
  /** logical collection name → physical name */
  physical: Map<string, string>;
  live: boolean;
  /**
   * A rebuild's memory of the documents it read through `reads()` (lookups such as the activity
   * feed's names) and wrote since, by physical collection: null = known absent. Only the rebuild
   * writes its `__rebuild` collections, so this never goes stale; the live path has none.
   */
  lookups: Map<string, Map<DocId, Doc | null>> | null;
}

/** a rebuild stops remembering a lookup collection's documents beyond this many */
const LOOKUP_MEMORY_LIMIT = 200_000;

export interface BatchOutcome {
  last: number;
  notices: ChangeNotice[];
  deadLetters: DeadLetterDoc[];
}

type CacheEntry = { doc: Doc | null; dirty: boolean };
/** a batch's documents by physical collection: as loaded, then as evolved */
export type BatchCache = Map<string, Map<DocId, CacheEntry>>;
export type PreparedBatch = {
  last: number;
  cache: BatchCache;
  deadLetters: DeadLetterDoc[];
  notices: ChangeNotice[];
  /** the live write fence as this batch read it (null: absent); undefined: the write is not fenced */
  fence?: Doc | null;
};
export type CommitExtra = (tx: DocumentStore, deadLetters: readonly DeadLetterDoc[]) => Promise<void>;
/** a document committed with the batch (the live checkpoint) */
export type AlsoWrite = { collection: string; doc: Doc };
type EvolveOutcome =
  | { kind: 'skipped' }
  | { kind: 'evolved'; id: DocId; before: Doc | null; after: Doc | null; refs: Record<string, DocId[]> }
  | { kind: 'failed'; error: unknown; attempts: number };

const NO_REFS: Record<string, DocId[]> = Object.freeze({}) as Record<string, DocId[]>;

/** The port's EventMetadata is an interface (no index signature), which the codec's generic bound wants. */
const decode = (event: RecordedEvent): ProjectedEvent => decodeEvent(event as unknown as StoredEventLike) as unknown as ProjectedEvent;

/** Routes each event type to the projections that handle it; `physical` names their collections. */
export function createTarget(projections: readonly Projection[], physical: (name: string) => string, live: boolean): Target {
  const byType = new Map<string, Projection[]>();
  const names = new Map<string, string>();
  for (const p of projections) {
    names.set(p.collection.name, physical(p.collection.name));
    for (const type of p.handles) byType.set(type, [...(byType.get(type) ?? []), p]);
  }
  return { projections, byType, physical: names, live, lookups: live ? null : new Map() };
}

export interface BatchProcessorOptions {
  documentStore: DocumentStore;
  log: ProjectorLogger;
  now: () => Date;
  /** attempts per projection and event before dead-lettering */
  attempts: number;
  /** the first retry's delay; later ones double */
  retryBackoffMs: number;
  /** the live path's write fence (`ERASURE_FENCE`), read with each batch's documents */
  fence?: { collection: string; id: string };
}

/**
 * Decode → load → evolve → commit for one batch of events, shared by the live path and the
 * rebuild. Holds no state between batches (a rebuild's carried documents and lookups are passed in).
 */
export class BatchProcessor {
  constructor(private readonly options: BatchProcessorOptions) {}

  /** the same processor loading and committing through another document store (a rebuild's) */
  withDocumentStore(documentStore: DocumentStore): BatchProcessor {
    return new BatchProcessor({ ...this.options, documentStore });
  }

  /**
   * Decodes and projects `batch`, then commits the changed documents and the dead letters (live
   * only; a rebuild returns them) atomically together with `also` (the live checkpoint) and
   * `extra` (e.g. a rebuild's progress with the batch's dead letters).
   */
  async apply(
    batch: readonly RecordedEvent[],
    target: Target,
    extra: CommitExtra | null,
    also: readonly AlsoWrite[] = [],
  ): Promise<BatchOutcome> {
    return this.commit(await this.prepare(batch, target, null), target, extra, also);
  }

  /**
   * Steps 1–3 of `apply`: decode, load and evolve, without writing. `carry` is the previous
   * batch's documents while its commit may still be in flight (a rebuild's pipeline): they are
   * taken from there instead of the store, which may not have them yet.
   */
  async prepare(batch: readonly RecordedEvent[], target: Target, carry: BatchCache | null): Promise<PreparedBatch> {
    const physical = (collection: string) => target.physical.get(collection) ?? collection;
    const cache: BatchCache = new Map();
    const entries = (collection: string) => {
      let map = cache.get(collection);
      if (!map) cache.set(collection, (map = new Map()));
      return map;
    };
    const deadLetters: DeadLetterDoc[] = [];
    const notices: ChangeNotice[] = [];
    const deadLetter = (event: RecordedEvent, projection: string, error: unknown, attempts: number) => {
      deadLetters.push(deadLetterOf(event, projection, error, attempts, this.options.now()));
      this.options.log.error('projector dead-lettered an event', {
        eventId: event.id,
        position: event.position,
        type: event.type,
        projection,
        err: error,
      });
    };

    // 1. decode; types no projection handles are skipped, undecodable events are dead-lettered
    const decoded: ProjectedEvent[] = [];
    for (const event of batch) {
      if (!target.byType.has(event.type)) continue;
      try {
        decoded.push(decode(event));
      } catch (error) {
        if (error instanceof UnknownEventTypeError) continue;
        deadLetter(event, DECODE_STAGE, error, 1);
      }
    }

    // 2. load every document the batch touches, one query per collection
    const wanted = new Map<string, Set<DocId>>();
    const want = (collection: string, id: DocId) => {
      let ids = wanted.get(collection);
      if (!ids) wanted.set(collection, (ids = new Set()));
      ids.add(id);
    };
    const lookups = target.lookups;
    const store = this.options.documentStore;
    // nothing projected, nothing that could write a purged document back
    const fence = target.live && store.writeAcross && decoded.length > 0 ? this.options.fence : undefined;
    if (fence) want(fence.collection, fence.id);
    for (const event of decoded) {
      for (const p of target.byType.get(event.type) ?? []) {
        try {
          const id = p.documentId(event);
          // Events after the checkpoint were never applied (documents and checkpoint commit
          // together), so a document keyed by its event cannot exist yet: nothing to load.
          if (id !== null && p.documentPerEvent) entries(physical(p.collection.name)).set(id, { doc: null, dirty: false });
          else if (id !== null) want(physical(p.collection.name), id);
          for (const read of p.reads?.(event) ?? []) {
            const collection = physical(read.collection);
            // only the rebuild's own collections: a live one may change under it
            if (lookups && target.physical.has(read.collection) && !lookups.has(collection)) lookups.set(collection, new Map());
            want(collection, read.id);
          }
        } catch {
          // surfaces again (and is retried, then dead-lettered) when the projection runs
        }
      }
    }
    const toLoad: CollectionIds[] = [];
    for (const [collection, ids] of wanted) {
      const map = entries(collection);
      const known = lookups?.get(collection);
      const carried = carry?.get(collection);
      const missing: DocId[] = [];
      for (const id of ids) {
        const carriedEntry = carried?.get(id);
        // a carried null is a deletion the store may not have committed yet
        const doc = carriedEntry ? carriedEntry.doc : known?.get(id);
        if (doc === undefined) missing.push(id);
        map.set(id, { doc: doc ?? null, dirty: false });
      }
      if (missing.length > 0) toLoad.push({ collection, ids: missing });
    }
    // live: every collection's documents in one round trip when the store can
    if (target.live && store.getAcross && toLoad.length > 1) {
      for (const [collection, docs] of await store.getAcross(toLoad)) {
        const map = entries(collection);
        for (const doc of docs) map.set(doc.id, { doc, dirty: false });
      }
    } else {
      for (const { collection, ids } of toLoad) {
        const map = entries(collection);
        for (const doc of await store.collection(collection).getMany(ids)) map.set(doc.id, { doc, dirty: false });
      }
    }

    // 3. evolve, event by event, projection by projection
    for (const event of decoded) {
      const actor = { id: event.metadata.actor.id, name: event.metadata.actor.name };
      for (const p of target.byType.get(event.type) ?? []) {
        const collection = physical(p.collection.name);
        const context: ProjectionContext = {
          lookup: <T extends Doc>(name: string, id: DocId) => {
            const entry = cache.get(physical(name))?.get(id);
            if (!entry) throw new Error(`${p.name} read ${name}/${id} without declaring it in reads()`);
            return entry.doc as T | null;
          },
        };
        const outcome = await this.evolveWithRetry(p, event, (id) => cache.get(collection)?.get(id), context, target.live);
        if (outcome.kind === 'failed') {
          deadLetter(event, p.name, outcome.error, outcome.attempts);
          continue;
        }
        if (outcome.kind === 'skipped' || outcome.after === outcome.before) continue;
        entries(collection).set(outcome.id, { doc: outcome.after, dirty: true });
        if (target.live && p.notify !== false) {
          const patch = noticePatch(p.name, outcome.before, outcome.after, event.position);
          notices.push({
            position: 0,
            readModel: p.name,
            ids: [outcome.id],
            eventType: event.type,
            actor,
            refs: outcome.refs,
            ...(patch ? { patches: [patch] } : {}),
          });
        }
      }
    }

    const last = batch[batch.length - 1]!.position;
    if (!fence) return { last, cache, deadLetters, notices };
    return { last, cache, deadLetters, notices, fence: cache.get(fence.collection)?.get(fence.id)?.doc ?? null };
  }

  /**
   * Step 4 of `apply`: one transaction with the documents, dead letters, `also` (e.g. the live
   * checkpoint) and `extra`. Live without `extra` on a store that can: one atomic statement.
   */
  async commit(prepared: PreparedBatch, target: Target, extra: CommitExtra | null, also: readonly AlsoWrite[] = []): Promise<BatchOutcome> {
    const { last, cache, deadLetters, notices } = prepared;
    const lookups = target.lookups;
    const dirty = [...cache]
      .map(([collection, map]) => [collection, [...map].filter(([, e]) => e.dirty)] as const)
      .filter(([, docs]) => docs.length > 0);
    const store = this.options.documentStore;
    if (target.live && !extra && store.writeAcross) {
      const writes: CollectionWrite[] = dirty.map(([collection, docs]) => ({
        collection,
        upserts: docs.filter(([, entry]) => entry.doc).map(([, entry]) => entry.doc!),
        deletes: docs.filter(([, entry]) => !entry.doc).map(([id]) => id),
      }));
      if (deadLetters.length > 0) writes.push({ collection: DEAD_LETTER_COLLECTION, upserts: deadLetters, deletes: [] });
      for (const { collection, doc } of also) writes.push({ collection, upserts: [doc], deletes: [] });
      const fence = this.options.fence;
      await store.writeAcross(writes, fence && prepared.fence !== undefined ? { fence: { ...fence, doc: prepared.fence } } : {});
    } else {
      await store.transaction(async (tx) => {
        for (const [collection, docs] of dirty) {
          const c = tx.collection(collection);
          const upserts = docs.filter(([, entry]) => entry.doc).map(([, entry]) => entry.doc!);
          if (c.upsertMany) await c.upsertMany(upserts);
          else for (const doc of upserts) await c.upsert(doc);
          for (const [id, entry] of docs) if (!entry.doc) await c.delete(id);
        }
        if (target.live) for (const dl of deadLetters) await tx.collection<DeadLetterDoc>(DEAD_LETTER_COLLECTION).upsert(dl);
        for (const { collection, doc } of also) await tx.collection(collection).upsert(doc);
        if (extra) await extra(tx, deadLetters);
      });
    }
    // committed: remember what the lookup collections now hold
    for (const [collection, known] of lookups ?? []) {
      for (const [id, entry] of cache.get(collection) ?? []) known.set(id, entry.doc);
      if (known.size > LOOKUP_MEMORY_LIMIT) known.clear();
    }
    return { last, notices: mergeNotices(notices, last), deadLetters };
  }

  /** Runs one projection on one event; a throw is retried with backoff, then reported as failed. */
  private async evolveWithRetry(
    p: Projection,
    event: ProjectedEvent,
    loaded: (id: DocId) => CacheEntry | undefined,
    context: ProjectionContext,
    /** whether change notices will be sent (a rebuild sends one per read model, without refs) */
    notify: boolean,
  ): Promise<EvolveOutcome> {
    for (let attempt = 1; ; attempt++) {
      try {
        const id = p.documentId(event);
        if (id === null) return { kind: 'skipped' };
        const entry = loaded(id);
        if (!entry) throw new Error(`${p.name}: document ${String(id)} was not loaded`);
        const after = p.evolve(entry.doc, event, context);
        if (after !== null && after.id !== id) throw new Error(`${p.name} returned document ${String(after.id)} for ${String(id)}`);
        const refs = !notify || after === entry.doc ? NO_REFS : (p.refs?.(event, after) ?? NO_REFS);
        return { kind: 'evolved', id, before: entry.doc, after, refs };
      } catch (error) {
        if (attempt >= this.options.attempts) return { kind: 'failed', error, attempts: attempt };
        this.options.log.warn('projection failed; retrying', { projection: p.name, eventId: event.id, attempt, err: error });
        await sleep(backoffDelay(attempt - 1, { baseMs: this.options.retryBackoffMs }));
      }
    }
  }
}
