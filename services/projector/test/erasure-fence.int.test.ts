import { afterEach, describe, expect, it } from 'vitest';
import { allProjections, CHECKPOINT_COLLECTION, createProjector, createReadModelPurge, ERASURE_FENCE, type Projector } from '../src/index';
import { candidateRegistered, noteAdded, userRegistered } from './support/fixtures';
import { allDocs, holding, openTestStores } from './support/stores';

type Stores = Awaited<ReturnType<typeof openTestStores>>;

/**
 * Issue 16: an erasure's read-model purge runs while the live projector may hold a batch it read
 * before the purge. Forced here on the real store: the batch's write is held until the purge has
 * run. Before the fence, the write put the name it had read back into the read models (the
 * activity feed line of the note, written from the name the batch looked up).
 */
describe('projector: an erasure purge against a live batch read before it', () => {
  const opened: Stores[] = [];
  const running: Projector[] = [];
  afterEach(async () => {
    for (const p of running.splice(0)) await p.stop();
    for (const s of opened.splice(0)) await s.close();
  });

  it('the batch writes nothing, is projected again from the purged documents, and no read model names the person', async () => {
    const stores = await openTestStores();
    opened.push(stores);
    const store = stores.documentStore;
    let hold: Promise<void> | null = null;
    let release = () => {};
    let held = () => {};
    const holding_ = new Promise<void>((resolve) => (held = resolve));
    let writes = 0;
    const documentStore = new Proxy(store, {
      get(target, property, receiver) {
        if (property !== 'writeAcross') return Reflect.get(target, property, receiver) as unknown;
        return async (...args: Parameters<NonNullable<typeof store.writeAcross>>) => {
          writes++;
          const wait = hold;
          hold = null;
          if (wait) {
            held();
            await wait;
          }
          return target.writeAcross!(...args);
        };
      },
    });
    const projector = createProjector({
      eventStore: stores.eventStore,
      documentStore,
      changeBus: stores.changeBus,
      projections: allProjections,
    });
    running.push(projector);
    await projector.start();
    await stores.append(userRegistered());
    const registered = await stores.append(candidateRegistered());
    expect(await projector.waitFor(registered, 10_000)).toBe(true);
    expect((await holding(store, 'Lovelace')).length).toBeGreaterThan(0);

    // the next batch (a note on her: its feed line names her, looked up in activity_lookup) is
    // read, then held before its write
    hold = new Promise<void>((resolve) => (release = resolve));
    const noted = await stores.append(noteAdded());
    await holding_;
    const writesBefore = writes;
    const purge = createReadModelPurge({ documentStore: store });
    expect(await purge(registered, { anywhere: ['Ada Lovelace', 'ada@example.com'], wholeValues: ['Ada', 'Lovelace'] })).toBeGreaterThan(0);
    expect(await holding(store, 'Lovelace')).toEqual([]);
    release();
    expect(await projector.waitFor(noted, 10_000)).toBe(true);

    expect(await holding(store, 'Lovelace')).toEqual([]);
    // the held write was refused and the batch written again, not dropped: the note's feed line is there
    expect(writes).toBe(writesBefore + 1);
    const feed = await allDocs(store, 'activities');
    expect(feed.map((doc) => doc.description)).toContain('Maria Chen added a note on [erased]');
    expect(await store.collection(CHECKPOINT_COLLECTION).get('main')).toMatchObject({ position: noted });
    expect(await store.collection(ERASURE_FENCE.collection).get(ERASURE_FENCE.id)).not.toMatchObject({ token: 'initial' });
  });
});
