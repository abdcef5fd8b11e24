import { ACTIVITY_TYPES } from '@ats/contracts';
import type { ActivityFeedParams } from '@/lib/query-keys';
import { day, oneOf, searchSchema, text, type SearchOf } from '../../../lib/search-params';

/** The feed screen's URL search: a type, a user id and a date range (local calendar days, inclusive). */
export const ActivitySearchSchema = searchSchema({
  type: oneOf(ACTIVITY_TYPES),
  user: text({ min: 1, max: 200 }),
  from: day(),
  to: day(),
});
export type ActivitySearch = SearchOf<typeof ActivitySearchSchema>;

export const ACTIVITY_TYPE_LABELS: Record<(typeof ACTIVITY_TYPES)[number], string> = {
  candidate: 'Candidates',
  interview: 'Interviews',
  job: 'Jobs',
  placement: 'Placements',
  client: 'Clients',
  note: 'Notes and e-mails',
  task: 'Tasks',
};

/** Local midnight of a YYYY-MM-DD day, `plusDays` later, as an ISO instant. */
function startOfLocalDay(value: string, plusDays = 0): string | undefined {
  const [y, m, d] = value.split('-').map(Number);
  if (!y || !m || !d) return undefined;
  const date = new Date(y, m - 1, d + plusDays);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/**
 * The server's query for the screen's filters: `from` is the start of its day, `to` the start
 * of the day after (the range includes both days, in the user's own time zone). A range given
 * backwards is read the right way round.
 */
export function toFeedQuery(search: ActivitySearch): ActivityFeedParams {
  let { from, to } = search;
  if (from && to && from > to) [from, to] = [to, from];
  return {
    type: search.type,
    user: search.user,
    from: from ? startOfLocalDay(from) : undefined,
    to: to ? startOfLocalDay(to, 1) : undefined,
  };
}
