import { infiniteQueryOptions, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { contracts, type ChangeTaskBody, type CreateTaskBody, type Task, type TaskPage } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { mutationKeys, queryKeys, type TaskListParams } from '@/lib/query-keys';

// The task endpoints, shared by the Tasks screen, the dashboard and the record pages (one dialog, one list row).

export const TASK_PAGE_SIZE = 50;

/** The browser's time zone: "today" and "this week" are the user's. */
export const userTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** GET /api/tasks: soonest due first, a page at a time. */
export const tasksQueryOptions = (params: TaskListParams) =>
  infiniteQueryOptions({
    queryKey: queryKeys.tasks.list(params),
    queryFn: ({ pageParam, signal }): Promise<TaskPage> =>
      callContract(contracts.listTasks, {
        query: { ...params, limit: TASK_PAGE_SIZE, cursor: pageParam, tz: userTimeZone() },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** GET /api/tasks/:id */
export const taskQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.tasks.detail(id),
    queryFn: ({ signal }) => callContract(contracts.getTask, { params: { id }, signal }),
  });

/** GET /api/team-members: who a task can be assigned to. */
export const teamMembersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.tasks.teamMembers(),
    queryFn: ({ signal }) => callContract(contracts.listTeamMembers, { signal }),
    staleTime: 60_000,
  });

export function useTeamMembers() {
  return useQuery(teamMembersQueryOptions());
}

/** every list of tasks: the Tasks screen, the records' sections, the dashboard's Priority Tasks */
const refreshTasks = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.tasks.all() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.priorityTasks() }),
  ]);

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.createTask(),
    mutationFn: (body: CreateTaskBody) => callContract(contracts.createTask, { body }),
    onSettled: () => refreshTasks(queryClient),
  });
}

export function useChangeTask(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.changeTask(),
    mutationFn: (body: ChangeTaskBody) => callContract(contracts.changeTask, { params: { id }, body }),
    onSettled: () => refreshTasks(queryClient),
  });
}

export function useSetTaskStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.setTaskStatus(),
    mutationFn: ({ id, status }: { id: number; status: Task['status'] }) =>
      callContract(contracts.updateTask, { params: { id }, body: { status } }),
    onSettled: () => refreshTasks(queryClient),
  });
}

export function useReassignTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.reassignTask(),
    mutationFn: ({ id, assignedTo }: { id: number; assignedTo: string | null }) =>
      callContract(contracts.reassignTask, { params: { id }, body: { assignedTo } }),
    onSettled: () => refreshTasks(queryClient),
  });
}

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.deleteTask(),
    mutationFn: (id: number) => callContract(contracts.deleteTask, { params: { id } }),
    onSettled: () => refreshTasks(queryClient),
  });
}

export function useRestoreTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.restoreTask(),
    mutationFn: (id: number) => callContract(contracts.restoreTask, { params: { id } }),
    onSettled: () => refreshTasks(queryClient),
  });
}
