/**
 * One backoff for every retry loop (subscriptions, the LISTEN connection, the Redis bus, the
 * projector): exponential from `baseMs`, capped at `maxMs`, with "equal jitter" (half the delay
 * fixed, half random) so processes that failed together do not all retry in the same instant.
 */
export interface BackoffOptions {
  /** delay before the first retry (default 100 ms) */
  baseMs?: number;
  /** the delay never grows beyond this (default 10 s) */
  maxMs?: number;
  /** growth per failure (default 2) */
  factor?: number;
  /** share of the delay that is random, 0..1 (default 0.5; 0 = none) */
  jitter?: number;
  /** a number in [0, 1) (tests pass a fixed one) */
  random?: () => number;
}

/** The delay before retry number `failures + 1`, i.e. after `failures` earlier failures (0 = first retry). */
export function backoffDelay(failures: number, options: BackoffOptions = {}): number {
  const { baseMs = 100, maxMs = 10_000, factor = 2, jitter = 0.5, random = Math.random } = options;
  const capped = Math.min(baseMs * factor ** Math.max(0, failures), maxMs);
  const share = Math.min(1, Math.max(0, jitter));
  return Math.round(capped * (1 - share) + capped * share * random());
}

/** Resolves after `ms`; `unref` lets the process exit while it waits. */
export function sleep(ms: number, options: { unref?: boolean } = {}): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    if (options.unref) timer.unref();
  });
}
