import { z } from 'zod';
import { ACTIVITY_TYPES } from '@ats/contracts';
import type { ActivityFeedParams } from '@/lib/query-keys';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The feed screen's URL search: a type, a user id and a date range (local calendar days, inclusive). */
export const ActivitySearchSchema = z.object({
  type: z.enum(ACTIVITY_TYPES).optional().catch(undefined),
  user: z.string().trim().min(1).max(200).optional().catch(undefined),
  from: day.optional().catch(undefined),
  to: day.optional().catch(undefined),
});
export type ActivitySearch = z.infer<typeof ActivitySearchSchema>;

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
