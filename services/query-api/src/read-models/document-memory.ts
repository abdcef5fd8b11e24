import type { ReadModelName } from '@ats/contracts';
import { REBUILT_EVENT_TYPE } from '@ats/projector';
import type { Doc, DocumentStore, FindOptions } from '@ats/storage';
import type { PositionTracker } from './position-tracker';

/** at most this many documents are kept in memory (more: the store answers) */
const MAX_DOCS = 2_000_000;
/** documents per statement while loading */
const LOAD_PAGE = 1000;
/** numeric ids above this are not kept (the store answers instead) */
export const MAX_MEMORY_ID = 50_000_000;

/** What a memory keeps of each document: set from a document's fields, cleared when it is gone. */
export interface MemoryTable {
  set(id: number, doc: Doc): void;
  clear(id: number): void;
}

/**
 * A few fields of every document of a read model, kept in memory (typed columns per document id,
 * see `MemoryTable`): read once, then kept current from the change notices' ids (each batch's
 * changed documents are read again, by id, before the next answer). Counting over 250,000
 * candidates or 500,000 applications in the store takes hundreds of milliseconds; this takes one
 * or two.
 *
 * Exact for read-your-writes: `table()` hands out the table only when every notice up to what the
 * tracker knows of the read model has been taken in (`positionOf`); otherwise (not loaded yet,
 * notices lost, a rebuild) it answers null, so the caller asks the store, and loads again in the
 * background.
 */
export function createDocumentMemory<T extends MemoryTable>(
  documents: DocumentStore,
  tracker: Pick<PositionTracker, 'positionOf' | 'floor' | 'onBatch'>,
  options: {
    readModel: ReadModelName;
    /** the fields kept (absent: whole documents) */
    fields?: readonly string[];
    make: () => T;
    /** only the documents matching these conditions are kept (set); a changed one that no longer matches is cleared */
    filter?: Pick<FindOptions, 'where' | 'search' | 'contains'>;
  },
) {
  const { readModel, fields, filter } = options;
  const collection = () => documents.collection<Doc>(readModel);

  interface State {
    /** the tracker's position of the read model this state has taken in */
    version: number;
    floor: number;
    ready: boolean;
    table: T;
    /** ids announced since they were last read */
    pending: Set<number>;
  }
  let state: State | null = null;
  let loading: Promise<void> | null = null;
  // reads of pending ids one after the other, so a later read's values are never overwritten by an earlier one
  let applying: Promise<void> = Promise.resolve();

  const numericId = (id: unknown): number | null => {
    const n = Number(id);
    return Number.isInteger(n) && n >= 0 && n <= MAX_MEMORY_ID ? n : null;
  };

  const unsubscribe = tracker.onBatch((notices, position) => {
    const s = state;
    if (!s) return;
    // notices may have been lost (the tracker moved its floor), or a rebuild replaced the read model
    if (tracker.floor() !== s.floor) return void (state = null);
    let mine = false;
    for (const notice of notices) {
      if (notice.readModel !== readModel) continue;
      mine = true;
      if (notice.eventType === REBUILT_EVENT_TYPE || notice.ids.length === 0) return void (state = null);
      for (const raw of notice.ids) {
        const id = numericId(raw);
        if (id === null) return void (state = null);
        s.pending.add(id);
      }
    }
    if (mine) s.version = position;
  });

  async function load(): Promise<void> {
    // taken before reading: what is read then holds at least this, and later notices queue their ids
    const s: State = {
      version: tracker.positionOf([readModel]),
      floor: tracker.floor(),
      ready: false,
      table: options.make(),
      pending: new Set(),
    };
    state = s;
    // pages in id order (keyset: a page costs the same wherever it starts), small enough that the
    // thread serves requests between them and the heap never holds the whole read model. A document
    // written while the pages are read is announced after `version` was taken, so its id is pending
    // and read again before the first answer.
    let read = 0;
    for (let after: Doc['id'] | undefined; ;) {
      // dropped meanwhile (a rebuild, lost notices, stopped): the next ask loads again
      if (state !== s) return;
      const page = await collection().find({
        ...filter,
        ...(fields ? { fields } : {}),
        limit: LOAD_PAGE,
        ...(after === undefined ? {} : { after }),
      });
      read += page.length;
      if (read > MAX_DOCS) throw new Error(`${readModel}: too many documents to keep in memory`);
      for (const doc of page) {
        const id = numericId(doc.id);
        if (id === null) throw new Error(`${readModel}: id ${String(doc.id)} cannot be kept in memory`);
        s.table.set(id, doc);
      }
      if (page.length < LOAD_PAGE) break;
      after = page.at(-1)!.id;
    }
    s.ready = true;
  }

  function catchUp(s: State): Promise<void> {
    applying = applying
      .catch(() => {})
      .then(async () => {
        if (s.pending.size === 0) return;
        const ids = [...s.pending];
        s.pending.clear();
        const found = new Map<number, Doc>();
        // the conditions checked again for just these documents (by their ids)
        for (const doc of await collection().find({ ...filter, ids, ...(fields ? { fields } : {}) })) found.set(Number(doc.id), doc);
        for (const id of ids) {
          const doc = found.get(id);
          if (doc) s.table.set(id, doc);
          else s.table.clear(id);
        }
      });
    return applying;
  }

  return {
    /**
     * The table, current as of everything the tracker knows of the read model, or null when memory
     * cannot answer exactly now (the caller asks the store); starts loading in the background then.
     */
    async table(): Promise<T | null> {
      const s = state;
      // every change the tracker knows of up to now has been taken in (s.version: see onBatch and load)
      if (s?.ready && s.floor === tracker.floor() && s.version >= tracker.positionOf([readModel])) {
        try {
          await catchUp(s);
        } catch {
          state = null;
          return null;
        }
        return s.table;
      }
      // a state behind the tracker only waits for notices on their way; none (lost notices, a rebuild) is loaded again
      if (!s && !loading) {
        loading = load()
          .catch(() => {
            state = null;
          })
          .finally(() => (loading = null));
      }
      return null;
    },
    /** loads from scratch now (tests) */
    async load(): Promise<void> {
      await load();
    },
    /** loads in the background when not loaded yet (the server's warm-up after start) */
    async warm(): Promise<void> {
      if (state || loading) return loading ?? undefined;
      loading = load()
        .catch(() => {
          state = null;
        })
        .finally(() => (loading = null));
      await loading;
    },
    /** stops taking in notices (a memory no longer asked) */
    stop(): void {
      unsubscribe();
      state = null;
    },
  };
}

/** A column of numbers per document id, grown as ids come (NaN-free: `empty` marks no document). */
export class IdColumn {
  private values: Int32Array;
  constructor(private readonly empty = -1) {
    this.values = new Int32Array(1024).fill(empty);
  }
  get length(): number {
    return this.values.length;
  }
  get(id: number): number {
    return id < this.values.length ? this.values[id]! : this.empty;
  }
  set(id: number, value: number): void {
    if (id >= this.values.length) {
      const grown = new Int32Array(Math.max(id + 1, this.values.length * 2)).fill(this.empty);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[id] = value;
  }
  /** the raw column (for loops over every document) */
  raw(): Int32Array {
    return this.values;
  }
}
