import type { ReadModelName } from '@ats/contracts';
import { REBUILT_EVENT_TYPE } from '@ats/projector';
import type { Doc, DocumentStore } from '@ats/storage';
import type { PositionTracker } from './position-tracker';

/** at most this many documents are counted in memory (more: the store's count answers) */
const MAX_DOCS = 2_000_000;
/** numeric ids above this are not kept in the table (the store's count answers instead) */
const MAX_ID = 50_000_000;

/**
 * How many documents of a read model hold each value of one field (Active Candidates: candidates
 * per status), kept in memory: one byte per document id, read once, then kept current from the
 * change notices' ids (each batch's changed documents are read again, by id, before the next
 * count). A count over 250,000 candidates in the store takes hundreds of milliseconds; this
 * takes none.
 *
 * Exact for read-your-writes: a count is answered from memory only when every notice up to what
 * the tracker knows of the read model has been taken in (`positionOf`); otherwise (not loaded
 * yet, notices lost, a rebuild) it answers null, so the caller counts in the store, and counts
 * again in the background.
 */
export function createStatusCounts(
  documents: DocumentStore,
  tracker: Pick<PositionTracker, 'positionOf' | 'floor' | 'onBatch'>,
  options: { readModel: ReadModelName; field: string },
) {
  const { readModel, field } = options;
  const collection = () => documents.collection<Doc>(readModel);
  const names: string[] = [];
  const codeOf = (value: unknown): number => {
    const name = typeof value === 'string' ? value : JSON.stringify(value ?? null);
    let i = names.indexOf(name);
    if (i < 0) i = names.push(name) - 1;
    if (i >= 255) throw new Error(`${readModel}.${field}: too many distinct values to count`);
    return i + 1;
  };

  interface State {
    /** the tracker's position of the read model this state has taken in */
    version: number;
    floor: number;
    ready: boolean;
    /** per document id: 0 = no document, else 1 + the index of its value in `names` */
    codes: Uint8Array;
    counts: number[];
    /** ids announced since they were last read */
    pending: Set<number>;
  }
  let state: State | null = null;
  let loading: Promise<void> | null = null;
  // reads of pending ids one after the other, so a later read's values are never overwritten by an earlier one
  let applying: Promise<void> = Promise.resolve();

  const set = (s: State, id: number, code: number) => {
    if (id >= s.codes.length) {
      const grown = new Uint8Array(Math.max(id + 1, s.codes.length * 2));
      grown.set(s.codes);
      s.codes = grown;
    }
    const old = s.codes[id]!;
    if (old === code) return;
    if (old) s.counts[old] = (s.counts[old] ?? 0) - 1;
    if (code) s.counts[code] = (s.counts[code] ?? 0) + 1;
    s.codes[id] = code;
  };
  const numericId = (id: unknown): number | null => {
    const n = Number(id);
    return Number.isInteger(n) && n >= 0 && n <= MAX_ID ? n : null;
  };

  tracker.onBatch((notices, position) => {
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
      codes: new Uint8Array(1024),
      counts: [],
      pending: new Set(),
    };
    state = s;
    // one statement, so one snapshot (pages by offset could skip a document another write shifted)
    const docs = await collection().find({ fields: [field], limit: MAX_DOCS + 1 });
    if (docs.length > MAX_DOCS) throw new Error(`${readModel}: too many documents to count in memory`);
    for (const doc of docs) {
      const id = numericId(doc.id);
      if (id === null) throw new Error(`${readModel}: id ${String(doc.id)} cannot be counted in memory`);
      set(s, id, codeOf(doc[field]));
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
        const found = new Map<number, unknown>();
        for (const doc of await collection().getMany(ids, { fields: [field] })) found.set(Number(doc.id), doc[field]);
        for (const id of ids) set(s, id, found.has(id) ? codeOf(found.get(id)) : 0);
      });
    return applying;
  }

  return {
    /**
     * The number of documents whose field holds `value`, or null when memory cannot answer
     * exactly now (the caller counts in the store); starts counting in the background then.
     */
    async count(value: string): Promise<number | null> {
      const s = state;
      // every change the tracker knows of up to now has been taken in (s.version: see onBatch and load)
      if (s?.ready && s.floor === tracker.floor() && s.version >= tracker.positionOf([readModel])) {
        try {
          await catchUp(s);
        } catch {
          state = null;
          return null;
        }
        const code = names.indexOf(value);
        return code < 0 ? 0 : (s.counts[code + 1] ?? 0);
      }
      // a state behind the tracker only waits for notices on their way; none (lost notices, a rebuild) is counted again
      if (!s && !loading) {
        loading = load()
          .catch(() => {
            state = null;
          })
          .finally(() => (loading = null));
      }
      return null;
    },
    /** counts from scratch now (tests; a warm-up) */
    async load(): Promise<void> {
      await load();
    },
  };
}
export type StatusCounts = ReturnType<typeof createStatusCounts>;
