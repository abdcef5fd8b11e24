import type { Job } from '@ats/contracts';

/** Statuses in which a job order no longer counts as an open position. */
const DONE = new Set<string>(['filled', 'closed']);

/**
 * Whether to offer "mark it Filled" after a placement: every opening is placed (placements ≥
 * openings) and the job is not filled or closed already.
 */
export function allOpeningsFilled(job: Pick<Job, 'status' | 'openings' | 'placedCount'>): boolean {
  const openings = job.openings ?? 1;
  return !DONE.has(job.status) && (job.placedCount ?? 0) >= openings;
}
