import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { contracts, type InterviewDetail } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { queryKeys, type CalendarRangeParams } from '@/lib/query-keys';

/** The most interviews one view asks for (the server caps a list at 5,000). */
const VIEW_LIMIT = 5000;

/** A calendar view's filter: one person's interviews (as interviewer or organiser), a job, a client. */
export interface CalendarQuery {
  from: string;
  to: string;
  /** a user id: interviews they interview on or scheduled */
  person?: string | undefined;
  job?: number | undefined;
  client?: number | undefined;
}

const byStart = (a: InterviewDetail, b: InterviewDetail) => a.scheduledAt.localeCompare(b.scheduledAt) || a.id - b.id;

async function fetchRange(q: CalendarQuery, signal: AbortSignal): Promise<InterviewDetail[]> {
  const base = { from: q.from, to: q.to, job: q.job, client: q.client, limit: VIEW_LIMIT };
  if (!q.person) return (await callContract(contracts.listInterviews, { query: base, signal })).items;
  // "theirs" = they interview on it or they scheduled it: two reads, one list
  const [asInterviewer, asOrganiser] = await Promise.all([
    callContract(contracts.listInterviews, { query: { ...base, interviewer: q.person }, signal }),
    callContract(contracts.listInterviews, { query: { ...base, createdBy: q.person }, signal }),
  ]);
  const merged = new Map<number, InterviewDetail>();
  for (const i of [...asInterviewer.items, ...asOrganiser.items]) merged.set(i.id, i);
  return [...merged.values()].sort(byStart);
}

export const calendarKey = (q: CalendarQuery) => {
  const params: CalendarRangeParams = { from: q.from, to: q.to };
  if (q.person) params.interviewer = q.person;
  if (q.job) params.job = q.job;
  if (q.client) params.client = q.client;
  return queryKeys.calendar.range(params);
};

/** GET /api/interviews?from=&to=… for the days a view shows. */
export const calendarInterviewsQueryOptions = (q: CalendarQuery) =>
  queryOptions({ queryKey: calendarKey(q), queryFn: ({ signal }) => fetchRange(q, signal) });

export function useCalendarInterviews(q: CalendarQuery) {
  return useQuery({ ...calendarInterviewsQueryOptions(q), placeholderData: keepPreviousData });
}
