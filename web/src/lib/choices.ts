import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from './api-client';
import { queryKeys } from './query-keys';

/*
 * Pickers' choices (jobs, candidates) shared by the AI dialogs and the e-mail dialog: reads of
 * other features' lists that no single feature owns.
 */

/** How many candidates a picker offers for what has been typed so far. */
export const CANDIDATE_CHOICES_LIMIT = 20;

/** Job choices for matching / the toolkit: the unfiltered jobs list's cache entry. */
export function useJobChoices(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.jobs.list({}),
    queryFn: ({ signal }) => callContract(contracts.listJobs, { signal }),
    enabled,
  });
}

/**
 * Candidate choices for the toolkit opened from a job card: the server searches as the user
 * types and sends the first few, so the picker never loads every candidate.
 */
export function useCandidateChoices(search: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.candidates.choices(search),
    queryFn: ({ signal }) =>
      callContract(contracts.listCandidates, { query: { search: search || undefined, limit: CANDIDATE_CHOICES_LIMIT }, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
