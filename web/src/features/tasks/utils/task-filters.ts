import { z } from 'zod';
import { TASK_DUE_FILTERS, TASK_RELATED_KINDS, TASK_STATUS_FILTERS } from '@ats/contracts';
import type { TaskListParams } from '@/lib/query-keys';

/** The Tasks screen's URL search: the tab (my tasks / all tasks) and the filters. Bad values fall back to the defaults. */
export const TasksSearchSchema = z.object({
  tab: z.enum(['mine', 'all']).optional().catch(undefined),
  status: z.enum(TASK_STATUS_FILTERS).optional().catch(undefined),
  priority: z.enum(['high', 'medium', 'low']).optional().catch(undefined),
  due: z.enum(TASK_DUE_FILTERS).optional().catch(undefined),
  assignee: z.string().trim().min(1).max(100).optional().catch(undefined),
  related: z.enum(TASK_RELATED_KINDS).optional().catch(undefined),
  q: z.string().trim().min(1).max(200).optional().catch(undefined),
});
export type TasksSearch = z.infer<typeof TasksSearchSchema>;

/** The server's query for the screen: My tasks are the signed-in user's (an assignee filter applies to All tasks). */
export function toTaskQuery(search: TasksSearch): TaskListParams {
  const scope = search.tab ?? 'mine';
  return {
    scope,
    status: search.status ?? 'open',
    priority: search.priority,
    due: search.due,
    assignee: scope === 'all' ? search.assignee : undefined,
    related: search.related,
    q: search.q,
  };
}

export const isFiltered = (s: TasksSearch) => Boolean(s.status || s.priority || s.due || s.assignee || s.related || s.q);
