import { queryOptions, useQuery } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const PRIORITY_TASKS_LIMIT = 8;

/** GET /api/dashboard/priority-tasks — pending first, then by priority and due date. */
export const priorityTasksQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.dashboard.priorityTasks(),
    queryFn: ({ signal }) => callContract(contracts.priorityTasks, { query: { limit: PRIORITY_TASKS_LIMIT }, signal }),
  });

export function usePriorityTasks() {
  return useQuery(priorityTasksQueryOptions());
}
