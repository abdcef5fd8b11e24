import { CANDIDATE_BATCH } from './batch';

/**
 * How an import paces itself on a store that shares one thread with every request (the embedded
 * store): another user's command and its projection go first, and each batch of new candidates
 * is sized so that its append and its projection together stay near a time budget, so whoever
 * arrives while a batch runs waits at most about that long.
 */
export interface ImportPacing {
  /**
   * CPU time one batch's append and its projection should take together (ms): on the one thread
   * that is how long they hold it. CPU time, not wall time: on a loaded machine the wall time of
   * the same work grows with the load, and batches sized by it shrink until their fixed costs
   * (about ten statements and a projector commit each) cost more than the wait they save.
   */
  batchBudgetMs: number;
  /**
   * The requests of other users under way in this process: before each batch the run waits until
   * none is (at most `maxMs`), so a command that came in is not queued behind the import's append.
   */
  foreground?: {
    whenIdle(maxMs: number): Promise<void>;
    /**
     * How many requests have ended so far (any counter that moves as each one ends). When it has
     * not moved since the last batch, no user's command wrote anything meanwhile and the run skips
     * asking the store for the log's head (one statement per batch); unset, it always asks.
     */
    readonly ended?: number;
  };
}

/** a batch waits this long at most for other users' requests to end (so an import always moves on) */
export const FOREGROUND_WAIT_MS = 50;
/**
 * The smallest batch the budget shrinks to: CANDIDATE_BATCH, so the budget only grows batches.
 * Smaller ones pay the per-batch costs (about ten statements, a projector commit) more often:
 * at load 20–28 batches of 20–22 cost 3.6 % more CPU per row than 25 with no gain for B1 (README).
 */
export const MIN_CANDIDATE_BATCH = CANDIDATE_BATCH;
/** the largest batch the budget grows to */
export const MAX_CANDIDATE_BATCH = 50;

/**
 * Sizes the next batch of new candidates from how long the last full one took (its append and its
 * projection, CPU time of this process): the size that fits the budget at that rate, approached halfway each
 * time (one slow batch, a pause of the garbage collector, is not a trend), within
 * [MIN_CANDIDATE_BATCH, MAX_CANDIDATE_BATCH]. With no budget the size stays `initial`.
 */
export class BatchSizer {
  private current: number;

  constructor(
    private readonly budgetMs: number | undefined,
    initial = CANDIDATE_BATCH,
  ) {
    this.current = initial;
  }

  get size(): number {
    return this.current;
  }

  /** a batch of `rows` new candidates was appended and projected in `ms` (CPU time) */
  observe(rows: number, ms: number): void {
    if (this.budgetMs === undefined || rows < this.current || ms <= 0) return; // a short batch (a chunk's end) says little
    const fits = (rows * this.budgetMs) / ms;
    const next = Math.round((this.current + fits) / 2);
    this.current = Math.min(MAX_CANDIDATE_BATCH, Math.max(MIN_CANDIDATE_BATCH, next));
  }
}
