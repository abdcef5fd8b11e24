import { useQuery } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Job choices for matching / the toolkit: the unfiltered jobs list's cache entry. */
export function useJobChoices(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.jobs.list({}),
    queryFn: ({ signal }) => callContract(contracts.listJobs, { signal }),
    enabled,
  });
}

/** Candidate choices for the toolkit opened from a job card. */
export function useCandidateChoices(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.candidates.list({}),
    queryFn: ({ signal }) => callContract(contracts.listCandidates, { signal }),
    enabled,
  });
}
