import type { ServerResponse } from 'node:http';

/**
 * The users' requests under way in this process (the API's, counted from their arrival to their
 * reply's end or the connection's close). Background work that shares the one thread with them
 * (an import's next batch) waits for `whenIdle` so a request that came in goes first.
 */
export interface ForegroundRequests {
  /** counts this request until its reply ends or its connection closes */
  track(res: ServerResponse): void;
  /** requests under way now */
  readonly inFlight: number;
  /**
   * requests ended since the start: unchanged between two looks, no request wrote anything in
   * between (one under way at the first look is counted when it ends, after its writes)
   */
  readonly ended: number;
  /** resolves once no request is under way, or after `maxMs` at the latest */
  whenIdle(maxMs: number): Promise<void>;
}

export function createForegroundRequests(): ForegroundRequests {
  let inFlight = 0;
  let endedCount = 0;
  let waiters: Array<() => void> = [];
  const ended = () => {
    inFlight--;
    endedCount++;
    if (inFlight > 0 || waiters.length === 0) return;
    const idle = waiters;
    waiters = [];
    for (const wake of idle) wake();
  };
  return {
    track(res) {
      inFlight++;
      let done = false;
      const end = () => {
        if (done) return;
        done = true;
        ended();
      };
      res.once('finish', end);
      res.once('close', end);
    },
    get inFlight() {
      return inFlight;
    },
    get ended() {
      return endedCount;
    },
    whenIdle(maxMs) {
      if (inFlight === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters = waiters.filter((w) => w !== wake);
          resolve();
        }, maxMs);
        waiters.push(wake);
      });
    },
  };
}
