import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../src/backoff';

describe('backoffDelay', () => {
  it('doubles from the base up to the cap when there is no jitter', () => {
    const delays = [0, 1, 2, 3, 4, 5, 6, 7, 8].map((failures) => backoffDelay(failures, { jitter: 0 }));
    expect(delays).toEqual([100, 200, 400, 800, 1600, 3200, 6400, 10_000, 10_000]);
  });

  it('keeps half the delay fixed and randomises the other half by default', () => {
    expect(backoffDelay(3, { random: () => 0 })).toBe(400);
    expect(backoffDelay(3, { random: () => 0.999999 })).toBe(800);
    expect(backoffDelay(3, { random: () => 0.5 })).toBe(600);
  });

  it('spreads processes that fail together over the window', () => {
    const delays = new Set(Array.from({ length: 50 }, () => backoffDelay(4)));
    expect(delays.size).toBeGreaterThan(10);
    for (const delay of delays) {
      expect(delay).toBeGreaterThanOrEqual(800);
      expect(delay).toBeLessThanOrEqual(1600);
    }
  });

  it('honours base, factor and cap', () => {
    expect([1, 2, 3].map((attempt) => backoffDelay(attempt - 1, { baseMs: 10, factor: 1, jitter: 0 }))).toEqual([10, 10, 10]);
    expect(backoffDelay(20, { baseMs: 50, maxMs: 2000, jitter: 0 })).toBe(2000);
    expect(backoffDelay(-1, { jitter: 0 })).toBe(100);
  });
});
