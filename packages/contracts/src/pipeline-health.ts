/**
 * When pipeline work counts as stale: the rules of the next-action suggestions (AI workflow) and
 * of job health (analytics, the jobs list's chip) are these, in one place.
 */
export const STALE_APPLICATION_DAYS = 14;
export const THIN_JOB_DAYS = 30;
export const THIN_JOB_MIN_CANDIDATES = 3;
/** stages a card still moves on from (not Placed, not Rejected) */
export const ACTIVE_STAGES: ReadonlySet<string> = new Set(['applied', 'phone_screen', 'interview', 'final_interview', 'offer']);
/** job statuses that end a search */
export const ENDED_JOB_STATUSES: ReadonlySet<string> = new Set(['closed', 'filled']);

const DAY_MS = 24 * 3600 * 1000;

/** whole days from `since` (ISO) to `now` (ms) */
export function wholeDaysSince(since: string, now: number): number {
  return Math.floor((now - Date.parse(since)) / DAY_MS);
}

/** an application idles when it stands in an active stage without a move for 14+ days */
export function isIdleApplication(stage: string, idleDays: number): boolean {
  return ACTIVE_STAGES.has(stage) && idleDays >= STALE_APPLICATION_DAYS;
}

/** a job is thin when it is open 30+ days with fewer than 3 candidates (rejected ones not counted) */
export function isThinJob(status: string, daysOpen: number, nonRejectedCandidates: number): boolean {
  return !ENDED_JOB_STATUSES.has(status) && daysOpen >= THIN_JOB_DAYS && nonRejectedCandidates < THIN_JOB_MIN_CANDIDATES;
}
