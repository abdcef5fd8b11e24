/**
 * Slows repeated failed sign-ins per e-mail and per client address: after 3 failures each
 * attempt waits 2^(n-3) × 250 ms (capped at 4 s), and after 10 failures within 15 minutes the
 * key is locked out until the window passes.
 */
export interface ThrottleDecision {
  delayMs: number;
  lockedForSeconds: number;
}

const WINDOW_MS = 15 * 60 * 1000;

export function createLoginThrottle(now: () => number = Date.now) {
  const failures = new Map<string, { count: number; first: number }>();
  const live = (key: string) => {
    const entry = failures.get(key);
    if (entry && now() - entry.first > WINDOW_MS) {
      failures.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    check(keys: string[]): ThrottleDecision {
      let count = 0;
      let first = now();
      for (const key of keys) {
        const e = live(key);
        if (e && e.count > count) {
          count = e.count;
          first = e.first;
        }
      }
      if (count >= 10) return { delayMs: 0, lockedForSeconds: Math.ceil((first + WINDOW_MS - now()) / 1000) };
      return { delayMs: count >= 3 ? Math.min(4000, 250 * 2 ** (count - 3)) : 0, lockedForSeconds: 0 };
    },
    fail(keys: string[]) {
      for (const key of keys) {
        const e = live(key);
        if (e) e.count += 1;
        else failures.set(key, { count: 1, first: now() });
      }
    },
    succeed(keys: string[]) {
      for (const key of keys) failures.delete(key);
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
