import { isFenceMoved } from '@ats/storage';
import { createTarget, type BatchProcessor } from './batch';
import { CHECKPOINT_COLLECTION, ERASURE_FENCE, REBUILD_PROGRESS_ID, type CheckpointDoc, type RebuildProgressDoc } from './checkpoint';
import type { CommitLock } from './commit-lock';
import { DEAD_LETTER_COLLECTION, type DeadLetterDoc } from './dead-letters';
import { boundHeapGrowth } from './heap-growth';
import type { LiveBatches } from './live-batches';
import { REBUILT_EVENT_TYPE } from './notices';
import { readModelKey, type DocId, type Projection } from './projection';
import { REBUILD_FLUSH_DOCS, RebuildBuffer } from './rebuild-buffer';
import type { ProjectorLogger, RebuildOptions, RebuildProgress, RebuildResult } from './projector-api';
import type { ChangeBus, ChangeNotice, Doc, DocumentStore, EventStore } from './ports';
import type { RunnerState } from './runner-state';
import type { PositionWaiters } from './waiters';

export const REBUILD_SUFFIX = '__rebuild';
/**
 * A copy of the rebuild's progress kept beside its (unlogged) collections: a crash of the
 * database empties them all together, and a resume needs both this and the checkpoint's copy.
 */
const PROGRESS_MARKER = `rebuild_progress${REBUILD_SUFFIX}`;

/** The initial build of a fresh read side ended because the runner was stopped. */
export class RebuildStoppedError extends Error {
  override readonly name = 'RebuildStoppedError';
}

/** What a rebuild uses of the runner it runs in. */
export interface RebuildHost {
  state: RunnerState;
  eventStore: EventStore;
  documentStore: DocumentStore;
  changeBus: ChangeBus;
  projections: readonly Projection[];
  batchSize: number;
  log: ProjectorLogger;
  now: () => Date;
  batches: BatchProcessor;
  live: LiveBatches;
  lock: CommitLock;
  waiters: PositionWaiters;
  checkpointDoc: (position: number) => CheckpointDoc;
  /** ensures the collections and loads the checkpoint (once) */
  load: () => Promise<void>;
}

const rebuildName = (name: string) => `${name}${REBUILD_SUFFIX}`;

/**
 * Projects the whole log into fresh `__rebuild` collections (unindexed while replaying), builds
 * their indexes, and swaps them in under the commit lock exactly at the live checkpoint.
 * `resume`: the initial build of a fresh read side, which continues from its committed progress
 * and ends (RebuildStoppedError) when the runner stops.
 */
export async function runRebuild(
  host: RebuildHost,
  options: RebuildOptions,
  mode: { resume: boolean } = { resume: false },
): Promise<RebuildResult> {
  // the replay's documents die old: without a bound V8 lets the heap grow to 4× its live part (README, B3)
  const release = boundHeapGrowth();
  try {
    return await replayAndSwap(host, options, mode);
  } finally {
    release();
  }
}

async function replayAndSwap(host: RebuildHost, options: RebuildOptions, mode: { resume: boolean }): Promise<RebuildResult> {
  const { state, eventStore, documentStore, batchSize } = host;
  const started = Date.now();
  /** the process's CPU time (ms) so far: the log splits it by phase (wall times say little on a loaded box) */
  const cpuMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  const cpuStarted = cpuMs();
  const selected = options.readModels ? host.projections.filter((p) => options.readModels!.includes(p.name)) : host.projections;
  const unknown = (options.readModels ?? []).filter((name) => !host.projections.some((p) => p.name === name));
  if (unknown.length > 0) throw new Error(`Unknown read models: ${unknown.join(', ')}`);
  const readModels = selected.map((p) => p.name);
  /** what a resumed rebuild must match: the same read models at the same versions */
  const keys = selected.map(readModelKey);
  const target = createTarget(selected, (name) => (selected.some((p) => p.collection.name === name) ? rebuildName(name) : name), false);
  const stopped = () => mode.resume && !state.running;

  await host.load();
  const progressDocs = documentStore.collection<RebuildProgressDoc>(CHECKPOINT_COLLECTION);
  const markers = documentStore.collection<RebuildProgressDoc>(PROGRESS_MARKER);
  const saved = mode.resume ? await progressDocs.get(REBUILD_PROGRESS_ID) : null;
  // The collections are UNLOGGED (PostgreSQL writes no WAL for them): a crash of the database
  // empties them, and the marker with them, so the replay starts over instead of resuming on
  // empty collections. (Killing the projector alone keeps them: it resumes.)
  const marker = saved ? await markers.get(REBUILD_PROGRESS_ID) : null;
  const resumed =
    saved !== null &&
    marker?.position === saved.position &&
    saved.readModels.length === keys.length &&
    saved.readModels.every((key, i) => key === keys[i]);
  let position = resumed ? saved.position : 0;
  let events = resumed ? saved.events : 0;
  const deadLetters: DeadLetterDoc[] = resumed ? [...saved.deadLetters] : [];
  if (!resumed) {
    // forget an earlier rebuild's progress before dropping the collections it describes
    await progressDocs.delete(REBUILD_PROGRESS_ID);
    for (const name of [...selected.map((p) => rebuildName(p.collection.name)), PROGRESS_MARKER]) {
      await documentStore.dropCollection(name);
      // Only the primary key while replaying: maintaining every secondary (and trigram) index
      // row by row costs several times more than building it once over the full table below.
      await documentStore.ensureCollection({ name }, { bulk: true });
    }
  }

  const report = (phase: RebuildProgress['phase']) => {
    state.sawHead(position);
    options.onProgress?.({ phase, position, head: state.head, events, readModels });
  };
  /** the rebuild's own collections, whose documents the buffer carries from batch to batch */
  const own = new Set(target.physical.values());
  // the buffer carries every document the lookups would remember (and bounds them)
  target.lookups = null;
  const perEvent = new Set(selected.filter((p) => p.documentPerEvent).map((p) => rebuildName(p.collection.name)));
  const buffer = new RebuildBuffer(own, resumed, perEvent);
  /** the erasure fence as it was before the replay read its events (issue 16: see `flush`) */
  const readFence = () => documentStore.collection(ERASURE_FENCE.collection).get(ERASURE_FENCE.id);
  let fence = await readFence();
  const batches = host.batches.withDocumentStore(buffer.loader(documentStore));
  /** dead letters found since the last flush */
  let pendingDeadLetters: DeadLetterDoc[] = [];
  /** writes the buffer's changed documents with the progress at `last` (`eventsSoFar` read) */
  const flush = (last: number, eventsSoFar: number): Promise<void> => {
    const { changes, written } = buffer.takeChanged();
    const found = pendingDeadLetters;
    pendingDeadLetters = [];
    // A document no flush has written yet is new to the store: a plain INSERT, without the
    // conflict check (decided now: the previous flush has committed, the next waits for this one)
    const writes = [...changes].map(([collection, entries]) => {
      const inserts: Doc[] = [];
      const upserts: Doc[] = [];
      const deletes: DocId[] = [];
      for (const [id, { doc }] of entries) {
        const stored = buffer.mayBeStored(collection, id);
        if (doc === null) {
          if (stored) deletes.push(id);
        } else (stored ? upserts : inserts).push(doc);
      }
      return { collection, inserts, upserts, deletes };
    });
    const progress: RebuildProgressDoc = {
      id: REBUILD_PROGRESS_ID,
      position: last,
      events: eventsSoFar,
      readModels: keys,
      deadLetters: [...deadLetters, ...found],
      updatedAt: host.now().toISOString(),
    };
    return documentStore
      .transaction(async (tx) => {
        // First, the progress, fenced: written only while no erasure's purge ran since this
        // replay read its events (else FenceMovedError and nothing of the flush is written). On
        // PostgreSQL the fence row is then locked, so a purge waits for this commit and scrubs it.
        if (tx.writeAcross) {
          await tx.writeAcross([{ collection: CHECKPOINT_COLLECTION, upserts: [progress], deletes: [] }], {
            fence: { ...ERASURE_FENCE, doc: fence },
          });
        }
        for (const { collection, inserts, upserts, deletes } of writes) {
          const c = tx.collection(collection);
          if (c.insertMany) await c.insertMany(inserts);
          else upserts.push(...inserts);
          if (c.upsertMany) await c.upsertMany(upserts);
          else for (const doc of upserts) await c.upsert(doc);
          for (const id of deletes) await c.delete(id);
        }
        // committed with the documents: a fresh start after a crash resumes from here
        if (!tx.writeAcross) await tx.collection<RebuildProgressDoc>(CHECKPOINT_COLLECTION).upsert(progress);
        await tx.collection<RebuildProgressDoc>(PROGRESS_MARKER).upsert(progress);
      })
      .then(() => {
        written();
        deadLetters.push(...found);
        position = last;
        events = eventsSoFar;
        // what the flush wrote: inserts of new documents, rewrites of documents an earlier flush wrote
        const count = (pick: (w: (typeof writes)[number]) => readonly unknown[]) => writes.reduce((n, w) => n + pick(w).length, 0);
        host.log.info('projector rebuild progress committed', {
          position,
          events,
          inserted: count((w) => w.inserts),
          rewritten: count((w) => w.upserts),
          deleted: count((w) => w.deletes),
        });
        report('replaying');
      });
  };
  /**
   * Projects the log after `position` (up to `until`) into the fresh collections. Batches are
   * evolved into the write-back buffer, which is flushed (documents and progress in one
   * transaction) every REBUILD_FLUSH_DOCS changed documents and at the end. Pipelined: the next
   * batches are read and evolved while a flush commits (on PostgreSQL over another connection);
   * flushes stay in order, so progress is exact.
   */
  const replay = async (until = Infinity) => {
    for (;;) {
      try {
        return await replayFrom(until);
      } catch (error) {
        if (!isFenceMoved(error)) throw error;
        // An erasure's purge ran after this replay read events it still holds, evolved, in
        // memory: they may name the erased person, and the purge could not reach them. Forget
        // them and replay again from the last flush, whose documents the purge has scrubbed;
        // events read from now on open without the destroyed key.
        host.log.info('projector rebuild replays again after an erasure', { position });
        buffer.forget();
        pendingDeadLetters = [];
        fence = await readFence();
      }
    }
  };
  const replayFrom = async (until: number) => {
    let cursor = position;
    let read = events;
    let flushing: Promise<void> | null = null;
    try {
      for (;;) {
        if (stopped()) {
          // a stop keeps what was replayed: the next start resumes from here
          await flushing;
          if (cursor > position) await flush(cursor, read);
          throw new RebuildStoppedError();
        }
        const page = await eventStore.readAll({ after: cursor, limit: batchSize });
        const batch = page.filter((e) => e.position <= until);
        if (batch.length > 0) {
          cursor = batch[batch.length - 1]!.position;
          read += batch.length;
          const prepared = await batches.prepare(batch, target, buffer.docs);
          buffer.absorb(prepared.cache);
          pendingDeadLetters.push(...prepared.deadLetters);
          if (buffer.changed >= REBUILD_FLUSH_DOCS) {
            await flushing;
            flushing = flush(cursor, read);
          }
        }
        if (page.length < batchSize || batch.length < page.length) break;
      }
      await flushing;
      if (cursor > position) await flush(cursor, read);
    } finally {
      // never leave a commit running behind a failure or a stop (its own error, if any, is the one thrown)
      await flushing?.catch(() => {});
    }
  };

  host.log.info('projector rebuild started', { readModels, ...(resumed ? { resumedAt: position } : {}) });
  state.sawHead(await eventStore.headPosition());
  report('replaying');
  await replay();
  if (stopped()) throw new RebuildStoppedError();
  // Everything replayed is written: free the buffer's memory before the indexes are built (the
  // store's own peak), the few events of the catch-up below read what they need back
  buffer.forget();
  const replayed = Date.now();
  const cpuReplayed = cpuMs();
  // The secondary indexes, once, outside the commit lock (the live runner keeps going meanwhile).
  report('indexing');
  /** the slowest collections to index (ms), for the log */
  const indexMs: Array<[string, number]> = [];
  for (const p of selected) {
    const t = Date.now();
    await documentStore.ensureCollection({ ...p.collection, name: rebuildName(p.collection.name) });
    indexMs.push([p.name, Date.now() - t]);
  }
  const indexed = Date.now();
  const cpuIndexed = cpuMs();

  // Swap under the commit lock, with the fresh collections exactly at the live checkpoint.
  await host.lock.run(async () => {
    if (stopped()) throw new RebuildStoppedError();
    await replay(state.position);
    const others = host.projections.filter((p) => !selected.includes(p));
    if (position > state.position && others.length > 0) {
      // The live runner is behind (or not started): bring every read model to the same point.
      for (;;) {
        const page = await eventStore.readAll({ after: state.position, limit: batchSize });
        const batch = page.filter((e) => e.position <= position);
        if (batch.length > 0) await host.live.commit(batch);
        if (page.length < batchSize || batch.length < page.length) break;
      }
    }
    // Every read model is being replaced: the checkpoint moves with the swap instead.
    const advance = position > state.position;
    position = Math.max(position, state.position);
    report('swapping');
    await documentStore.transaction(async (tx) => {
      for (const p of selected) await tx.swapCollection(rebuildName(p.collection.name), p.collection.name);
      // Dead letters of the rebuilt read models are replaced by what this replay found.
      await tx.collection(DEAD_LETTER_COLLECTION).deleteMany({ projection: { $in: readModels } });
      for (const dl of deadLetters) await tx.collection<DeadLetterDoc>(DEAD_LETTER_COLLECTION).upsert(dl);
      await tx.collection(CHECKPOINT_COLLECTION).delete(REBUILD_PROGRESS_ID);
      if (advance) await tx.collection<CheckpointDoc>(CHECKPOINT_COLLECTION).upsert(host.checkpointDoc(position));
    });
    if (advance) {
      state.position = position;
      host.waiters.settle();
    }
    for (const p of selected) await documentStore.ensureCollection(p.collection);
    for (const p of selected) {
      await documentStore.dropCollection(rebuildName(p.collection.name)).catch(() => {});
    }
    await documentStore.dropCollection(PROGRESS_MARKER).catch(() => {});
    const notices: ChangeNotice[] = selected
      .filter((p) => p.notify !== false)
      .map((p) => ({ position: state.position, readModel: p.name, ids: [], eventType: REBUILT_EVENT_TYPE, actor: null }));
    try {
      await host.changeBus.publish(notices, state.position);
    } catch (error) {
      host.log.error('projector could not publish rebuild notices', { err: error });
    }
  });
  report('done');
  const result = { readModels, position, events, deadLetters: deadLetters.length, durationMs: Date.now() - started };
  // where the time went: replaying the log, building the indexes, catching up and swapping
  const phasesMs = { replay: replayed - started, index: indexed - replayed, swap: Date.now() - indexed };
  const cpuEnded = cpuMs();
  const phasesCpuMs = {
    replay: Math.round(cpuReplayed - cpuStarted),
    index: Math.round(cpuIndexed - cpuReplayed),
    swap: Math.round(cpuEnded - cpuIndexed),
  };
  const slowestIndexesMs = Object.fromEntries(indexMs.sort((a, b) => b[1] - a[1]).slice(0, 6));
  host.log.info('projector rebuild finished', { ...result, phasesMs, phasesCpuMs, slowestIndexesMs });
  return result;
}
