import { TASK_DUE_FILTERS, TASK_RELATED_KINDS, TASK_STATUS_FILTERS } from '@ats/contracts';
import type { TaskListParams } from '@/lib/query-keys';
import { oneOf, searchSchema, text, type SearchOf } from '../../../lib/search-params';

/** The Tasks screen's URL search: the tab (my tasks / all tasks) and the filters. Bad values fall back to the defaults. */
export const TasksSearchSchema = searchSchema({
  tab: oneOf(['mine', 'all']),
  status: oneOf(TASK_STATUS_FILTERS),
  priority: oneOf(['high', 'medium', 'low']),
  due: oneOf(TASK_DUE_FILTERS),
  assignee: text({ min: 1, max: 100 }),
  related: oneOf(TASK_RELATED_KINDS),
  q: text({ min: 1, max: 200 }),
});
export type TasksSearch = SearchOf<typeof TasksSearchSchema>;

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
