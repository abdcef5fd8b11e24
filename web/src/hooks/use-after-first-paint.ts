import { startTransition, useEffect, useState } from 'react';

/**
 * Whether a long list may render in full (B8): not in the render that first has more than its
 * first few items, then from right after that render's paint on, for good. A list screen's first
 * paint then costs the few cards a screen holds rather than a page of them; the rest follow in a
 * transition in the next task, before anyone could scroll to them.
 */
export function useAfterFirstPaint(needed: boolean): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (after || !needed) return;
    // a passive effect runs after the paint; the timer lets that frame go before the rest render
    const timer = setTimeout(() => startTransition(() => setAfter(true)), 0);
    return () => clearTimeout(timer);
  }, [after, needed]);
  return after || !needed;
}

/**
 * The cards a list screen's grid renders first (B8): three full rows of its widest (three-column)
 * layout, more than a 1440 × 900 window shows.
 */
export const FIRST_PAINT_GRID_CARDS = 9;
