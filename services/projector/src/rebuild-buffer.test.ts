import { describe, expect, it } from 'vitest';
import type { BatchCache } from './batch';
import { REBUILD_CACHE_DOCS, RebuildBuffer } from './rebuild-buffer';
import type { Collection, Doc, DocumentStore } from './ports';

const batch = (collection: string, docs: Array<[id: number | string, doc: Doc | null, dirty: boolean]>): BatchCache =>
  new Map([[collection, new Map(docs.map(([id, doc, dirty]) => [id, { doc, dirty }]))]]);

/** a store whose getMany records what it was asked for */
function recordingStore() {
  const asked: Array<Array<string | number>> = [];
  const store = {
    collection: (name: string) =>
      ({ name, getMany: async (ids: Array<string | number>) => (asked.push([...ids]), []) }) as unknown as Collection,
  } as unknown as DocumentStore;
  return { store, asked };
}

describe('rebuild write-back buffer', () => {
  it('carries evolved documents, counts each changed one once, and keeps a document changed during a flush dirty', () => {
    const buffer = new RebuildBuffer(new Set(['jobs__rebuild']), false);
    buffer.absorb(batch('jobs__rebuild', [[1, { id: 1, n: 1 }, true]]));
    buffer.absorb(batch('jobs__rebuild', [[1, { id: 1, n: 2 }, true]]));
    // loaded but unchanged in the next batch: stays changed with its latest version
    buffer.absorb(batch('jobs__rebuild', [[1, { id: 1, n: 2 }, false]]));
    expect(buffer.changed).toBe(1);
    expect(buffer.docs.get('jobs__rebuild')?.get(1)).toMatchObject({ doc: { id: 1, n: 2 }, dirty: true });

    const flush = buffer.takeChanged();
    expect([...flush.changes.get('jobs__rebuild')!.values()].map((e) => e.doc)).toEqual([{ id: 1, n: 2 }]);
    expect(buffer.changed).toBe(0);
    // evolved again while the flush commits: the newer version must be written by the next flush
    buffer.absorb(batch('jobs__rebuild', [[1, { id: 1, n: 3 }, true]]));
    flush.written();
    expect(buffer.changed).toBe(1);
    expect(buffer.takeChanged().changes.get('jobs__rebuild')?.get(1)?.doc).toEqual({ id: 1, n: 3 });
  });

  it('ignores other collections and per-event placeholders nobody evolved', () => {
    const buffer = new RebuildBuffer(new Set(['a__rebuild']), false);
    buffer.absorb(batch('live', [[1, { id: 1 }, true]]));
    buffer.absorb(batch('a__rebuild', [['e1', null, false]]));
    expect(buffer.docs.has('live')).toBe(false);
    expect(buffer.docs.get('a__rebuild')?.size).toBe(0);
    expect(buffer.changed).toBe(0);
  });

  it('after a flush drops the least recently used unchanged documents beyond its bound, and asks the store only for those', async () => {
    const { store, asked } = recordingStore();
    const buffer = new RebuildBuffer(new Set(['c__rebuild', 'feed__rebuild']), false, new Set(['feed__rebuild']));
    const total = REBUILD_CACHE_DOCS + 100;
    buffer.absorb(
      batch(
        'c__rebuild',
        Array.from({ length: total }, (_, i) => [i, { id: i }, true] as [number, Doc, boolean]),
      ),
    );
    buffer.absorb(batch('feed__rebuild', [['e1', { id: 'e1' }, true]]));
    // document 0 is used again: it becomes the most recently used
    buffer.absorb(batch('c__rebuild', [[0, { id: 0 }, false]]));
    buffer.takeChanged().written();
    const kept = buffer.docs.get('c__rebuild')!;
    expect(kept.size).toBe(REBUILD_CACHE_DOCS);
    expect(kept.has(0)).toBe(true);
    expect(kept.has(1)).toBe(false);
    expect(kept.has(total - 1)).toBe(true);
    // a written per-event document is not kept
    expect(buffer.docs.get('feed__rebuild')?.size).toBe(0);

    const loader = buffer.loader(store);
    // 1 was written and dropped (may be in the store); 'new' was never written
    await loader.collection('c__rebuild').getMany([1, 'new', total + 5]);
    // per-event documents are not tracked (never loaded by a batch): any lookup goes to the store
    await loader.collection('feed__rebuild').getMany(['e1', 'e2']);
    await loader.collection('other').getMany([7]);
    expect(asked).toEqual([[1], ['e1', 'e2'], [7]]);
  });

  it('evicts the least recently used documents across collections, not a share of each', () => {
    const buffer = new RebuildBuffer(new Set(['lookup__rebuild', 'keys__rebuild']), false);
    const docs = (from: number, count: number, dirty: boolean) =>
      Array.from({ length: count }, (_, i) => [from + i, { id: from + i }, dirty] as [number, Doc, boolean]);
    const half = REBUILD_CACHE_DOCS / 2;
    // one event each makes a lookup and a key document; only the lookups are used again later
    buffer.absorb(batch('lookup__rebuild', docs(0, half, true)));
    buffer.absorb(batch('keys__rebuild', docs(0, REBUILD_CACHE_DOCS, true)));
    buffer.absorb(batch('lookup__rebuild', docs(0, half, false)));
    // a key document changed while the flush commits is kept however old it is
    const flush = buffer.takeChanged();
    buffer.absorb(batch('keys__rebuild', [[-1, { id: -1 }, true]]));
    flush.written();
    const lookups = buffer.docs.get('lookup__rebuild')!;
    const keys = buffer.docs.get('keys__rebuild')!;
    // a share of each would have dropped a third of the lookups too
    expect(lookups.size).toBe(half);
    expect(lookups.size + keys.size).toBe(REBUILD_CACHE_DOCS);
    expect(keys.has(-1)).toBe(true);
    // the oldest key documents went first
    expect(keys.has(0)).toBe(false);
    expect(keys.has(half - 1)).toBe(false);
    expect(keys.has(half + 1)).toBe(true);
    expect(keys.has(REBUILD_CACHE_DOCS - 1)).toBe(true);
  });

  it('tells which changed documents a flush may write with a plain insert (never written before)', () => {
    const buffer = new RebuildBuffer(new Set(['c__rebuild', 'feed__rebuild']), false, new Set(['feed__rebuild']));
    buffer.absorb(batch('c__rebuild', [[1, { id: 1, n: 1 }, true]]));
    expect(buffer.mayBeStored('c__rebuild', 1)).toBe(false);
    const first = buffer.takeChanged();
    // evolved again while the first flush commits: once that commits, the next write is an upsert
    buffer.absorb(batch('c__rebuild', [[1, { id: 1, n: 2 }, true]]));
    first.written();
    expect(buffer.mayBeStored('c__rebuild', 1)).toBe(true);
    // a deletion before any write needs no statement; after one it does
    buffer.absorb(batch('c__rebuild', [[2, null, true]]));
    expect(buffer.mayBeStored('c__rebuild', 2)).toBe(false);
    // a per-event document is new until written, and never rewritten
    buffer.absorb(batch('feed__rebuild', [['e1', { id: 'e1' }, true]]));
    expect(buffer.mayBeStored('feed__rebuild', 'e1')).toBe(false);
    // a resumed rebuild cannot know what the store holds
    expect(new RebuildBuffer(new Set(['c__rebuild']), true).mayBeStored('c__rebuild', 1)).toBe(true);
  });

  it('asks the store for everything when resuming (it may hold documents this process never saw)', async () => {
    const { store, asked } = recordingStore();
    const buffer = new RebuildBuffer(new Set(['c__rebuild']), true);
    await buffer.loader(store).collection('c__rebuild').getMany([1, 2]);
    expect(asked).toEqual([[1, 2]]);
  });
});
