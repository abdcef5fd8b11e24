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
