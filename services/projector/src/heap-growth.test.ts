import { describe, expect, it } from 'vitest';
import { boundHeapGrowth } from './heap-growth';

// The bound's effect on a rebuild's memory is measured by the B3 bench (`bench/b3.ts --memory`,
// README "Round five: memory"), not asserted here: V8 sizes its heap differently from run to run
// (a child process churning promoted garbage peaked at 1.8× to 4.7× its live heap unbounded and
// 2.1× to 3.3× bounded), so a unit test of the ratio failed at random.
describe('the rebuild’s bound on the JS heap’s growth', () => {
  it('sets V8’s growing factor once for overlapping rebuilds and restores V8’s default after the last', () => {
    const calls: string[] = [];
    const record = (flags: string) => void calls.push(flags);
    const first = boundHeapGrowth(100, record);
    const second = boundHeapGrowth(100, record);
    expect(calls).toEqual(['--heap-growing-percent=100']);
    first();
    first(); // a second undo of the same rebuild counts once
    expect(calls).toEqual(['--heap-growing-percent=100']);
    second();
    expect(calls).toEqual(['--heap-growing-percent=100', '--heap-growing-percent=0']);
  });
});
