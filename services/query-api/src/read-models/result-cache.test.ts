import { describe, expect, it } from 'vitest';
import { createResultCache } from './result-cache';

describe('result cache', () => {
  it('reuses a result only at the checkpoint it was computed at', async () => {
    let checkpoint = 10;
    let computed = 0;
    const cache = createResultCache(() => checkpoint);
    const count = () => cache.get('k', async () => ++computed);
    expect(await count()).toBe(1);
    expect(await count()).toBe(1);
    checkpoint = 11;
    expect(await count()).toBe(2);
    expect(await cache.get('other', async () => 'x')).toBe('x');
    expect(await count()).toBe(2);
  });

  it('forgets failures and keeps at most maxEntries', async () => {
    const cache = createResultCache(() => 1, 2);
    await expect(cache.get('bad', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('bad', async () => 'ok')).toBe('ok');
    await cache.get('a', async () => 1);
    await cache.get('b', async () => 2);
    expect(cache.size).toBe(2);
    let recomputed = false;
    await cache.get('bad', async () => ((recomputed = true), 'again'));
    expect(recomputed).toBe(true);
  });
});

describe('result cache keyed on the read models a result reads', () => {
  function setup() {
    const positions: Record<string, number> = { candidates: 5, record_events: 7 };
    let clock = 0;
    const positionOf = (readModels: readonly string[]) => Math.max(0, ...readModels.map((m) => positions[m] ?? 0));
    const cache = createResultCache(() => Math.max(...Object.values(positions)), 10, { positionOf, maxAgeMs: 1000, now: () => clock });
    let computed = 0;
    const read = () => cache.get('page', async () => ++computed, ['candidates']);
    return { positions, cache, read, tick: (ms: number) => (clock += ms) };
  }

  it('keeps a result while only other read models move, retires it when one of its own does', async () => {
    const { positions, read } = setup();
    expect(await read()).toBe(1);
    positions.record_events = 20;
    expect(await read()).toBe(1);
    positions.candidates = 21;
    expect(await read()).toBe(2);
    expect(await read()).toBe(2);
  });

  it('retires a kept result after maxAgeMs (a lost notice cannot keep it stale for long)', async () => {
    const { read, tick } = setup();
    expect(await read()).toBe(1);
    tick(1000);
    expect(await read()).toBe(1);
    tick(1);
    expect(await read()).toBe(2);
  });

  it('keeps results keyed on the checkpoint apart and without an age limit', async () => {
    const { positions, cache, tick } = setup();
    let computed = 0;
    const count = () => cache.get('count', async () => ++computed);
    expect(await count()).toBe(1);
    tick(60_000);
    expect(await count()).toBe(1);
    positions.record_events = 30;
    expect(await count()).toBe(2);
    expect(cache.stats()).toEqual({ hits: 1, misses: 2 });
  });
});
