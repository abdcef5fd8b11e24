import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract, isApiError, serverMessage } from '@/lib/api-client';
import { attachFailureReason, type AttachOutcome } from '@/lib/attach';
import { mutationKeys, queryKeys } from '@/lib/query-keys';

/** The most applications a job page and its picker list (the board pages beyond that). */
export const JOB_APPLICATIONS_LIMIT = 1000;

/** GET /api/applications?job= — every candidate attached to one job, with their stage. */
export const jobApplicationsQueryOptions = (jobId: number) =>
  queryOptions({
    queryKey: queryKeys.applications.byJob(jobId),
    queryFn: ({ signal }) =>
      callContract(contracts.listApplications, { query: { job: String(jobId), limit: JOB_APPLICATIONS_LIMIT }, signal }),
  });

export function useJobApplications(jobId: number, enabled = true) {
  return useQuery({ ...jobApplicationsQueryOptions(jobId), enabled });
}

/** GET /api/candidates/:id/jobs — the jobs a candidate is attached to (the Add to job picker's "attached"). */
export function useAttachedJobs(candidateId: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.candidates.jobs(candidateId),
    queryFn: ({ signal }) => callContract(contracts.listCandidateJobs, { params: { id: candidateId }, signal }),
    enabled,
  });
}

/** One pair to attach, with the name the summary gives it. */
export interface AttachPair {
  candidateId: number;
  jobId: number;
  name: string;
}

export interface AttachResult extends AttachOutcome {
  pair: AttachPair;
  applicationId?: number;
}

/** Everything that shows who is attached to what: the board, job pages, attached jobs, counts, activity. */
export function refreshAttachments(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.applications.all() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.candidates.jobsAll() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.jobs.all() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.metrics() }),
  ]);
}

/**
 * POST /api/applications once per pair (each its own ApplicationCreated event). Never throws:
 * every pair gets its own outcome, so a partial failure is reported item by item.
 */
export function useAttachPairs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.attachApplications(),
    mutationFn: async (pairs: readonly AttachPair[]): Promise<AttachResult[]> => {
      const settled = await Promise.allSettled(
        pairs.map((pair) => callContract(contracts.createApplication, { body: { candidateId: pair.candidateId, jobId: pair.jobId } })),
      );
      return settled.map((result, index) => {
        const pair = pairs[index]!;
        if (result.status === 'fulfilled') return { pair, name: pair.name, ok: true, applicationId: result.value.id };
        const error: unknown = result.reason;
        const reason = attachFailureReason(isApiError(error) ? error.status : undefined, serverMessage(error));
        return { pair, name: pair.name, ok: false, reason };
      });
    },
    onSettled: () => refreshAttachments(queryClient),
  });
}

/** DELETE /api/applications/:id — the pair may be attached again (Undo). */
export function useDetachApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.detachApplication(),
    mutationFn: (applicationId: number) => callContract(contracts.detachApplication, { params: { id: applicationId } }),
    onSettled: () => refreshAttachments(queryClient),
  });
}

/** POST /api/applications/:id/restore — Undo of a detach: the same application, back at its stage. */
export function useRestoreApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.restoreApplication(),
    mutationFn: (applicationId: number) => callContract(contracts.restoreApplication, { params: { id: applicationId } }),
    onSettled: () => refreshAttachments(queryClient),
  });
}
