import { describe, expect, it } from 'vitest';
import { quantileInPlace } from './applications-index';
import { quantile } from './history';

/** a deterministic pseudo-random sequence */
function numbers(n: number, seed: number, distinct: number): number[] {
  let x = seed;
  return Array.from({ length: n }, () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return (x % distinct) / 7;
  });
}

describe('quantiles by selection', () => {
  it('equal the sorted quantiles (median, then p75 right of it) for lists of every shape', () => {
    const lists = [
      [5],
      [2, 1],
      [3, 3, 3, 3],
      [1, 2, 3, 4, 5, 6, 7, 8],
      [8, 7, 6, 5, 4, 3, 2, 1, 0],
      ...[2, 3, 10, 101, 1000, 4097].flatMap((n) => [numbers(n, n, 5), numbers(n, n + 1, 1_000_000)]),
    ];
    for (const list of lists) {
      const sorted = [...list].sort((a, b) => a - b);
      const a = Float64Array.from(list);
      const median = quantileInPlace(a, 0.5, 0);
      const p75 = quantileInPlace(a, 0.75, Math.floor((list.length - 1) * 0.5));
      expect([median, p75]).toEqual([quantile(sorted, 0.5), quantile(sorted, 0.75)]);
    }
  });
});
