import type { Projection } from './projection';
import type { ChangeBus, DocumentStore, EventStore } from './ports';

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
  /** backoff before the first retry, doubling after each further failure, jittered (default 10 ms) */
  retryBackoffMs?: number;
  /** how long a partial live batch waits for more events before it is committed (default 0: next tick) */
  flushDelayMs?: number;
  /**
   * How long one live commit should take at most (unset: batches of `batchSize`). The embedded
   * store commits on the thread that serves every request: there a backlog (an import) is
   * committed in batches sized to stay near this budget, so no user waits behind a long one.
   */
  commitBudgetMs?: number;
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
