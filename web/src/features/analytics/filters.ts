/** The Analytics screen's filters, as kept in the URL: a date range (yyyy-mm-dd, both days included) and optional client, job and recruiter ids. */
export type AnalyticsFilters = { from: string; to: string; client?: string; job?: string; recruiter?: string };

/** The filters a URL search names: the range defaults to `range` (the last twelve months), ids become strings. */
export function filtersOf(
  search: {
    from?: string | undefined;
    to?: string | undefined;
    client?: number | undefined;
    job?: number | undefined;
    recruiter?: string | undefined;
  },
  range: Pick<AnalyticsFilters, 'from' | 'to'>,
): AnalyticsFilters {
  return {
    from: search.from ?? range.from,
    to: search.to ?? range.to,
    ...(search.client ? { client: String(search.client) } : {}),
    ...(search.job ? { job: String(search.job) } : {}),
    ...(search.recruiter ? { recruiter: search.recruiter } : {}),
  };
}
