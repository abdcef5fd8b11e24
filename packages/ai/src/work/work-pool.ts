import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type * as jobs from './worker';

/** Limits of the pool that runs untrusted-input work off the event loop. */
export interface WorkPoolOptions {
  /** threads at most (the machine has 2 cores; the HTTP thread keeps one) */
  maxThreads: number;
  /** a job running longer is aborted and its thread terminated */
  timeoutMs: number;
  /** the old-generation heap of each worker thread; over it the job fails as out of memory */
  memoryMb: number;
  /** an idle thread exits after this long */
  idleTimeoutMs: number;
  /** jobs waiting for a thread at most; more are refused as busy */
  maxQueue: number;
}

export const DEFAULT_WORK_POOL_OPTIONS: Readonly<WorkPoolOptions> = Object.freeze({
  maxThreads: 2,
  timeoutMs: 10_000,
  memoryMb: 256,
  idleTimeoutMs: 30_000,
  maxQueue: 64,
});

/** A job stopped by a limit: `timeout` and `busy` are retryable, `memory` means the input is too big. */
export class WorkLimitError extends Error {
  override readonly name = 'WorkLimitError';
  constructor(
    readonly kind: 'timeout' | 'memory' | 'busy',
    message: string,
  ) {
    super(message);
  }
}

type Jobs = typeof jobs;
type JobName = { [K in keyof Jobs]: Jobs[K] extends (input: never) => unknown ? K : never }[keyof Jobs];

let options: WorkPoolOptions = { ...DEFAULT_WORK_POOL_OPTIONS };
let pool: Piscina | null = null;

/**
 * Where the worker code is: next to the bundle (services/x/dist/ai-worker.js, built by
 * scripts/build.mjs) or, running from TypeScript source (tests, dev), worker.ts loaded via tsx.
 */
function workerEntry(): string {
  const bundled = fileURLToPath(new URL('./ai-worker.js', import.meta.url));
  return existsSync(bundled) ? bundled : fileURLToPath(new URL('./worker-from-source.mjs', import.meta.url));
}

/** Sets the limits (from the service config at start); a running pool is replaced when idle. */
export function configureWorkPool(next: Partial<WorkPoolOptions>): void {
  options = { ...options, ...Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined)) };
  const old = pool;
  pool = null;
  void old?.close().catch(() => undefined);
}

export function workPoolOptions(): Readonly<WorkPoolOptions> {
  return options;
}

function thePool(): Piscina {
  if (!pool) {
    pool = new Piscina({
      filename: workerEntry(),
      minThreads: 0,
      maxThreads: options.maxThreads,
      idleTimeout: options.idleTimeoutMs,
      maxQueue: options.maxQueue,
      concurrentTasksPerWorker: 1,
      resourceLimits: { maxOldGenerationSizeMb: options.memoryMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    });
    // a thread that dies outside a task (e.g. fails to load) must not take the process with it
    pool.on('error', () => undefined);
  }
  return pool;
}

// Jobs wait here for a free thread, so that their time limit measures their own work: a job
// that waited behind two slow uploads must not be stopped for the time it spent waiting.
let running = 0;
const waiting: Array<() => void> = [];

async function acquireThread(): Promise<() => void> {
  if (running < options.maxThreads) running++;
  else if (waiting.length >= options.maxQueue)
    throw new WorkLimitError('busy', 'The server is busy reading other files; please try again.');
  // a released thread is handed straight to the next waiter (running stays the same)
  else await new Promise<void>((resolve) => waiting.push(resolve));
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
}

/**
 * Runs a job of worker.ts in the pool. The time limit counts from the moment a thread is free
 * for the job: when it fires, piscina terminates the thread running the job. A thread over its
 * heap limit is ended by Node; either way the caller gets a WorkLimitError and the HTTP thread
 * never blocked.
 */
export async function runJob<K extends JobName>(name: K, input: Parameters<Jobs[K]>[0]): Promise<Awaited<ReturnType<Jobs[K]>>> {
  const release = await acquireThread();
  const signal = AbortSignal.timeout(options.timeoutMs);
  try {
    return (await thePool().run(input, { name, signal })) as Awaited<ReturnType<Jobs[K]>>;
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    if (e?.name === 'AbortError' || signal.aborted)
      throw new WorkLimitError('timeout', `The work took longer than ${options.timeoutMs / 1000} s and was stopped.`);
    if (e?.code === 'ERR_WORKER_OUT_OF_MEMORY')
      throw new WorkLimitError('memory', `The work needed more than ${options.memoryMb} MB of memory and was stopped.`);
    if (e?.message === 'Task queue is at limit')
      throw new WorkLimitError('busy', 'The server is busy reading other files; please try again.');
    throw error;
  } finally {
    release();
  }
}

/** Starts every thread and loads the PDF reader in each, so the first uploads do not pay for it. */
export async function warmWorkPool(): Promise<void> {
  await Promise.all(Array.from({ length: options.maxThreads }, () => runJob('warmJob', undefined).catch(() => undefined)));
}

let holders = 0;

/**
 * A server that uses the pool holds it while it runs; the release (on close) ends the threads
 * once no server in the process holds it, so two servers in one process (tests) share it safely.
 */
export function holdWorkPool(): () => Promise<void> {
  holders++;
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    holders--;
    if (holders === 0) await closeWorkPool();
  };
}

/** Ends the threads (server shutdown); a later job starts a new pool. */
export async function closeWorkPool(): Promise<void> {
  const old = pool;
  pool = null;
  await old?.destroy();
}
