/**
 * How current the read models behind this tab's screens are: every GET reply names the read
 * models' position (`X-Read-Position`) and the log's head (`X-Log-Head`). Projections normally
 * follow the log within milliseconds, so a gap is shown only when it lasts (`SETTLE_MS`): a
 * rebuild, a stalled or failing projector. While behind, one cheap read re-checks every
 * `RECHECK_MS` (the notices that would say "caught up" may concern rooms this tab is not in),
 * so the hint goes away by itself; when current, nothing is polled.
 */
export interface Freshness {
  /** the read models' position in the last reply */
  position: number;
  /** the log's head in the last reply */
  head: number;
  /** since when (ms) the replies have been behind; null = current */
  behindSince: number | null;
}

export const SETTLE_MS = 3_000;
export const RECHECK_MS = 5_000;

let state: Freshness = { position: 0, head: 0, behindSince: null };
const listeners = new Set<() => void>();
let recheck: ReturnType<typeof setTimeout> | undefined;
let probe: (() => void) | null = null;

function emit() {
  for (const listener of listeners) listener();
}

/** Remembers what a GET reply said (headers absent, e.g. a non-API reply: ignored). */
export function noteFreshness(position: number, head: number, now = Date.now()): void {
  if (!Number.isFinite(position) || !Number.isFinite(head) || position < 0 || head < 0) return;
  const behind = head > position;
  const behindSince = behind ? (state.behindSince ?? now) : null;
  const changed = position !== state.position || head !== state.head || behindSince !== state.behindSince;
  state = { position, head, behindSince };
  clearTimeout(recheck);
  if (behindSince !== null && probe) {
    const waited = now - behindSince;
    recheck = setTimeout(probe, waited < SETTLE_MS ? SETTLE_MS - waited : RECHECK_MS);
  }
  // while behind, every reply may be the one that makes the gap old enough to show
  if (changed || behind) emit();
}

/** The read the store re-checks with while behind (set once by the app; tests leave it unset). */
export function setFreshnessProbe(fn: (() => void) | null): void {
  probe = fn;
}

export function getFreshness(): Freshness {
  return state;
}

export function subscribeFreshness(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What to show, if anything: a gap that has lasted `SETTLE_MS`. */
export function freshnessHint(f: Freshness, now = Date.now()): string | null {
  if (f.behindSince === null || now - f.behindSince < SETTLE_MS) return null;
  const behind = f.head - f.position;
  return `Showing data as of event ${f.position.toLocaleString('en-US')} (${behind.toLocaleString('en-US')} behind)`;
}

/** For tests only. */
export function resetFreshness(): void {
  clearTimeout(recheck);
  state = { position: 0, head: 0, behindSince: null };
}
