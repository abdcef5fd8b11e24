import { decodeEvent, UnknownEventTypeError, type StoredEventLike } from '@ats/events';
import { readModelKey, type DocId, type ProjectedEvent, type Projection, type ProjectionContext } from './projection';
import type { ChangeBus, ChangeNotice, CollectionDefinition, Doc, DocumentStore, EventStore, RecordedEvent, Subscription } from './ports';

export const CHECKPOINT_COLLECTION = 'projection_checkpoints';
export const CHECKPOINT_ID = 'main';
export const DEAD_LETTER_COLLECTION = 'dead_letters';
export const REBUILD_SUFFIX = '__rebuild';
/** eventType of the notice sent for each read model after a rebuild swapped it in: refetch all. */
export const REBUILT_EVENT_TYPE = 'ProjectionRebuilt';
/** projection name on dead letters for events that could not even be decoded */
export const DECODE_STAGE = '(decode)';

/** `readModels`: the read models that have seen every event up to `position` (absent in data written before it existed). */
export type CheckpointDoc = { id: typeof CHECKPOINT_ID; position: number; updatedAt: string; readModels?: string[] };

/** An event a projection could not handle, kept for admins; the runner carried on without it. */
export type DeadLetterDoc = {
  /** `${eventId}:${projection}` */
  id: string;
  eventId: string;
  position: number;
  eventType: string;
  stream: string;
  projection: string;
  error: string;
  attempts: number;
  failedAt: string;
};

/** Id, in the checkpoint collection, of the progress of a rebuild (committed with each of its batches). */
export const REBUILD_PROGRESS_ID = 'rebuild';

/** How far a rebuild into the `__rebuild` collections got; a fresh start resumes from it. */
export type RebuildProgressDoc = {
  id: typeof REBUILD_PROGRESS_ID;
  position: number;
  events: number;
  /** the read models being rebuilt (`readModelKey`: name and version), in projection order */
  readModels: string[];
  /** found so far; they replace the read models' dead letters at the swap */
  deadLetters: DeadLetterDoc[];
  updatedAt: string;
};

/** The initial build of a fresh read side ended because the runner was stopped. */
class RebuildStoppedError extends Error {
  override readonly name = 'RebuildStoppedError';
}

/** Structurally compatible with @ats/http-kit's Logger. */
export interface ProjectorLogger {
  debug?(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

export interface ProjectorOptions {
  eventStore: EventStore;
  documentStore: DocumentStore;
  changeBus: ChangeBus;
  projections: readonly Projection[];
  /** events per committed batch (default 500) */
  batchSize?: number;
  log?: ProjectorLogger;
  /** attempts per projection and event before dead-lettering (default 3) */
  attempts?: number;
  /** backoff between attempts, multiplied by the attempt number (default 10 ms) */
  retryBackoffMs?: number;
  /** how long a partial live batch waits for more events before it is committed (default 0: next tick) */
  flushDelayMs?: number;
  /** clock for dead-letter and checkpoint times (tests) */
  now?: () => Date;
  /**
   * A fresh read side (checkpoint 0) over a log whose head is at least this position is built like
   * a rebuild: into unindexed `__rebuild` collections, indexes once at the end, swapped in
   * atomically, resumable after a crash (default 10,000). A shorter log is caught up event batch
   * by event batch.
   */
  freshBuildFrom?: number;
}

export interface RebuildProgress {
  /** replaying the log, building the secondary indexes, swapping the collections in */
  phase: 'replaying' | 'indexing' | 'swapping' | 'done';
  /** last event position projected into the fresh collections */
  position: number;
  /** head of the log as last seen */
  head: number;
  /** events read so far */
  events: number;
  readModels: string[];
}

export interface RebuildOptions {
  onProgress?: (progress: RebuildProgress) => void;
  /** read-model names to rebuild (default: all) */
  readModels?: readonly string[];
}

export interface RebuildResult {
  readModels: string[];
  position: number;
  events: number;
  deadLetters: number;
  durationMs: number;
}

export interface ProjectorStatus {
  running: boolean;
  rebuilding: boolean;
  checkpoint: number;
  head: number;
  /** head position minus checkpoint */
  lag: number;
  /** dead letters written since this runner started */
  deadLettered: number;
  lastError: string | null;
}

export interface Projector {
  /** ensure collections, load the checkpoint and subscribe from it */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** position of the last event whose effects are committed */
  readonly checkpoint: number;
  /** true once the checkpoint reaches `position`, false after `timeoutMs` */
  waitFor(position: number, timeoutMs?: number): Promise<boolean>;
  /** project the whole log into fresh collections and swap them in when caught up */
  rebuild(options?: RebuildOptions): Promise<RebuildResult>;
  status(): Promise<ProjectorStatus>;
}

/** Where a run of the batch processor writes: live collections, or the `__rebuild` copies. */
interface Target {
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

interface BatchOutcome {
  last: number;
  notices: ChangeNotice[];
  deadLetters: DeadLetterDoc[];
}

type CacheEntry = { doc: Doc | null; dirty: boolean };
/** a batch's documents by physical collection: as loaded, then as evolved */
type BatchCache = Map<string, Map<DocId, CacheEntry>>;
type PreparedBatch = { last: number; cache: BatchCache; deadLetters: DeadLetterDoc[]; notices: ChangeNotice[] };
type CommitExtra = (tx: DocumentStore, deadLetters: readonly DeadLetterDoc[]) => Promise<void>;
type EvolveOutcome =
  | { kind: 'skipped' }
  | { kind: 'evolved'; id: DocId; before: Doc | null; after: Doc | null; refs: Record<string, DocId[]> }
  | { kind: 'failed'; error: unknown; attempts: number };

const silent: ProjectorLogger = { info() {}, warn() {}, error() {} };
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const message = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/** The port's EventMetadata is an interface (no index signature), which the codec's generic bound wants. */
const decode = (event: RecordedEvent): ProjectedEvent => decodeEvent(event as unknown as StoredEventLike) as unknown as ProjectedEvent;

export function createProjector(options: ProjectorOptions): Projector {
  return new ProjectionRunner(options);
}

class ProjectionRunner implements Projector {
  private readonly eventStore: EventStore;
  private readonly documentStore: DocumentStore;
  private readonly changeBus: ChangeBus;
  private readonly projections: readonly Projection[];
  private readonly batchSize: number;
  private readonly log: ProjectorLogger;
  private readonly attempts: number;
  private readonly retryBackoffMs: number;
  private readonly flushDelayMs: number;
  private readonly now: () => Date;
  private readonly freshBuildFrom: number;
  private readonly liveTarget: Target;
  /** the initial build of a fresh read side, while it runs */
  private initialBuild: Promise<void> | null = null;

  private position = 0;
  private head = 0;
  private running = false;
  private rebuilding = false;
  private loaded = false;
  /** read models added since the checkpoint was written: rebuilt from the log after start */
  private backfill: string[] = [];
  private deadLettered = 0;
  private lastError: string | null = null;
  private subscription: Subscription | null = null;
  private buffer: RecordedEvent[] = [];
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  /** serialises batch commits and the rebuild swap */
  private lock: Promise<void> = Promise.resolve();
  private waiters = new Set<{ position: number; resolve: (ok: boolean) => void; timer: ReturnType<typeof setTimeout> }>();

  constructor(options: ProjectorOptions) {
    this.eventStore = options.eventStore;
    this.documentStore = options.documentStore;
    this.changeBus = options.changeBus;
    this.projections = options.projections;
    this.batchSize = Math.max(1, options.batchSize ?? 500);
    this.log = options.log ?? silent;
    this.attempts = Math.max(1, options.attempts ?? 3);
    this.retryBackoffMs = options.retryBackoffMs ?? 10;
    this.flushDelayMs = options.flushDelayMs ?? 0;
    this.now = options.now ?? (() => new Date());
    this.freshBuildFrom = Math.max(1, options.freshBuildFrom ?? 10_000);
    const names = new Set<string>();
    for (const p of this.projections) {
      if (names.has(p.collection.name)) throw new Error(`Two projections write collection ${p.collection.name}`);
      names.add(p.collection.name);
    }
    this.liveTarget = this.target(this.projections, (name) => name, true);
  }

  get checkpoint(): number {
    return this.position;
  }

  async start(): Promise<void> {
    if (this.running) return;
    await this.load();
    this.running = true;
    this.log.info('projector starting', { checkpoint: this.position, projections: this.projections.map((p) => p.name) });
    if (this.backfill.length > 0) {
      const readModels = [...this.backfill];
      this.log.info('projector backfilling new read models', { readModels });
      this.rebuild({ readModels }).then(
        async () => {
          this.backfill = this.backfill.filter((name) => !readModels.includes(name));
          const complete = this.projections.filter((p) => !this.backfill.includes(p.name)).map(readModelKey);
          await this.documentStore.collection<CheckpointDoc>(CHECKPOINT_COLLECTION).patch(CHECKPOINT_ID, { readModels: complete });
          this.log.info('projector backfill done', { readModels });
        },
        (error: unknown) => this.log.error('projector backfill failed', { err: error, readModels }),
      );
    }
    if (this.position === 0 && (await this.eventStore.headPosition()) >= this.freshBuildFrom) {
      this.initialBuild = this.buildFresh();
      return;
    }
    this.subscribe();
  }

  /**
   * The first start over a long log: every read model is built like a rebuild (bulk, resumable,
   * indexes last), then the runner goes live from where the build ended. Store failures are
   * retried, resuming from the build's committed progress.
   */
  private async buildFresh(): Promise<void> {
    this.rebuilding = true;
    try {
      for (let failures = 0; this.running; failures++) {
        try {
          await this.runRebuild({}, { resume: true });
          break;
        } catch (error) {
          if (!this.running) break;
          this.lastError = message(error);
          this.log.error('projector initial build failed; resuming', { err: error, failures: failures + 1 });
          await sleep(Math.min(100 * 2 ** failures, 10_000));
        }
      }
    } finally {
      this.rebuilding = false;
    }
    if (this.running) this.subscribe();
  }

  private subscribe(): void {
    const subscription = this.eventStore.subscribe({
      after: this.position,
      onEvent: (event) => this.onEvent(event),
      onError: (error) => {
        this.lastError = message(error);
        this.log.error('projector subscription failed', { err: error });
      },
    });
    this.subscription = subscription;
    subscription.caughtUp.then(
      () => {
        this.log.info('projector caught up', { checkpoint: this.position });
        this.scheduleFlush();
      },
      () => {},
    );
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    // an initial build stops at its next batch; what it committed is resumed by the next start
    await this.initialBuild;
    this.initialBuild = null;
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.stop();
    // Let a batch in flight commit; anything still buffered is re-read from the checkpoint next start.
    await this.exclusive(async () => {
      this.buffer = [];
    });
    for (const waiter of this.waiters) {
      clearTimeout(waiter.timer);
      waiter.resolve(this.position >= waiter.position);
    }
    this.waiters.clear();
    this.log.info('projector stopped', { checkpoint: this.position });
  }

  waitFor(position: number, timeoutMs = 5000): Promise<boolean> {
    if (this.position >= position) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter = {
        position,
        resolve,
        timer: setTimeout(() => {
          this.waiters.delete(waiter);
          resolve(this.position >= position);
        }, timeoutMs),
      };
      this.waiters.add(waiter);
    });
  }

  async status(): Promise<ProjectorStatus> {
    try {
      this.head = Math.max(this.head, await this.eventStore.headPosition());
    } catch (error) {
      this.lastError = message(error);
    }
    return {
      running: this.running,
      rebuilding: this.rebuilding,
      checkpoint: this.position,
      head: this.head,
      lag: Math.max(0, this.head - this.position),
      deadLettered: this.deadLettered,
      lastError: this.lastError,
    };
  }

  async rebuild(options: RebuildOptions = {}): Promise<RebuildResult> {
    if (this.rebuilding) throw new Error('A rebuild is already running');
    this.rebuilding = true;
    try {
      return await this.runRebuild(options);
    } finally {
      this.rebuilding = false;
    }
  }

  // ── live path ────────────────────────────────────────────────────────────

  private async load(): Promise<void> {
    if (this.loaded) return;
    for (const p of this.projections) await this.documentStore.ensureCollection(p.collection);
    for (const definition of runnerCollections) await this.documentStore.ensureCollection(definition);
    const saved = await this.documentStore.collection<CheckpointDoc>(CHECKPOINT_COLLECTION).get(CHECKPOINT_ID);
    this.position = saved?.position ?? 0;
    // A read model added in a later version has not seen the events before the checkpoint. Data
    // from before `readModels` was recorded: an empty collection is taken as new (a one-off rebuild).
    if (saved && saved.position > 0) {
      for (const p of this.projections) {
        const known = saved.readModels
          ? saved.readModels.includes(readModelKey(p))
          : (p.version ?? 1) === 1 && (await this.documentStore.collection(p.collection.name).count()) > 0;
        if (!known) this.backfill.push(p.name);
      }
    }
    this.head = Math.max(this.head, this.position);
    this.loaded = true;
  }

  private async onEvent(event: RecordedEvent): Promise<void> {
    if (!this.running) return;
    this.head = Math.max(this.head, event.position);
    this.buffer.push(event);
    if (this.buffer.length < this.batchSize) return this.scheduleFlush();
    // Awaiting the commit of a full batch is the back-pressure on the subscription. Never throw
    // from here: a throwing handler ends the subscription.
    await this.flush().catch((error) => this.log.error('projector flush failed', { err: error }));
  }

  private scheduleFlush(): void {
    if (this.flushTimer || !this.running) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = null;
      this.flush().catch((error) => this.log.error('projector flush failed', { err: error }));
    }, this.flushDelayMs);
  }

  private flush(): Promise<void> {
    return this.exclusive(async () => {
      while (this.running && this.buffer.length > 0) {
        const batch = this.buffer.slice(0, this.batchSize);
        await this.commitLiveWithRetry(batch);
        this.buffer.splice(0, batch.length);
      }
    });
  }

  /** Store outages must not lose or reorder events: the same batch is retried until it commits. */
  private async commitLiveWithRetry(batch: readonly RecordedEvent[]): Promise<void> {
    for (let failures = 0; ; failures++) {
      try {
        await this.commitLive(batch);
        return;
      } catch (error) {
        this.lastError = message(error);
        this.log.error('projector batch failed; retrying', { err: error, from: batch[0]?.position, failures: failures + 1 });
        if (!this.running) throw error;
        await sleep(Math.min(100 * 2 ** failures, 10_000));
        if (!this.running) throw error;
      }
    }
  }

  /** Projects a batch into the live collections and commits documents, dead letters and checkpoint together. */
  private async commitLive(batch: readonly RecordedEvent[]): Promise<void> {
    const pending = batch.filter((e) => e.position > this.position);
    if (pending.length === 0) return;
    const outcome = await this.apply(pending, this.liveTarget, async (tx) => {
      const last = pending[pending.length - 1]!.position;
      await tx.collection<CheckpointDoc>(CHECKPOINT_COLLECTION).upsert(this.checkpointDoc(last));
    });
    this.position = outcome.last;
    this.head = Math.max(this.head, this.position);
    this.deadLettered += outcome.deadLetters.length;
    try {
      await this.changeBus.publish(outcome.notices, this.position);
    } catch (error) {
      // Notices are hints; clients resync on reconnect. The batch itself is committed.
      this.lastError = message(error);
      this.log.error('projector could not publish change notices', { err: error, position: this.position });
    }
    this.settleWaiters();
  }

  private checkpointDoc(position: number): CheckpointDoc {
    // a read model still being backfilled is not yet complete up to `position`
    const readModels = this.projections.filter((p) => !this.backfill.includes(p.name)).map(readModelKey);
    return { id: CHECKPOINT_ID, position, updatedAt: this.now().toISOString(), readModels };
  }

  private settleWaiters(): void {
    for (const waiter of this.waiters) {
      if (waiter.position <= this.position) {
        clearTimeout(waiter.timer);
        this.waiters.delete(waiter);
        waiter.resolve(true);
      }
    }
  }

  // ── rebuild ──────────────────────────────────────────────────────────────

  private async runRebuild(options: RebuildOptions, mode: { resume: boolean } = { resume: false }): Promise<RebuildResult> {
    const started = Date.now();
    const selected = options.readModels ? this.projections.filter((p) => options.readModels!.includes(p.name)) : this.projections;
    const unknown = (options.readModels ?? []).filter((name) => !this.projections.some((p) => p.name === name));
    if (unknown.length > 0) throw new Error(`Unknown read models: ${unknown.join(', ')}`);
    const readModels = selected.map((p) => p.name);
    /** what a resumed rebuild must match: the same read models at the same versions */
    const keys = selected.map(readModelKey);
    const rebuildName = (name: string) => `${name}${REBUILD_SUFFIX}`;
    const target = this.target(selected, (name) => (selected.some((p) => p.collection.name === name) ? rebuildName(name) : name), false);
    /** the initial build of a fresh read side ends when the runner is stopped (its progress is kept) */
    const stopped = () => mode.resume && !this.running;

    await this.load();
    const progressDocs = this.documentStore.collection<RebuildProgressDoc>(CHECKPOINT_COLLECTION);
    const saved = mode.resume ? await progressDocs.get(REBUILD_PROGRESS_ID) : null;
    const resumed = saved !== null && saved.readModels.length === keys.length && saved.readModels.every((key, i) => key === keys[i]);
    let position = resumed ? saved.position : 0;
    let events = resumed ? saved.events : 0;
    const deadLetters: DeadLetterDoc[] = resumed ? [...saved.deadLetters] : [];
    if (!resumed) {
      // forget an earlier rebuild's progress before dropping the collections it describes
      await progressDocs.delete(REBUILD_PROGRESS_ID);
      for (const p of selected) {
        await this.documentStore.dropCollection(rebuildName(p.collection.name));
        // Only the primary key while replaying: maintaining every secondary (and trigram) index
        // row by row costs several times more than building it once over the full table below.
        await this.documentStore.ensureCollection({ name: rebuildName(p.collection.name) });
      }
    }

    const report = (phase: RebuildProgress['phase']) => {
      this.head = Math.max(this.head, position);
      options.onProgress?.({ phase, position, head: this.head, events, readModels });
    };
    /** projects the log after `position` (up to `until`) into the fresh collections */
    /** the rebuild's own collections, whose documents one batch may hand to the next */
    const own = new Set(target.physical.values());
    /**
     * Projects the log after `position` (up to `until`) into the fresh collections. Pipelined: a
     * batch is read, decoded, loaded and evolved while the previous one commits (on PostgreSQL
     * over another connection), its documents carried over from that batch, and commits only
     * after it, so commits stay in order and progress is exact.
     */
    const replay = async (until = Infinity) => {
      let cursor = position;
      let carry: BatchCache | null = null;
      let committing: Promise<void> | null = null;
      try {
        for (;;) {
          if (stopped()) throw new RebuildStoppedError();
          const page = await this.eventStore.readAll({ after: cursor, limit: this.batchSize });
          const batch = page.filter((e) => e.position <= until);
          if (batch.length > 0) {
            const last = batch[batch.length - 1]!.position;
            cursor = last;
            const prepared = await this.prepare(batch, target, carry);
            await committing;
            carry = new Map([...prepared.cache].filter(([collection]) => own.has(collection)));
            committing = this.commit(prepared, target, async (tx, found) => {
              // committed with the documents: a fresh start after a crash resumes from here
              await tx.collection<RebuildProgressDoc>(CHECKPOINT_COLLECTION).upsert({
                id: REBUILD_PROGRESS_ID,
                position: last,
                events: events + batch.length,
                readModels: keys,
                deadLetters: [...deadLetters, ...found],
                updatedAt: this.now().toISOString(),
              });
            }).then((outcome) => {
              deadLetters.push(...outcome.deadLetters);
              position = outcome.last;
              events += batch.length;
              report('replaying');
            });
          }
          if (page.length < this.batchSize || batch.length < page.length) break;
        }
        await committing;
      } finally {
        // never leave a commit running behind a failure or a stop (its own error, if any, is the one thrown)
        await committing?.catch(() => {});
      }
    };

    this.log.info('projector rebuild started', { readModels, ...(resumed ? { resumedAt: position } : {}) });
    this.head = Math.max(this.head, await this.eventStore.headPosition());
    report('replaying');
    await replay();
    if (stopped()) throw new RebuildStoppedError();
    // The secondary indexes, once, outside the commit lock (the live runner keeps going meanwhile).
    report('indexing');
    for (const p of selected) await this.documentStore.ensureCollection({ ...p.collection, name: rebuildName(p.collection.name) });

    // Swap under the commit lock, with the fresh collections exactly at the live checkpoint.
    await this.exclusive(async () => {
      if (stopped()) throw new RebuildStoppedError();
      await replay(this.position);
      const others = this.projections.filter((p) => !selected.includes(p));
      if (position > this.position && others.length > 0) {
        // The live runner is behind (or not started): bring every read model to the same point.
        for (;;) {
          const page = await this.eventStore.readAll({ after: this.position, limit: this.batchSize });
          const batch = page.filter((e) => e.position <= position);
          if (batch.length > 0) await this.commitLive(batch);
          if (page.length < this.batchSize || batch.length < page.length) break;
        }
      }
      // Every read model is being replaced: the checkpoint moves with the swap instead.
      const advance = position > this.position;
      position = Math.max(position, this.position);
      report('swapping');
      await this.documentStore.transaction(async (tx) => {
        for (const p of selected) await tx.swapCollection(rebuildName(p.collection.name), p.collection.name);
        // Dead letters of the rebuilt read models are replaced by what this replay found.
        await tx.collection(DEAD_LETTER_COLLECTION).deleteMany({ projection: { $in: readModels } });
        for (const dl of deadLetters) await tx.collection<DeadLetterDoc>(DEAD_LETTER_COLLECTION).upsert(dl);
        await tx.collection(CHECKPOINT_COLLECTION).delete(REBUILD_PROGRESS_ID);
        if (advance) await tx.collection<CheckpointDoc>(CHECKPOINT_COLLECTION).upsert(this.checkpointDoc(position));
      });
      if (advance) {
        this.position = position;
        this.settleWaiters();
      }
      for (const p of selected) await this.documentStore.ensureCollection(p.collection);
      for (const p of selected) {
        await this.documentStore.dropCollection(rebuildName(p.collection.name)).catch(() => {});
      }
      const notices: ChangeNotice[] = selected
        .filter((p) => p.notify !== false)
        .map((p) => ({ position: this.position, readModel: p.name, ids: [], eventType: REBUILT_EVENT_TYPE, actor: null }));
      try {
        await this.changeBus.publish(notices, this.position);
      } catch (error) {
        this.log.error('projector could not publish rebuild notices', { err: error });
      }
    });
    report('done');
    const result = { readModels, position, events, deadLetters: deadLetters.length, durationMs: Date.now() - started };
    this.log.info('projector rebuild finished', { ...result });
    return result;
  }

  // ── the batch processor, shared by both paths ───────────────────────────

  private target(projections: readonly Projection[], physical: (name: string) => string, live: boolean): Target {
    const byType = new Map<string, Projection[]>();
    const names = new Map<string, string>();
    for (const p of projections) {
      names.set(p.collection.name, physical(p.collection.name));
      for (const type of p.handles) byType.set(type, [...(byType.get(type) ?? []), p]);
    }
    return { projections, byType, physical: names, live, lookups: live ? null : new Map() };
  }

  /**
   * Decodes and projects `batch`, then commits the changed documents and the dead letters (live
   * only; a rebuild returns them) in one transaction together with `extra` (the checkpoint, or a
   * rebuild's progress with the batch's dead letters).
   */
  private async apply(batch: readonly RecordedEvent[], target: Target, extra: CommitExtra | null): Promise<BatchOutcome> {
    return this.commit(await this.prepare(batch, target, null), target, extra);
  }

  /**
   * Steps 1–3 of `apply`: decode, load and evolve, without writing. `carry` is the previous
   * batch's documents while its commit may still be in flight (a rebuild's pipeline): they are
   * taken from there instead of the store, which may not have them yet.
   */
  private async prepare(batch: readonly RecordedEvent[], target: Target, carry: BatchCache | null): Promise<PreparedBatch> {
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
      deadLetters.push({
        id: `${event.id}:${projection}`,
        eventId: event.id,
        position: event.position,
        eventType: event.type,
        stream: event.stream,
        projection,
        error: message(error),
        attempts,
        failedAt: this.now().toISOString(),
      });
      this.log.error('projector dead-lettered an event', {
        eventId: event.id,
        position: event.position,
        type: event.type,
        projection,
        err: error,
      });
    };

    // 1. decode; unknown types are skipped, undecodable events are dead-lettered
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
      if (missing.length === 0) continue;
      const docs = await this.documentStore.collection(collection).getMany(missing);
      for (const doc of docs) map.set(doc.id, { doc, dirty: false });
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
        const outcome = await this.evolveWithRetry(p, event, (id) => cache.get(collection)?.get(id), context);
        if (outcome.kind === 'failed') {
          deadLetter(event, p.name, outcome.error, outcome.attempts);
          continue;
        }
        if (outcome.kind === 'skipped' || outcome.after === outcome.before) continue;
        entries(collection).set(outcome.id, { doc: outcome.after, dirty: true });
        if (target.live && p.notify !== false) {
          notices.push({ position: 0, readModel: p.name, ids: [outcome.id], eventType: event.type, actor, refs: outcome.refs });
        }
      }
    }

    return { last: batch[batch.length - 1]!.position, cache, deadLetters, notices };
  }

  /** Step 4 of `apply`: one transaction with the documents, dead letters and `extra`. */
  private async commit(prepared: PreparedBatch, target: Target, extra: CommitExtra | null): Promise<BatchOutcome> {
    const { last, cache, deadLetters, notices } = prepared;
    const lookups = target.lookups;
    const dirty = [...cache]
      .map(([collection, map]) => [collection, [...map].filter(([, e]) => e.dirty)] as const)
      .filter(([, docs]) => docs.length > 0);
    await this.documentStore.transaction(async (tx) => {
      for (const [collection, docs] of dirty) {
        const c = tx.collection(collection);
        const upserts = docs.filter(([, entry]) => entry.doc).map(([, entry]) => entry.doc!);
        if (c.upsertMany) await c.upsertMany(upserts);
        else for (const doc of upserts) await c.upsert(doc);
        for (const [id, entry] of docs) if (!entry.doc) await c.delete(id);
      }
      if (target.live) for (const dl of deadLetters) await tx.collection<DeadLetterDoc>(DEAD_LETTER_COLLECTION).upsert(dl);
      if (extra) await extra(tx, deadLetters);
    });
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
  ): Promise<EvolveOutcome> {
    for (let attempt = 1; ; attempt++) {
      try {
        const id = p.documentId(event);
        if (id === null) return { kind: 'skipped' };
        const entry = loaded(id);
        if (!entry) throw new Error(`${p.name}: document ${String(id)} was not loaded`);
        const after = p.evolve(entry.doc, event, context);
        if (after !== null && after.id !== id) throw new Error(`${p.name} returned document ${String(after.id)} for ${String(id)}`);
        const refs = after === entry.doc ? {} : (p.refs?.(event) ?? {});
        return { kind: 'evolved', id, before: entry.doc, after, refs };
      } catch (error) {
        if (attempt >= this.attempts) return { kind: 'failed', error, attempts: attempt };
        this.log.warn('projection failed; retrying', { projection: p.name, eventId: event.id, attempt, err: error });
        await sleep(this.retryBackoffMs * attempt);
      }
    }
  }

  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.lock.then(fn);
    this.lock = run.then(
      () => {},
      () => {},
    );
    return run;
  }
}

/** One notice per read model, event type and actor in a batch, with the ids and refs unioned. */
export function mergeNotices(notices: readonly ChangeNotice[], position: number): ChangeNotice[] {
  const merged = new Map<string, ChangeNotice>();
  for (const n of notices) {
    const key = `${n.readModel}\u0000${n.eventType}\u0000${n.actor?.id ?? ''}`;
    const into = merged.get(key);
    if (!into) {
      merged.set(key, {
        ...n,
        position,
        ids: [...n.ids],
        refs: Object.fromEntries(Object.entries(n.refs ?? {}).map(([k, v]) => [k, [...v]])),
      });
      continue;
    }
    for (const id of n.ids) if (!into.ids.includes(id)) into.ids.push(id);
    const refs = (into.refs ??= {});
    for (const [k, values] of Object.entries(n.refs ?? {})) {
      const list = (refs[k] ??= []);
      for (const v of values) if (!list.includes(v)) list.push(v);
    }
  }
  return [...merged.values()];
}

/** Collection definitions the runner needs besides the projections' own. */
export const runnerCollections: readonly CollectionDefinition[] = [
  { name: CHECKPOINT_COLLECTION },
  { name: DEAD_LETTER_COLLECTION, indexes: ['projection', 'position', 'eventId'] },
];
