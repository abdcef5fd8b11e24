/**
 * The first start over a long log (checkpoint 0, head ≥ freshBuildFrom) builds every read model
 * like a rebuild: unindexed `__rebuild` collections, indexes once at the end, one atomic swap that
 * also moves the checkpoint, progress committed with every batch so a crash resumes.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DomainEvent } from '@ats/events';
import {
  allProjections,
  CHECKPOINT_COLLECTION,
  CHECKPOINT_ID,
  createProjector,
  readModelKey,
  DEAD_LETTER_COLLECTION,
  DECODE_STAGE,
  REBUILD_PROGRESS_ID,
  REBUILT_EVENT_TYPE,
  runnerCollections,
  type CheckpointDoc,
  type DeadLetterDoc,
  type Projection,
  type Projector,
  type RebuildProgressDoc,
} from '../src/index';
import { createTestSchema, type DocumentStore } from '@ats/storage';
import { applicationCreated, candidateRegistered, clientCreated, jobCreated, noteAdded, stageChanged } from './support/fixtures';
import { allDocs, openTestStores } from './support/stores';

type Stores = Awaited<ReturnType<typeof openTestStores>>;
const READ_MODELS = allProjections.map((p) => p.collection.name);

/**
 * 5 events per candidate: registered, note, application, two moves; plus a client and a job. Every
 * third application is detached and then moved once more (a no-op on a deleted document), so a
 * deletion and a later event on the same document often fall into consecutive batches.
 */
function history(candidates: number): DomainEvent[][] {
  const out: DomainEvent[][] = [[clientCreated(), jobCreated()]];
  for (let i = 1; i <= candidates; i++) {
    out.push([
      candidateRegistered({ candidateId: i, email: `c${i}@example.com`, lastName: `Lovelace${i}` }),
      noteAdded({ noteId: i, candidateId: i }),
      applicationCreated({ applicationId: i, candidateId: i }),
      stageChanged('applied', 'interview', { applicationId: i, candidateId: i }),
      ...(i % 3 === 0
        ? [
            {
              type: 'ApplicationDetached',
              data: { applicationId: i, candidateId: i, jobId: 1, detachedBy: { id: 'u2', name: 'Maria Chen' } },
            } as DomainEvent,
          ]
        : []),
      stageChanged('interview', 'offer', { applicationId: i, candidateId: i }),
    ]);
  }
  return out;
}

async function snapshot(stores: Stores) {
  const out: Record<string, unknown[]> = {};
  for (const name of READ_MODELS) out[name] = await allDocs(stores.documentStore, name);
  return out;
}

const DATABASE_URL = process.env.DATABASE_URL;
if (!DATABASE_URL) console.warn('[skip] fresh build on PostgreSQL: DATABASE_URL is not set');

freshBuild('fresh build of an empty read side over a long log', async () => ({ stores: await openTestStores(), drop: async () => {} }));
// There the next batch is read and evolved while the last one commits, over another connection.
if (DATABASE_URL) {
  freshBuild('fresh build on PostgreSQL', async () => {
    const schema = await createTestSchema(DATABASE_URL, 'fresh_build');
    return { stores: await openTestStores({ kind: 'postgres', url: schema.url }), drop: schema.drop };
  });
}

/** the store with every transaction starting 15 ms late */
function slowCommits(store: DocumentStore): DocumentStore {
  return new Proxy(store, {
    get(target, key) {
      if (key === 'transaction')
        return async (fn: Parameters<DocumentStore['transaction']>[0]) => (await sleep(15), target.transaction(fn));
      const value = Reflect.get(target, key) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function freshBuild(title: string, open: () => Promise<{ stores: Stores; drop: () => Promise<void> }>) {
  describe(title, () => {
    let stores: Stores;
    let drop: () => Promise<void>;
    const running: Projector[] = [];
    const projector = (
      options: { freshBuildFrom?: number; batchSize?: number; projections?: readonly Projection[]; slowCommits?: boolean } = {},
    ) => {
      const p = createProjector({
        eventStore: stores.eventStore,
        documentStore: options.slowCommits ? slowCommits(stores.documentStore) : stores.documentStore,
        changeBus: stores.changeBus,
        projections: options.projections ?? allProjections,
        batchSize: options.batchSize ?? 50,
        retryBackoffMs: 1,
        freshBuildFrom: options.freshBuildFrom ?? 1,
      });
      running.push(p);
      return p;
    };
    /** the read side as event-by-event catch-up builds it, after wiping what is there */
    const caughtUp = async (last: number) => {
      for (const name of [...READ_MODELS, ...runnerCollections.map((c) => c.name)]) await stores.documentStore.dropCollection(name);
      const runner = projector({ freshBuildFrom: Number.MAX_SAFE_INTEGER });
      await runner.start();
      expect(await runner.waitFor(last, 20_000)).toBe(true);
      await runner.stop();
      return snapshot(stores);
    };

    beforeEach(async () => {
      ({ stores, drop } = await open());
    });
    afterEach(async () => {
      for (const p of running.splice(0)) await p.stop();
      await stores.close();
      await drop();
    });

    it('gives the same read models as catch-up, moves the checkpoint once, then goes live', async () => {
      let last = 0;
      for (const events of history(40)) last = await stores.append(events);
      const runner = projector({ batchSize: 7 });
      await runner.start();
      expect(await runner.waitFor(last, 20_000)).toBe(true);
      expect(runner.checkpoint).toBe(last);
      await expect.poll(async () => (await runner.status()).rebuilding).toBe(false);

      const checkpoint = await stores.documentStore.collection<CheckpointDoc>(CHECKPOINT_COLLECTION).get(CHECKPOINT_ID);
      expect(checkpoint).toMatchObject({ position: last, readModels: allProjections.map(readModelKey) });
      expect(await stores.documentStore.collection(CHECKPOINT_COLLECTION).get(REBUILD_PROGRESS_ID)).toBeNull();
      expect(await stores.documentStore.collection('candidates__rebuild').count()).toBe(0);
      // one notice per read model instead of one per batch, and the swapped-in collections are searchable
      const notices = stores.published.flatMap((p) => p.notices);
      expect(notices.every((n) => n.eventType === REBUILT_EVENT_TYPE && n.position === last)).toBe(true);
      expect(await stores.documentStore.collection('candidates').find({ search: 'lovelace17' })).toHaveLength(1);

      // live from there
      const next = await stores.append(
        candidateRegistered({ candidateId: 99, email: 'c99@example.com', firstName: 'Katherine', lastName: 'Johnson' }),
      );
      expect(await runner.waitFor(next, 5_000)).toBe(true);
      expect((await stores.documentStore.collection('activities').find({ sort: [['position', 'desc']], limit: 1 }))[0]).toMatchObject({
        description: 'Katherine Johnson was added as a candidate by Test User',
      });
      await runner.stop();

      const built = await snapshot(stores);
      expect(built.applications).toHaveLength(40 - 13);
      expect(await caughtUp(next)).toEqual(built);
    });

    it('prepares each batch from the documents of the batch still committing, deletions included', async () => {
      // every commit waits first: the next batch is read, loaded and evolved meanwhile, so a
      // document the committing batch deleted is still in the store and must not come back
      // batches of 2: [registered, created] [moved, detached] [moved again, note] — the second
      // move is evolved while the detach is still waiting to commit
      let last = await stores.append([clientCreated(), jobCreated()]);
      for (let i = 1; i <= 20; i++) {
        last = await stores.append([
          candidateRegistered({ candidateId: i, email: `c${i}@example.com` }),
          applicationCreated({ applicationId: i, candidateId: i }),
          stageChanged('applied', 'interview', { applicationId: i, candidateId: i }),
          {
            type: 'ApplicationDetached',
            data: { applicationId: i, candidateId: i, jobId: 1, detachedBy: { id: 'u2', name: 'Maria Chen' } },
          } as DomainEvent,
          stageChanged('interview', 'offer', { applicationId: i, candidateId: i }),
          noteAdded({ noteId: i, candidateId: i }),
        ]);
      }
      const runner = projector({ batchSize: 2, slowCommits: true });
      await runner.start();
      expect(await runner.waitFor(last, 30_000)).toBe(true);
      await runner.stop();
      const built = await snapshot(stores);
      expect(built.applications).toEqual([]);
      expect(await caughtUp(last)).toEqual(built);
    });

    it('resumes a build that was stopped (or killed) from its committed progress, dead letters included', async () => {
      await stores.append([clientCreated(), jobCreated()]);
      const poison = await stores.appendRaw({ type: 'CandidateRegistered', data: { candidateId: 'not a number' } });
      let last = 0;
      for (const events of history(60).slice(1)) last = await stores.append(events);

      // stopped from inside a batch, a third of the way in (the kill -9 drill does it for real)
      let stopping: Promise<void> | null = null;
      const stopAt = Math.floor(last / 3);
      const stopper = allProjections.map((p) =>
        p.name === 'activities'
          ? {
              ...p,
              evolve: (doc: never, event: { position: number }, context: never) => (
                (stopping ??= event.position >= stopAt ? first.stop() : null),
                p.evolve(doc, event as never, context)
              ),
            }
          : p,
      ) as Projection[];
      const first = projector({ batchSize: 10, projections: stopper });
      await first.start();
      await expect.poll(() => stopping !== null, { timeout: 20_000 }).toBe(true);
      await stopping;
      const progress = stores.documentStore.collection<RebuildProgressDoc>(CHECKPOINT_COLLECTION);
      const saved = await progress.get(REBUILD_PROGRESS_ID);
      expect(saved!.position).toBeGreaterThan(poison);
      expect(saved!.position).toBeLessThan(last);
      expect(saved!.deadLetters.map((d) => [d.position, d.projection])).toEqual([[poison, DECODE_STAGE]]);
      expect(first.checkpoint).toBe(0);

      // the next start replays only what the first did not commit
      const seen: number[] = [];
      const counting = allProjections.map((p) =>
        p.name === 'activities'
          ? {
              ...p,
              evolve: (doc: never, event: { position: number }, context: never) => (
                seen.push(event.position),
                p.evolve(doc, event as never, context)
              ),
            }
          : p,
      ) as Projection[];
      const second = projector({ batchSize: 10, projections: counting });
      await second.start();
      expect(await second.waitFor(last, 20_000)).toBe(true);
      expect(Math.min(...seen)).toBeGreaterThan(saved!.position);
      await second.stop();

      const deadLetters = (await allDocs(stores.documentStore, DEAD_LETTER_COLLECTION)) as DeadLetterDoc[];
      expect(deadLetters.map((d) => [d.position, d.projection])).toEqual([[poison, DECODE_STAGE]]);
      const built = await snapshot(stores);
      expect(await caughtUp(last)).toEqual(built);
    });

    it('keeps catching up batch by batch below the threshold, and after the first checkpoint', async () => {
      let last = 0;
      for (const events of history(3)) last = await stores.append(events);
      const runner = projector({ freshBuildFrom: last + 1 });
      await runner.start();
      expect(await runner.waitFor(last, 10_000)).toBe(true);
      expect(stores.published.flatMap((p) => p.notices).some((n) => n.eventType === REBUILT_EVENT_TYPE)).toBe(false);
      await runner.stop();
      for (const events of history(10).slice(4)) last = await stores.append(events);
      const again = projector();
      await again.start();
      expect(await again.waitFor(last, 10_000)).toBe(true);
      expect(stores.published.flatMap((p) => p.notices).some((n) => n.eventType === REBUILT_EVENT_TYPE)).toBe(false);
    });
  });
}
