import { setImmediate as nextTurn } from 'node:timers/promises';
import { backoffDelay, isFenceMoved, sleep } from '@ats/storage';
import type { BatchOutcome, BatchProcessor, Target } from './batch';
import { CHECKPOINT_COLLECTION, type CheckpointDoc } from './checkpoint';
import type { CommitLock } from './commit-lock';
import type { ProjectorLogger } from './projector-api';
import type { ChangeBus, RecordedEvent } from './ports';
import type { RunnerState } from './runner-state';
import type { PositionWaiters } from './waiters';

export interface LiveBatchesOptions {
  state: RunnerState;
  batches: BatchProcessor;
  target: Target;
  changeBus: ChangeBus;
  lock: CommitLock;
  waiters: PositionWaiters;
  /** the checkpoint document to commit with a batch ending at `position` */
  checkpointDoc: (position: number) => CheckpointDoc;
  log: ProjectorLogger;
  batchSize: number;
  flushDelayMs: number;
  /**
   * How long one live commit should take (unset: always `batchSize`). On the embedded store the
   * commit runs on the thread that serves every request, so a backlog (an import, a burst) is
   * committed in batches sized to stay near this.
   */
  commitBudgetMs?: number;
}

/** the smallest live batch the budget can shrink to (per-batch costs dominate below this) */
export const MIN_LIVE_BATCH = 100;

/**
 * With a commit budget (the embedded store), a live batch of at least this many events is
 * committed in two turns of the event loop: its documents are read and evolved in one, written
 * (with the checkpoint, one statement) in the next, so a request that came in meanwhile runs
 * between the two instead of after both (an import batch of 25 candidates is 51 events, whose
 * read, evolve and write held the one thread 40–85 ms). A lone command's batch stays one turn.
 */
export const SPLIT_COMMIT_FROM = 20;

/** how many times in a row a batch is projected again at once after an erasure's purge moved the fence */
const FENCE_ATTEMPTS = 5;

/**
 * The live path: buffers subscribed events into batches, commits each with the checkpoint, then
 * publishes its change notices and wakes read-your-writes waiters.
 */
export class LiveBatches {
  private buffer: RecordedEvent[] = [];
  private flushTimer: { cancel(): void } | null = null;
  /** the events committed together at most now: `batchSize`, less while commits run over budget */
  private limit: number;

  constructor(private readonly options: LiveBatchesOptions) {
    this.limit = options.batchSize;
  }

  /** the current live batch limit (tests, metrics) */
  get batchLimit(): number {
    return this.limit;
  }

  /** the subscription's handler; never throws (a throwing handler ends the subscription) */
  async onEvent(event: RecordedEvent): Promise<void> {
    const { state, batchSize, log } = this.options;
    if (!state.running) return;
    state.sawHead(event.position);
    this.buffer.push(event);
    if (this.buffer.length < batchSize) return this.scheduleFlush();
    // Awaiting the commit of a full batch is the back-pressure on the subscription.
    await this.flush().catch((error) => log.error('projector flush failed', { err: error }));
  }

  /**
   * Commits a partial batch soon, e.g. once the subscription caught up: after `flushDelayMs`, or
   * with 0 right after this turn, so the events delivered in it (one read of the log) go together.
   * Events that arrive while a commit runs wait in the buffer and go together in the next one:
   * a burst of commands is coalesced without delaying a lone command's notice.
   */
  scheduleFlush(): void {
    if (this.flushTimer || !this.options.state.running) return;
    const run = () => {
      this.flushTimer = null;
      this.flush().catch((error) => this.options.log.error('projector flush failed', { err: error }));
    };
    const delay = this.options.flushDelayMs;
    if (delay > 0) {
      const timer = setTimeout(run, delay);
      this.flushTimer = { cancel: () => clearTimeout(timer) };
    } else {
      const immediate = setImmediate(run);
      this.flushTimer = { cancel: () => clearImmediate(immediate) };
    }
  }

  /** Lets a batch in flight commit; anything still buffered is re-read from the checkpoint next start. */
  async stop(): Promise<void> {
    this.flushTimer?.cancel();
    this.flushTimer = null;
    await this.options.lock.run(async () => {
      this.buffer = [];
    });
  }

  /** Projects a batch into the live collections and commits documents, dead letters and checkpoint together. */
  async commit(batch: readonly RecordedEvent[]): Promise<void> {
    const { state, changeBus, waiters, log } = this.options;
    const pending = batch.filter((e) => e.position > state.position);
    if (pending.length === 0) return;
    const last = pending[pending.length - 1]!.position;
    const outcome = await this.prepareAndWrite(pending, last);
    state.position = outcome.last;
    state.sawHead(state.position);
    state.deadLettered += outcome.deadLetters.length;
    try {
      await changeBus.publish(outcome.notices, state.position);
    } catch (error) {
      // Notices are hints; clients resync on reconnect. The batch itself is committed.
      state.failed(error);
      log.error('projector could not publish change notices', { err: error, position: state.position });
    }
    waiters.settle();
  }

  /**
   * Reads, evolves and writes one batch. An erasure's purge that ran between the read and the
   * write moved the write fence, so the write wrote nothing: the batch is read and evolved again
   * from the purged documents (a few times in a row; past that, commitWithRetry's backoff).
   */
  private async prepareAndWrite(pending: readonly RecordedEvent[], last: number): Promise<BatchOutcome> {
    const { batches, target } = this.options;
    for (let attempt = 1; ; attempt++) {
      const prepared = await batches.prepare(pending, target, null);
      // a large batch on the embedded store: the requests that came in go before its write (see SPLIT_COMMIT_FROM)
      if (this.options.commitBudgetMs !== undefined && pending.length >= SPLIT_COMMIT_FROM) await nextTurn();
      try {
        // the checkpoint commits with the documents (one statement on the SQL stores)
        return await batches.commit(prepared, target, null, [{ collection: CHECKPOINT_COLLECTION, doc: this.options.checkpointDoc(last) }]);
      } catch (error) {
        if (!isFenceMoved(error) || attempt >= FENCE_ATTEMPTS) throw error;
        this.options.log.info('projector batch read before an erasure purge; projecting it again', { from: pending[0]?.position });
      }
    }
  }

  private flush(): Promise<void> {
    const { state, lock } = this.options;
    return lock.run(async () => {
      while (state.running && this.buffer.length > 0) {
        const batch = this.buffer.slice(0, this.limit);
        const started = performance.now();
        await this.commitWithRetry(batch);
        this.buffer.splice(0, batch.length);
        this.adapt(batch.length, performance.now() - started);
        // a backlog: let the requests that came in meanwhile go first (their queries queue
        // ahead of the next batch's), then commit the next batch
        if (this.buffer.length > 0) await nextTurn();
      }
    });
  }

  /** Sizes the next batch so a commit takes about the budget: smaller after a slow one, back up after fast ones. */
  private adapt(size: number, ms: number): void {
    const { batchSize, commitBudgetMs } = this.options;
    if (commitBudgetMs === undefined) return;
    if (ms > commitBudgetMs && size > MIN_LIVE_BATCH) {
      this.limit = Math.max(MIN_LIVE_BATCH, Math.floor((size * commitBudgetMs) / ms));
    } else if (ms < commitBudgetMs / 2 && size >= this.limit) {
      this.limit = Math.min(batchSize, this.limit * 2);
    }
  }

  /** Store outages must not lose or reorder events: the same batch is retried until it commits. */
  private async commitWithRetry(batch: readonly RecordedEvent[]): Promise<void> {
    const { state, log } = this.options;
    for (let failures = 0; ; failures++) {
      try {
        await this.commit(batch);
        return;
      } catch (error) {
        state.failed(error);
        log.error('projector batch failed; retrying', { err: error, from: batch[0]?.position, failures: failures + 1 });
        if (!state.running) throw error;
        await sleep(backoffDelay(failures));
        if (!state.running) throw error;
      }
    }
  }
}
