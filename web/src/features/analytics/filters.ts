/** The Analytics screen's filters, as kept in the URL: a date range (yyyy-mm-dd, both days included) and optional client, job and recruiter ids. */
export type AnalyticsFilters = { from: string; to: string; client?: string; job?: string; recruiter?: string };
