/**
 * The highest event-log position this tab knows the server has reached: from the replies of
 * the user's own commands and from `changed` notices. Every GET sends it as `X-Min-Position`, so
 * the query-api waits until its read models include it and the UI never goes back in time
 * (read-your-writes, monotonic reads).
 */
let highest = 0;

export function notePosition(position: number | undefined | null): void {
  if (typeof position === 'number' && Number.isFinite(position) && position > highest) highest = position;
}

export function readPosition(): number {
  return highest;
}

/** For tests only. */
export function resetReadPosition(): void {
  highest = 0;
}
