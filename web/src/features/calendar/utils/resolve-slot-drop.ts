import { addMinutes, differenceInMinutes, startOfDay } from 'date-fns';

/** Minutes a dragged interview snaps to. */
export const SNAP_MINUTES = 15;
const DAY_MINUTES = 24 * 60;

/**
 * Where a dragged interview lands: on `targetDay` (local midnight), at its old time of day moved
 * by `deltaMinutes` (the vertical drag in the week view; 0 in the month view), snapped to 15
 * minutes and kept inside the day. Null when it would not move.
 */
export function resolveSlotDrop(input: { start: Date; targetDay: Date; deltaMinutes: number }): Date | null {
  const minuteOfDay = differenceInMinutes(input.start, startOfDay(input.start));
  const wanted = Math.round((minuteOfDay + input.deltaMinutes) / SNAP_MINUTES) * SNAP_MINUTES;
  const clamped = Math.min(Math.max(wanted, 0), DAY_MINUTES - SNAP_MINUTES);
  const next = addMinutes(startOfDay(input.targetDay), clamped);
  return next.getTime() === input.start.getTime() ? null : next;
}

/** The keyboard's move: arrow keys step by a day (left/right) or 15 minutes (up/down). */
export function stepMove(start: Date, key: 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown'): Date {
  switch (key) {
    case 'ArrowLeft':
      return addMinutes(start, -DAY_MINUTES);
    case 'ArrowRight':
      return addMinutes(start, DAY_MINUTES);
    case 'ArrowUp':
      return addMinutes(start, -SNAP_MINUTES);
    case 'ArrowDown':
      return addMinutes(start, SNAP_MINUTES);
  }
}
