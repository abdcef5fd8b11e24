import { backoffDelay } from '../backoff';
import type { RecordedEvent, SubscribeOptions, Subscription } from './port';

/** Resolvable signal used to wake a sleeping subscription early. */
export class Wakeup {
  private pending = false;
  private resolve: (() => void) | null = null;

  wake(): void {
    this.pending = true;
    this.resolve?.();
  }

  /** sleeps up to `ms`, returning at once if woken since the last call; true when woken, false when the time ran out */
  sleep(ms: number): Promise<boolean> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const done = (woken: boolean) => {
        clearTimeout(timer);
        this.resolve = null;
        this.pending = false;
        resolve(woken);
      };
      const timer = setTimeout(() => done(false), ms);
      this.resolve = () => done(true);
    });
  }
}

export interface SubscriptionControl {
  readonly stopped: boolean;
  readonly wakeup: Wakeup;
  /** delivers one event; false when the subscription must end (stopped, or onEvent threw) */
  deliver(event: RecordedEvent): Promise<boolean>;
  caughtUp(): void;
  /** a store error: reported, then the loop retries after the returned backoff */
  failed(error: unknown): Promise<void>;
  /** runs `fn` as soon as stop() is called, e.g. to cancel a pending live read; returns a disposer */
  onStopRequested(fn: () => void): () => void;
}

/**
 * The bookkeeping every adapter's subscription shares: the caughtUp promise, stop (also from
 * inside onEvent), error reporting, and read-error backoff. `run` is the adapter's read loop.
 */
export function startSubscription(options: SubscribeOptions, run: (control: SubscriptionControl) => Promise<void>): Subscription {
  const onError = options.onError ?? ((error: unknown) => console.error('[event-store] subscription error', error));
  let resolveCaughtUp!: () => void;
  let rejectCaughtUp!: (error: unknown) => void;
  let isCaughtUp = false;
  const caughtUp = new Promise<void>((resolve, reject) => {
    resolveCaughtUp = resolve;
    rejectCaughtUp = reject;
  });
  // Awaiting caughtUp is optional; don't let an unobserved rejection crash the process.
  caughtUp.catch(() => {});

  let stopped = false;
  let inHandler = false;
  let failures = 0;
  const stopRequestedHandlers = new Set<() => void>();
  const wakeup = new Wakeup();

  const control: SubscriptionControl = {
    get stopped() {
      return stopped;
    },
    wakeup,
    async deliver(event) {
      if (stopped) return false;
      inHandler = true;
      try {
        await options.onEvent(event);
        failures = 0;
        return !stopped;
      } catch (error) {
        // A failing handler ends the subscription: retrying and dead-lettering belong to the caller.
        stopped = true;
        onError(error);
        if (!isCaughtUp) rejectCaughtUp(error);
        return false;
      } finally {
        inHandler = false;
      }
    },
    caughtUp() {
      failures = 0;
      if (isCaughtUp) return;
      isCaughtUp = true;
      resolveCaughtUp();
    },
    async failed(error) {
      onError(error);
      failures += 1;
      await wakeup.sleep(backoffDelay(failures));
    },
    onStopRequested(fn) {
      if (stopped) fn();
      else stopRequestedHandlers.add(fn);
      return () => void stopRequestedHandlers.delete(fn);
    },
  };

  const loop = run(control).catch((error: unknown) => {
    stopped = true;
    onError(error);
    if (!isCaughtUp) rejectCaughtUp(error);
  });

  return {
    caughtUp,
    async stop() {
      if (!stopped) {
        stopped = true;
        wakeup.wake();
      }
      for (const fn of stopRequestedHandlers) fn();
      stopRequestedHandlers.clear();
      // stop() called from inside onEvent must not wait for the loop that is waiting for it
      if (!inHandler) await loop;
      // stopped before catching up: nothing more will be delivered, so don't leave waiters hanging
      if (!isCaughtUp) {
        isCaughtUp = true;
        resolveCaughtUp();
      }
    },
  };
}
