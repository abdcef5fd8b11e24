import type { z } from 'zod';
import type { ResumeFieldsSchema } from '@ats/contracts';
import type {
  InterviewAnalysis,
  JobAnalysis,
  JobMatch,
  MarketAnalysis,
  OutreachMessage,
  ProfileAnalysis,
  SalaryBenchmark,
  SearchStrings,
  SuccessPrediction,
  WorkflowSuggestions,
} from '@ats/contracts/ai-results';
import type { ApplicationFacts, CandidateFacts, InterviewFacts, JobFacts, PlacementFacts } from './facts';
import type { MessageType } from './builtin-engine';

/** Who produced a result: recorded on every AI event. */
export interface EngineInfo {
  engine: 'builtin' | 'llm';
  model: string;
  promptVersion: string;
}

/** Resume fields an engine reads (the parse response without confidences), validated by ResumeFieldsSchema. */
export type ResumeFields = z.infer<typeof ResumeFieldsSchema>;

/** An engine that reads resumes itself (the LLM engine); its answer is merged with the rules parser's. */
export interface ResumeReader {
  readonly info: EngineInfo;
  read(text: string): Promise<ResumeFields>;
}

/** The AI port: two engines (built-in rules, LLM) give the same shapes. */
export interface AiEngine {
  readonly info: EngineInfo;
  analyzeProfile(candidate: CandidateFacts): Promise<ProfileAnalysis>;
  matchCandidateToJob(candidate: CandidateFacts, job: JobFacts): Promise<JobMatch>;
  salaryBenchmark(
    query: { jobTitle: string; location?: string | null; experienceLevel?: string | null },
    records: { jobs: readonly JobFacts[]; placements: readonly PlacementFacts[] },
  ): Promise<SalaryBenchmark>;
  generateMessage(candidate: CandidateFacts, job: JobFacts, type: MessageType, sender: string): Promise<OutreachMessage>;
  predictSuccess(candidate: CandidateFacts, job: JobFacts, stage: string | null): Promise<SuccessPrediction>;
  analyzeInterviewNotes(notes: string, context?: { candidateName?: string; jobTitle?: string }): Promise<InterviewAnalysis>;
  generateSearchStrings(query: { jobTitle: string; skills?: readonly string[]; location?: string | null }): Promise<SearchStrings>;
  suggestActions(data: {
    applications: readonly ApplicationFacts[];
    interviews: readonly InterviewFacts[];
    jobs: readonly JobFacts[];
    now: Date;
  }): Promise<WorkflowSuggestions>;
  marketAnalysis(
    query: { industry: string; jobFunction: string; location?: string | null },
    data: { jobs: readonly JobFacts[]; candidates: readonly CandidateFacts[] },
  ): Promise<MarketAnalysis>;
  analyzeJob(job: JobFacts): Promise<JobAnalysis>;
  /** set on an engine that reads resumes itself (the LLM); the built-in engine leaves it to the rules parser */
  readonly resumeReader?: ResumeReader;
}

/** An engine failure a caller can show: never a half result. */
export class AiEngineError extends Error {
  override readonly name = 'AiEngineError';
  constructor(
    readonly kind: 'timeout' | 'bad_output' | 'refused' | 'unavailable',
    message: string,
  ) {
    super(message);
  }
}
