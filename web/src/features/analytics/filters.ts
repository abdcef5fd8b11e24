/** The Analytics screen's filters, kept in the URL: a date range (yyyy-mm-dd, inclusive) and client, job, recruiter ids. */
export type AnalyticsFilters = { from: string; to: string; client?: string; job?: string; recruiter?: string };
