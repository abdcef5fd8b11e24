import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contracts, type Task } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { mutationKeys, queryKeys } from '@/lib/query-keys';

/**
 * PUT /api/tasks/:id {status}: ticks at once, un-ticks if the call fails, and reloads the
 * list when it settles (SPEC §4), reading at least the command's position.
 */
export function useToggleTask() {
  const queryClient = useQueryClient();
  const key = queryKeys.dashboard.priorityTasks();
  return useMutation({
    mutationKey: mutationKeys.toggleTask(),
    mutationFn: ({ id, status }: { id: number; status: Task['status'] }) =>
      callContract(contracts.updateTask, { params: { id }, body: { status } }),
    onMutate: async ({ id, status }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Task[]>(key);
      queryClient.setQueryData<Task[]>(key, (tasks) => tasks?.map((task) => (task.id === id ? { ...task, status } : task)));
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
