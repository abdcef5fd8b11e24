import type { BatchCache } from './batch';
import { IdFilter } from './id-filter';
import type { DocId } from './projection';
import type { Collection, Doc, DocumentStore } from './ports';

/** a rebuild writes its buffered documents once this many of them have changed */
export const REBUILD_FLUSH_DOCS = 15_000;
/**
 * and keeps at most this many documents (changed or not) in memory between batches. At 40k
 * events (`bench/b3.ts`) 60,000 instead of 30,000 costs 16 MB of heap and saves about 50,000
 * reads of evicted documents back from the store (82,800 -> 25,400 with the analytics).
 */
export const REBUILD_CACHE_DOCS = 60_000;

type Entry = { doc: Doc | null; dirty: boolean };
/** an entry of the buffer, stamped with when a batch last used it */
type Stamped = Entry & { used: number };
const used = (entry: Entry) => (entry as Stamped).used;

/**
 * A rebuild's write-back buffer: the documents of its `__rebuild` collections as the replay left
 * them, carried from batch to batch and written in bulk every REBUILD_FLUSH_DOCS changed
 * documents (together with the rebuild's progress), instead of once per batch. A document many
 * events touch (a job's counters, a source's figures) is then written once per flush rather
 * than once per batch, and the store sees few, large statements.
 *
 * Only the rebuild writes its `__rebuild` collections, so what the buffer holds never goes
 * stale. Memory is bounded: after a flush, unchanged documents beyond REBUILD_CACHE_DOCS are
 * dropped, least recently used first, and read again from the store when needed.
 */
export class RebuildBuffer {
  /** physical collection → id → document; each map in least recently used order */
  readonly docs: BatchCache = new Map();
  private dirty = 0;
  private size = 0;
  /** counts uses: the stamp of the most recent one */
  private clock = 0;
  /** entries handed to a flush (no longer counted as changed) */
  private readonly taken = new WeakSet<Entry>();
  /**
   * Per collection, the ids a flush has written (so they may be in the store), for the
   * collections whose documents live on (not the per-event ones: never read again, and the
   * largest). null: anything may be in the store (a resumed rebuild). A filter, not a Set: it
   * grows with the log (about 700,000 ids at 200k events, 60–70 MB of JS heap as Sets, 1 MB
   * as filters), and a false "maybe" only costs an upsert or a lookup that finds nothing.
   */
  private readonly written: Map<string, IdFilter> | null;

  constructor(
    /** the rebuild's own collections (created empty by it unless `resumed`) */
    private readonly own: ReadonlySet<string>,
    resumed: boolean,
    /** collections of documents made by one event each (`documentPerEvent`): never evolved again, so not kept once written */
    private readonly perEvent: ReadonlySet<string> = new Set(),
  ) {
    this.written = resumed ? null : new Map([...own].filter((name) => !perEvent.has(name)).map((name) => [name, new IdFilter()]));
  }

  /** changed documents not yet written */
  get changed(): number {
    return this.dirty;
  }

  /** takes in a prepared batch's documents of the own collections (as evolved) */
  absorb(cache: BatchCache): void {
    for (const [collection, entries] of cache) {
      if (!this.own.has(collection)) continue;
      let map = this.docs.get(collection);
      if (!map) this.docs.set(collection, (map = new Map()));
      for (const [id, entry] of entries) {
        const current = map.get(id);
        // a documentPerEvent placeholder the projection did not evolve holds nothing
        if (!current && !entry.dirty && entry.doc === null) continue;
        if (current) map.delete(id);
        else this.size++;
        const dirty = entry.dirty || (current?.dirty ?? false);
        // counted as changed already, unless a flush took it (its newer version counts anew)
        const counted = current !== undefined && current.dirty && !this.taken.has(current);
        if (dirty && !counted) this.dirty++;
        // a new object: a flush in flight keeps the one it is writing
        const stamped: Stamped = { doc: entry.doc, dirty, used: ++this.clock };
        map.set(id, stamped);
      }
    }
  }

  /**
   * Drops every document held, changed or not (an erasure's purge ran since they were read:
   * they may name the erased person). What committed flushes wrote stays known, so the replay
   * that follows reads those documents back from the store, as the purge left them.
   */
  forget(): void {
    this.docs.clear();
    this.dirty = 0;
    this.size = 0;
  }

  /** the changed documents to write, by collection; `written` marks them clean afterwards */
  takeChanged(): { changes: BatchCache; written: () => void } {
    const changes: BatchCache = new Map();
    for (const [collection, map] of this.docs) {
      const changed = new Map<DocId, Entry>();
      for (const [id, entry] of map) {
        if (!entry.dirty) continue;
        changed.set(id, entry);
        this.taken.add(entry);
      }
      if (changed.size > 0) changes.set(collection, changed);
    }
    let count = 0;
    for (const changed of changes.values()) count += changed.size;
    this.dirty -= count;
    return {
      changes,
      written: () => {
        for (const [collection, changed] of changes) {
          const map = this.docs.get(collection);
          const ids = this.written?.get(collection);
          for (const [id, entry] of changed) {
            // changed again since the snapshot: stays dirty (its newer version is counted)
            if (map?.get(id) === entry) entry.dirty = false;
            if (entry.doc !== null) ids?.add(String(id));
          }
        }
        this.evict();
      },
    };
  }

  /**
   * Drops every written per-event document, then unchanged documents beyond REBUILD_CACHE_DOCS,
   * least recently used first across all collections. Each collection's map is already in the
   * order of use (absorb re-inserts what a batch touched), so this merges their heads. Across
   * collections, not a share of each: a read model whose documents one event makes and none
   * reads again (a candidate's match keys, its analytics row) then gives way to the ones every
   * later event reads back (a candidate's activity lookup), which would otherwise be evicted
   * with them and read from the store again.
   */
  private evict(): void {
    for (const collection of this.perEvent) {
      const map = this.docs.get(collection);
      for (const [id, entry] of map ?? []) {
        if (entry.dirty) continue;
        map!.delete(id);
        this.size--;
      }
    }
    let excess = this.size - REBUILD_CACHE_DOCS;
    if (excess <= 0) return;
    type Head = { map: Map<DocId, Entry>; cursor: Iterator<[DocId, Entry]>; next: [DocId, Entry] | null };
    /** the next unchanged entry of a collection, in its order of use */
    const advance = (head: Head) => {
      for (let step = head.cursor.next(); !step.done; step = head.cursor.next()) {
        if (!step.value[1].dirty) return (head.next = step.value);
      }
      return (head.next = null);
    };
    const heads: Head[] = [];
    for (const map of this.docs.values()) {
      const head: Head = { map, cursor: map.entries(), next: null };
      if (advance(head)) heads.push(head);
    }
    while (excess > 0 && heads.length > 0) {
      let oldest = 0;
      for (let i = 1; i < heads.length; i++) if (used(heads[i]!.next![1]) < used(heads[oldest]!.next![1])) oldest = i;
      const head = heads[oldest]!;
      head.map.delete(head.next![0]);
      this.size--;
      excess--;
      if (!advance(head)) heads.splice(oldest, 1);
    }
  }

  /**
   * Whether the store may hold this document (a flush wrote it, or the rebuild resumed), so that
   * writing it needs an upsert rather than a plain insert. A per-event document is written once,
   * by the flush after the one event that makes it.
   */
  mayBeStored(collection: string, id: DocId): boolean {
    if (!this.written) return true;
    if (this.perEvent.has(collection)) return false;
    return this.written.get(collection)?.mightHave(String(id)) ?? true;
  }

  /**
   * The document store the batch processor loads through: for the own collections it asks the
   * store only for ids that can be there (written by a flush and not in memory: `prepare` takes
   * what the buffer holds first), so a fresh build does not look up every new id.
   */
  loader(store: DocumentStore): DocumentStore {
    const stored = this.written;
    if (!stored) return store;
    return new Proxy(store, {
      get(target, property, receiver) {
        if (property !== 'collection') return Reflect.get(target, property, receiver) as unknown;
        return <T extends Doc>(name: string): Collection<T> => {
          const collection = target.collection<T>(name);
          const known = stored.get(name);
          if (!known) return collection;
          return new Proxy(collection, {
            get(c, p, r) {
              if (p !== 'getMany') return Reflect.get(c, p, r) as unknown;
              return async (ids: ReadonlyArray<T['id']>) => {
                const maybe = ids.filter((id) => known.mightHave(String(id)));
                return maybe.length > 0 ? c.getMany(maybe) : [];
              };
            },
          });
        };
      },
    });
  }
}
