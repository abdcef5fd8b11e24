import { useQuery } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The calendar's filter choices: the team members who appear in the feed, the job orders, the clients. */
export function useCalendarFilterOptions() {
  const people = useQuery({
    queryKey: queryKeys.dashboard.activityActors(),
    queryFn: ({ signal }) => callContract(contracts.activityActors, { signal }),
    staleTime: 60_000,
  });
  const jobs = useQuery({
    queryKey: queryKeys.jobs.list({}),
    queryFn: ({ signal }) => callContract(contracts.listJobs, { query: {}, signal }),
    staleTime: 60_000,
  });
  const clients = useQuery({
    queryKey: queryKeys.clients.list({}),
    queryFn: ({ signal }) => callContract(contracts.listClients, { query: {}, signal }),
    staleTime: 60_000,
  });
  return { people: people.data ?? [], jobs: jobs.data ?? [], clients: clients.data ?? [] };
}
