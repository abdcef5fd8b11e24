import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { atom, getDefaultStore } from 'jotai';
import type { z } from 'zod';
import {
  contracts,
  type AnalyzeInterviewBodySchema,
  type GenerateMessageBodySchema,
  type MarketAnalysisBodySchema,
  type MatchBodySchema,
  type PredictSuccessBodySchema,
  type SalaryBenchmarkBodySchema,
  type SearchStringsBodySchema,
  type InterviewAnalysis,
  type JobAnalysis,
  type JobMatch,
  type MarketAnalysis,
  type OutreachMessage,
  type ProfileAnalysis,
  type SalaryBenchmark,
  type SearchStrings,
  type SuccessPrediction,
  type WorkflowSuggestions,
} from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The engine named by the latest AI reply of this session (Integrations shows it). */
export const lastAiEngineAtom = atom<AiMeta['engine'] | null>(null);
const tap = <T>(reply: T): T => (noteEngine(reply), reply);
function noteEngine(reply: unknown): void {
  const engine = (reply as Partial<AiMeta> | null)?.engine;
  if (engine && typeof engine === 'object' && 'engine' in engine) getDefaultStore().set(lastAiEngineAtom, engine);
}

/** SPEC §7: GET /api/ai/stats, cached for 300000 ms. */
export const AI_STATS_STALE_MS = 300_000;

export function useAiStats() {
  return useQuery({
    queryKey: queryKeys.dashboard.aiStats(),
    queryFn: ({ signal }) => callContract(contracts.aiStats, { signal }),
    staleTime: AI_STATS_STALE_MS,
  });
}

/**
 * The contracts' `withMeta(...)` replies type as Record<string, unknown> (the generic loses its
 * shape), so a reply is typed here as the result schema's type plus the meta the contract adds.
 */
export interface AiMeta {
  engine: { engine: 'builtin' | 'llm'; model: string; promptVersion: string };
  analysisId: number;
  position: number;
}
export type AiReply<T> = T & AiMeta;
export type ProfileAnalysisReply = AiReply<ProfileAnalysis>;
export type JobMatchReply = AiReply<JobMatch>;
export type JobAnalysisReply = AiReply<JobAnalysis>;

/** POST /api/ai/analyze-candidate/:id; the candidate's AI fields follow. */
export function useAnalyzeCandidate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['ai', 'analyze-candidate'],
    mutationFn: (id: number) =>
      callContract(contracts.analyzeCandidate, { params: { id } }).then(tap) as unknown as Promise<ProfileAnalysisReply>,
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
    mutationFn: (body: z.input<typeof MatchBodySchema>) =>
      callContract(contracts.matchCandidateJob, { body: body as never }).then(tap) as unknown as Promise<JobMatchReply>,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.aiStats() }),
  });
}

/** POST /api/ai/analyze-job/:id; the job's AI fields (and its Ready badge) follow. */
export function useAnalyzeJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['ai', 'analyze-job'],
    mutationFn: (id: number) => callContract(contracts.analyzeJob, { params: { id } }).then(tap) as unknown as Promise<JobAnalysisReply>,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.jobs.all() }),
  });
}

/** POST /api/ai/suggest-actions */
export function useSuggestActions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['ai', 'suggest-actions'],
    mutationFn: () =>
      callContract(contracts.suggestActions, { body: {} as never }).then(tap) as unknown as Promise<AiReply<WorkflowSuggestions>>,
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
export type ToolkitTab = keyof typeof toolkitContracts;
interface ToolkitResults {
  salary: SalaryBenchmark;
  message: OutreachMessage;
  predict: SuccessPrediction;
  interview: InterviewAnalysis;
  search: SearchStrings;
  workflow: WorkflowSuggestions;
  market: MarketAnalysis;
}
export type ToolkitReply<T extends ToolkitTab> = AiReply<ToolkitResults[T]>;
interface Bodies {
  salary: typeof SalaryBenchmarkBodySchema;
  message: typeof GenerateMessageBodySchema;
  predict: typeof PredictSuccessBodySchema;
  interview: typeof AnalyzeInterviewBodySchema;
  search: typeof SearchStringsBodySchema;
  workflow: null;
  market: typeof MarketAnalysisBodySchema;
}
export type ToolkitBody<T extends ToolkitTab> = Bodies[T] extends z.ZodType ? z.input<Bodies[T]> : Record<string, never>;

/** One toolkit call; AI stats refresh after it. */
export function useToolkitCall<T extends ToolkitTab>(tab: T) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['ai', 'toolkit', tab],
    mutationFn: (body: ToolkitBody<T>) =>
      callContract(toolkitContracts[tab] as (typeof toolkitContracts)[T], { body } as never).then(tap) as unknown as Promise<
        ToolkitReply<T>
      >,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.aiStats() }),
  });
}

/** POST /api/ai/parse-resume {resumeText} */
export function useParseResume() {
  return useMutation({
    mutationKey: ['ai', 'parse-resume'],
    mutationFn: (resumeText: string) => callContract(contracts.parseResume, { body: { resumeText } as never }),
  });
}

/** POST /api/ai/parse-resume-file, multipart with the field `file` (PDF). */
export function useParseResumeFile() {
  return useMutation({
    mutationKey: ['ai', 'parse-resume-file'],
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return callContract(contracts.parseResumeFile, { body: form as never });
    },
  });
}
