import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contracts, type AiMeta, type BodyOf, type ResponseOf } from '@ats/contracts';
import { noteAiEngine } from '@/lib/ai-engine';
import { callContract } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** SPEC §7: GET /api/ai/stats, cached for 300000 ms. */
export const AI_STATS_STALE_MS = 300_000;

/** GET /api/analytics/ai-figures: analysed, scored and 90+ candidates (refreshed with the candidates' AI totals). */
export function useAiFigures() {
  return useQuery({
    queryKey: [...queryKeys.candidates.aiAnalytics(), 'figures'],
    queryFn: ({ signal }) => callContract(contracts.aiFigures, { signal }),
  });
}

/** GET /api/analytics/ai-insights: the Workflow tab's Insights (mean interview rating, median time to fill). */
export function useAiInsights() {
  return useQuery({
    queryKey: queryKeys.analytics.aiInsights(),
    queryFn: ({ signal }) => callContract(contracts.aiInsights, { signal }),
  });
}

export function useAiStats() {
  return useQuery({
    queryKey: queryKeys.dashboard.aiStats(),
    queryFn: ({ signal }) => callContract(contracts.aiStats, { signal }),
    staleTime: AI_STATS_STALE_MS,
  });
}

/** A result with the engine that produced it and where it was recorded, as the contracts reply. */
export type AiReply<T> = T & AiMeta;
export type ProfileAnalysisReply = ResponseOf<typeof contracts.analyzeCandidate>;
export type JobMatchReply = ResponseOf<typeof contracts.matchCandidateJob>;

/** POST /api/ai/analyze-candidate/:id; the candidate's AI fields follow. */
export function useAnalyzeCandidate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['ai', 'analyze-candidate'],
    mutationFn: (id: number) => callContract(contracts.analyzeCandidate, { params: { id } }).then(noteAiEngine),
    onSuccess: (_data, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.candidates.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.candidates.detail(id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.aiStats() }),
      ]),
  });
}

/** POST /api/ai/match-candidate-job {candidateId, jobId}. */
export function useMatchCandidateJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['ai', 'match'],
    mutationFn: (body: BodyOf<typeof contracts.matchCandidateJob>) =>
      callContract(contracts.matchCandidateJob, { body }).then(noteAiEngine),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.aiStats() }),
  });
}

/** POST /api/ai/suggest-actions */
export function useSuggestActions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['ai', 'suggest-actions'],
    mutationFn: () => callContract(contracts.suggestActions, { body: {} }).then(noteAiEngine),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.aiStats() }),
  });
}

/** The toolkit's calls, by tab. */
export const toolkitContracts = {
  salary: contracts.salaryBenchmark,
  message: contracts.generateMessage,
  predict: contracts.predictSuccess,
  interview: contracts.analyzeInterview,
  search: contracts.generateSearchStrings,
  workflow: contracts.suggestActions,
  market: contracts.marketAnalysis,
} as const;
type ToolkitContracts = typeof toolkitContracts;
export type ToolkitTab = keyof ToolkitContracts;
export type ToolkitReply<T extends ToolkitTab> = ResponseOf<ToolkitContracts[T]>;
export type ToolkitBody<T extends ToolkitTab> = BodyOf<ToolkitContracts[T]>;

/** One toolkit call; AI stats refresh after it. */
export function useToolkitCall<T extends ToolkitTab>(tab: T) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['ai', 'toolkit', tab],
    mutationFn: (body: ToolkitBody<T>): Promise<ToolkitReply<T>> =>
      callContract<ToolkitContracts[T]>(toolkitContracts[tab], { body }).then(noteAiEngine),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.aiStats() }),
  });
}
