import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';

export const backupsKey = ['admin', 'backups'] as const;

/** GET /api/admin/backups: every second while a backup runs, otherwise every thirty. */
export function useBackups() {
  return useQuery({
    queryKey: backupsKey,
    queryFn: ({ signal }) => callContract(contracts.listBackups, { signal }),
    refetchInterval: (query) => (query.state.data?.run?.status === 'running' ? 1000 : 30_000),
  });
}

/** POST /api/admin/backups: "Back up now" (409 while one runs). */
export function useStartBackup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callContract(contracts.startBackup, { body: {} }),
    onSettled: () => client.invalidateQueries({ queryKey: backupsKey }),
  });
}
