import { queryOptions, useQuery } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const PRIORITY_TASKS_LIMIT = 8;

/**
 * GET /api/dashboard/priority-tasks — the signed-in user's own tasks: pending first, by due date
 * (none last) then priority, then completed ones. The browser's cache lives for one signed-in
 * session (signing out reloads the page); the server keys its cache per user.
 */
export const priorityTasksQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.dashboard.priorityTasks(),
    queryFn: ({ signal }) => callContract(contracts.priorityTasks, { query: { limit: PRIORITY_TASKS_LIMIT }, signal }),
  });

export function usePriorityTasks() {
  return useQuery(priorityTasksQueryOptions());
}
