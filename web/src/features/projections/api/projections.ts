import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';

export const projectionsKey = ['admin', 'projections'] as const;

/** GET /api/admin/projections: every second while a rebuild runs, otherwise every ten. */
export function useProjectionsOverview() {
  return useQuery({
    queryKey: projectionsKey,
    queryFn: ({ signal }) => callContract(contracts.projectionsOverview, { signal }),
    refetchInterval: (query) => (query.state.data?.rebuild?.status === 'running' ? 1000 : 10_000),
  });
}

function useAdminCommand<T>(fn: (arg: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: projectionsKey }),
  });
}

export const useRebuildProjections = () =>
  useAdminCommand((readModels: string[] | undefined) =>
    callContract(contracts.rebuildProjections, { body: readModels ? { readModels } : {} }),
  );
export const useRetryDeadLetter = () => useAdminCommand((id: string) => callContract(contracts.retryDeadLetter, { params: { id } }));
export const useSkipDeadLetter = () => useAdminCommand((id: string) => callContract(contracts.skipDeadLetter, { params: { id } }));
