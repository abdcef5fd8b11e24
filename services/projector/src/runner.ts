import { backoffDelay, sleep } from '@ats/storage';
import { BatchProcessor, createTarget } from './batch';
import { CHECKPOINT_COLLECTION, CHECKPOINT_ID, checkpointDoc, ERASURE_FENCE, runnerCollections, type CheckpointDoc } from './checkpoint';
import { CommitLock } from './commit-lock';
import { LiveBatches } from './live-batches';
import { readModelKey, type Projection } from './projection';
import type { Projector, ProjectorLogger, ProjectorOptions, ProjectorStatus, RebuildOptions, RebuildResult } from './projector-api';
import type { ChangeBus, DocumentStore, EventStore, Subscription } from './ports';
import { runRebuild, type RebuildHost } from './rebuild';
import { dropRetiredCollections } from './retired';
import { RunnerState } from './runner-state';
import { PositionWaiters } from './waiters';

const silent: ProjectorLogger = { info() {}, warn() {}, error() {} };

export function createProjector(options: ProjectorOptions): Projector {
  return new ProjectionRunner(options);
}

/**
 * The runner's lifecycle: load the checkpoint, backfill new read models, build a fresh read side
 * in bulk or subscribe from the checkpoint, report status, stop. The work itself is done by its
 * parts: LiveBatches (live path), runRebuild (rebuilds), BatchProcessor (one batch), PositionWaiters
 * (read-your-writes), all sharing one RunnerState and one CommitLock.
 */
class ProjectionRunner implements Projector {
  private readonly eventStore: EventStore;
  private readonly documentStore: DocumentStore;
  private readonly projections: readonly Projection[];
  private readonly log: ProjectorLogger;
  private readonly now: () => Date;
  private readonly freshBuildFrom: number;
  private readonly state = new RunnerState();
  private readonly waiters = new PositionWaiters(() => this.state.position);
  private readonly live: LiveBatches;
  private readonly rebuildHost: RebuildHost;
  /** the initial build of a fresh read side, while it runs */
  private initialBuild: Promise<void> | null = null;
  private loaded = false;
  private subscription: Subscription | null = null;

  constructor(options: ProjectorOptions) {
    this.eventStore = options.eventStore;
    this.documentStore = options.documentStore;
    this.projections = options.projections;
    this.log = options.log ?? silent;
    this.now = options.now ?? (() => new Date());
    this.freshBuildFrom = Math.max(1, options.freshBuildFrom ?? 10_000);
    const names = new Set<string>();
    for (const p of this.projections) {
      if (names.has(p.collection.name)) throw new Error(`Two projections write collection ${p.collection.name}`);
      names.add(p.collection.name);
    }
    const batchSize = Math.max(1, options.batchSize ?? 500);
    const changeBus: ChangeBus = options.changeBus;
    const lock = new CommitLock();
    const batches = new BatchProcessor({
      documentStore: this.documentStore,
      log: this.log,
      now: this.now,
      attempts: Math.max(1, options.attempts ?? 3),
      retryBackoffMs: options.retryBackoffMs ?? 10,
      fence: ERASURE_FENCE,
    });
    const toCheckpoint = (position: number) => checkpointDoc(position, this.projections, this.state.backfill, this.now());
    this.live = new LiveBatches({
      state: this.state,
      batches,
      target: createTarget(this.projections, (name) => name, true),
      changeBus,
      lock,
      waiters: this.waiters,
      checkpointDoc: toCheckpoint,
      log: this.log,
      batchSize,
      flushDelayMs: options.flushDelayMs ?? 0,
      ...(options.commitBudgetMs ? { commitBudgetMs: options.commitBudgetMs } : {}),
    });
    this.rebuildHost = {
      state: this.state,
      eventStore: this.eventStore,
      documentStore: this.documentStore,
      changeBus,
      projections: this.projections,
      batchSize,
      log: this.log,
      now: this.now,
      batches,
      live: this.live,
      lock,
      waiters: this.waiters,
      checkpointDoc: toCheckpoint,
      load: () => this.load(),
    };
  }

  get checkpoint(): number {
    return this.state.position;
  }

  async start(): Promise<void> {
    if (this.state.running) return;
    await this.load();
    this.state.running = true;
    this.log.info('projector starting', { checkpoint: this.state.position, projections: this.projections.map((p) => p.name) });
    if (this.state.backfill.length > 0) this.startBackfill();
    if (this.state.position === 0 && (await this.eventStore.headPosition()) >= this.freshBuildFrom) {
      this.initialBuild = this.buildFresh();
      return;
    }
    this.subscribe();
  }

  async stop(): Promise<void> {
    if (!this.state.running) return;
    this.state.running = false;
    // an initial build stops at its next batch; what it committed is resumed by the next start
    await this.initialBuild;
    this.initialBuild = null;
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.stop();
    await this.live.stop();
    this.waiters.releaseAll();
    this.log.info('projector stopped', { checkpoint: this.state.position });
  }

  waitFor(position: number, timeoutMs = 5000): Promise<boolean> {
    return this.waiters.waitFor(position, timeoutMs);
  }

  async status(): Promise<ProjectorStatus> {
    const state = this.state;
    try {
      state.sawHead(await this.eventStore.headPosition());
    } catch (error) {
      state.failed(error);
    }
    return {
      running: state.running,
      rebuilding: state.rebuilding,
      checkpoint: state.position,
      head: state.head,
      lag: Math.max(0, state.head - state.position),
      deadLettered: state.deadLettered,
      lastError: state.lastError,
    };
  }

  async rebuild(options: RebuildOptions = {}): Promise<RebuildResult> {
    if (this.state.rebuilding) throw new Error('A rebuild is already running');
    this.state.rebuilding = true;
    try {
      return await runRebuild(this.rebuildHost, options);
    } finally {
      this.state.rebuilding = false;
    }
  }

  /** Rebuilds the read models the checkpoint does not know yet, in the background, then records them as complete. */
  private startBackfill(): void {
    const readModels = [...this.state.backfill];
    this.log.info('projector backfilling new read models', { readModels });
    this.rebuild({ readModels }).then(
      async () => {
        this.state.backfill = this.state.backfill.filter((name) => !readModels.includes(name));
        const complete = this.projections.filter((p) => !this.state.backfill.includes(p.name)).map(readModelKey);
        await this.documentStore.collection<CheckpointDoc>(CHECKPOINT_COLLECTION).patch(CHECKPOINT_ID, { readModels: complete });
        this.log.info('projector backfill done', { readModels });
      },
      (error: unknown) => this.log.error('projector backfill failed', { err: error, readModels }),
    );
  }

  /**
   * The first start over a long log: every read model is built like a rebuild (bulk, resumable,
   * indexes last), then the runner goes live from where the build ended. Store failures are
   * retried, resuming from the build's committed progress.
   */
  private async buildFresh(): Promise<void> {
    this.state.rebuilding = true;
    try {
      for (let failures = 0; this.state.running; failures++) {
        try {
          await runRebuild(this.rebuildHost, {}, { resume: true });
          break;
        } catch (error) {
          if (!this.state.running) break;
          this.state.failed(error);
          this.log.error('projector initial build failed; resuming', { err: error, failures: failures + 1 });
          await sleep(backoffDelay(failures));
        }
      }
    } finally {
      this.state.rebuilding = false;
    }
    if (this.state.running) this.subscribe();
  }

  private subscribe(): void {
    const subscription = this.eventStore.subscribe({
      after: this.state.position,
      onEvent: (event) => this.live.onEvent(event),
      onError: (error) => {
        this.state.failed(error);
        this.log.error('projector subscription failed', { err: error });
      },
    });
    this.subscription = subscription;
    subscription.caughtUp.then(
      () => {
        this.log.info('projector caught up', { checkpoint: this.state.position });
        this.live.scheduleFlush();
      },
      () => {},
    );
  }

  private async load(): Promise<void> {
    if (this.loaded) return;
    await dropRetiredCollections(this.documentStore);
    for (const p of this.projections) await this.documentStore.ensureCollection(p.collection);
    for (const definition of runnerCollections) await this.documentStore.ensureCollection(definition);
    // the fence exists before any live batch reads it, so a fenced write can lock it (an absent fence cannot be locked)
    const fences = this.documentStore.collection(ERASURE_FENCE.collection);
    if (!(await fences.get(ERASURE_FENCE.id))) await fences.upsert({ id: ERASURE_FENCE.id, token: 'initial' });
    const saved = await this.documentStore.collection<CheckpointDoc>(CHECKPOINT_COLLECTION).get(CHECKPOINT_ID);
    this.state.position = saved?.position ?? 0;
    // A read model added in a later version has not seen the events before the checkpoint. Data
    // from before `readModels` was recorded: an empty collection is taken as new (a one-off rebuild).
    if (saved && saved.position > 0) {
      for (const p of this.projections) {
        const known = saved.readModels
          ? saved.readModels.includes(readModelKey(p))
          : (p.version ?? 1) === 1 && (await this.documentStore.collection(p.collection.name).count()) > 0;
        if (!known) this.state.backfill.push(p.name);
      }
    }
    this.state.sawHead(this.state.position);
    this.loaded = true;
  }
}
