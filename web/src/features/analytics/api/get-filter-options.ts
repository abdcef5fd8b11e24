import { useQuery } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type FilterOption = { value: string; label: string };

/** The filter pickers' choices: clients, job orders (with their client), and the team's active members. */
export function useFilterOptions() {
  const clients = useQuery({
    queryKey: queryKeys.clients.list({}),
    queryFn: ({ signal }) => callContract(contracts.listClients, { signal }),
    select: (list): FilterOption[] => list.map((c) => ({ value: String(c.id), label: c.companyName })),
  });
  const jobs = useQuery({
    queryKey: queryKeys.jobs.list({}),
    queryFn: ({ signal }) => callContract(contracts.listJobs, { query: {}, signal }),
    select: (list) => list.map((j) => ({ value: String(j.id), label: j.title, clientId: j.clientId === null ? null : String(j.clientId) })),
  });
  const recruiters = useQuery({
    queryKey: queryKeys.interviews.interviewerOptions(),
    queryFn: ({ signal }) => callContract(contracts.interviewerOptions, { signal }),
    select: (list): FilterOption[] => list.map((u) => ({ value: u.id, label: u.name })),
  });
  return { clients: clients.data ?? [], jobs: jobs.data ?? [], recruiters: recruiters.data ?? [] };
}
