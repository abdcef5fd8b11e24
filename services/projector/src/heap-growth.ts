import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 may let the JS heap grow past what was alive after its last full collection while a
 * rebuild runs: 100 = up to twice the live heap (V8's own factor is up to 4× when the heap limit
 * is large, ~4 GB on a box with more than 16 GB of RAM).
 *
 * A rebuild allocates its documents faster than anything else the process does, and they live
 * long enough to reach the old generation (the write-back buffer holds them until a flush), so
 * they become old garbage that V8 collects only once the heap has grown to 4× the live part.
 * Measured (bench/b3.ts, 40k events, embedded): the live heap is 70–80 MB throughout the replay,
 * the heap reached 320 MB, and the process's peak RSS fell from 774 to 611 MB with 100.
 */
export const REBUILD_HEAP_GROWING_PERCENT = 100;

/** the flag as V8 spells it; 0 is V8's default (its own dynamic factor) */
const FLAG = '--heap-growing-percent';

/** the operator chose the factor (node's command line or NODE_OPTIONS): left alone */
function setByOperator(): boolean {
  return [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((arg) => arg.startsWith(FLAG));
}

let holders = 0;

/**
 * Bounds the JS heap's growth while a rebuild runs (V8's `--heap-growing-percent`, read at each
 * full collection, so setting it at run time takes effect at the next one), and returns the undo.
 * Rebuilds may overlap: the bound holds until the last one ends. `setFlags` is V8's (tests count
 * the calls).
 */
export function boundHeapGrowth(
  percent = REBUILD_HEAP_GROWING_PERCENT,
  setFlags: (flags: string) => void = setFlagsFromString,
): () => void {
  if (setByOperator()) return () => {};
  if (holders++ === 0) setFlags(`${FLAG}=${percent}`);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--holders === 0) setFlags(`${FLAG}=0`);
  };
}
