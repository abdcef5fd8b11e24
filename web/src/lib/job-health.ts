import { queryOptions } from '@tanstack/react-query';
import { contracts, STALE_APPLICATION_DAYS, THIN_JOB_DAYS, THIN_JOB_MIN_CANDIDATES, type JobHealthRow } from '@ats/contracts';
import { callContract } from './api-client';
import { queryKeys } from './query-keys';

export type JobHealthFilters = { from?: string; to?: string; client?: string; job?: string; recruiter?: string };

/** The filters as the analytics endpoints take them: empty ones left out, ids as numbers. */
export function analyticsRequest(filters: JobHealthFilters) {
  const { from, to, client, job, recruiter } = filters;
  return {
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(client ? { client: Number(client) } : {}),
    ...(job ? { job: Number(job) } : {}),
    ...(recruiter ? { recruiter } : {}),
  };
}

/** GET /api/analytics/job-health (the Analytics section and the jobs list's stale chips); refreshed by the analytics_job_health notices. */
export const jobHealthQuery = (filters: JobHealthFilters = {}) =>
  queryOptions({
    queryKey: queryKeys.analyticsMore.jobHealth(analyticsRequest(filters)),
    queryFn: ({ signal }) => callContract(contracts.jobHealth, { query: analyticsRequest(filters), signal }),
  });

/** Why a job is flagged stale, in words (the chip's tooltip, the table's Flags column). */
export function staleReasons(row: Pick<JobHealthRow, 'flags' | 'idleApplications' | 'daysOpen' | 'activeCandidates'>): string[] {
  return row.flags.map((flag) =>
    flag === 'idle'
      ? `${row.idleApplications} candidate${row.idleApplications === 1 ? '' : 's'} without a move for ${STALE_APPLICATION_DAYS}+ days`
      : `Open ${row.daysOpen} days (${THIN_JOB_DAYS}+) with fewer than ${THIN_JOB_MIN_CANDIDATES} candidates`,
  );
}
