import { z } from 'zod';
import { WRITER_ROLES, ALL_ROLES, defineContract } from '../contract';
import { EntityIdBodySchema, IdParamSchema, whenMissing, tooLongMessage } from '../fields';
import { AiStatsSchema } from '../models';
import {
  InterviewAnalysisSchema,
  JobAnalysisSchema,
  JobMatchSchema,
  MarketAnalysisSchema,
  OutreachMessageSchema,
  ProfileAnalysisSchema,
  SalaryBenchmarkSchema,
  SearchStringsSchema,
  SuccessPredictionSchema,
  WorkflowSuggestionsSchema,
} from '../ai-results';

/** Which engine and model produced an AI result (SPEC §9's engine badge). */
export const AiEngineInfoSchema = z.object({ engine: z.enum(['builtin', 'llm']), model: z.string(), promptVersion: z.string() });
export type AiEngineInfo = z.infer<typeof AiEngineInfoSchema>;
/** Every AI reply: the result, who produced it, and the log position of the recorded analysis. */
export const AiMetaSchema = z.object({
  engine: AiEngineInfoSchema,
  analysisId: z.number(),
  position: z.number(),
});
export type AiMeta = z.infer<typeof AiMetaSchema>;
/** The result schema plus who produced it and where it was recorded. */
function withMeta<T extends z.core.$ZodLooseShape>(schema: z.ZodObject<T>) {
  return schema.extend(AiMetaSchema.shape);
}

const id = EntityIdBodySchema;
const text = (max: number, message = 'Required') =>
  z
    .string({ error: whenMissing(message) })
    .trim()
    .min(1, message)
    .max(max, tooLongMessage(max));

export const MESSAGE_TYPES = ['initial', 'follow_up', 'interview_invite', 'rejection'] as const;
export const EXPERIENCE_LEVELS = ['junior', 'mid', 'senior', 'executive'] as const;

export const MatchBodySchema = z.object({ candidateId: id, jobId: id });
export const SalaryBenchmarkBodySchema = z.object({
  jobTitle: text(200, 'Job title is required'),
  location: z.string().trim().max(200).optional(),
  experienceLevel: z.enum(EXPERIENCE_LEVELS).default('mid'),
  skills: z.array(z.string().max(100)).max(50).default([]),
});
export const GenerateMessageBodySchema = z.object({ candidateId: id, jobId: id, messageType: z.enum(MESSAGE_TYPES).default('initial') });
export const PredictSuccessBodySchema = z.object({ candidateId: id, jobId: id });
export const AnalyzeInterviewBodySchema = z.object({
  interviewNotes: text(20_000, 'Interview notes are required'),
  candidateName: z.string().trim().max(200).optional(),
  jobTitle: z.string().trim().max(200).optional(),
  candidateId: id.optional(),
});
export const SearchStringsBodySchema = z.object({
  jobTitle: text(200, 'Job title is required'),
  location: z.string().trim().max(200).optional(),
  skills: z.array(z.string().max(100)).max(20).default([]),
});
export const MarketAnalysisBodySchema = z.object({
  industry: text(200, 'Industry is required'),
  jobFunction: text(200, 'Job function is required'),
  location: z.string().trim().max(200).default('Global'),
});

/** Resume text for the Parse action: more than 50 characters after trimming (SPEC §5, §9). */
export const ParseResumeBodySchema = z.object({
  resumeText: z
    .string({ error: whenMissing('Please enter resume content') })
    .trim()
    .min(51, 'Please enter resume content')
    .max(200_000, tooLongMessage(200_000)),
});
export const ParsedResumeSchema = z.object({
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  mobilePhone: z.string().optional(),
  currentTitle: z.string().optional(),
  currentCompany: z.string().optional(),
  location: z.string().optional(),
  linkedinUrl: z.string().optional(),
  skills: z.array(z.string()),
  experience: z.string().optional(),
  salaryExpectation: z.number().optional(),
  summary: z.string().optional(),
  /** how sure the parser is of each field it found, 0–1; the form fills a field by itself from RESUME_AUTO_FILL_CONFIDENCE up */
  confidence: z.record(z.string(), z.number().min(0).max(1)).optional(),
  /** who read the resume: the LLM engine (its answer merged with the rules) or the built-in rules */
  engine: AiEngineInfoSchema.optional(),
  /** the LLM engine was asked and failed (timeout, wrong shape, refusal, HTTP error): the rules answered */
  llmFallback: z.enum(['timeout', 'bad_output', 'refused', 'unavailable']).optional(),
});
/** The fields an engine reads from a resume, before confidences: the LLM's answer is validated by this. */
export const ResumeFieldsSchema = ParsedResumeSchema.omit({ confidence: true, engine: true, llmFallback: true });
/** The Add Candidate form fills a parsed field by itself from this confidence up; below it, the user is asked to check. */
export const RESUME_AUTO_FILL_CONFIDENCE = 0.75;
export const ParsedResumeFileSchema = ParsedResumeSchema.extend({ resumeText: z.string(), fileName: z.string() });

export const aiContracts = {
  aiStats: defineContract({
    name: 'aiStats',
    method: 'GET',
    path: '/api/ai/stats',
    response: AiStatsSchema,
    status: 200,
    roles: ALL_ROLES,
    summary: 'Counts of recorded AI analyses: candidate analyses, salary reports, messages generated, predictions',
  }),
  analyzeCandidate: defineContract({
    name: 'analyzeCandidate',
    method: 'POST',
    path: '/api/ai/analyze-candidate/:id',
    params: IdParamSchema,
    response: withMeta(ProfileAnalysisSchema),
    status: 200,
    roles: WRITER_ROLES,
    summary: "Profile analysis of a candidate; recorded, and the candidate's AI fields follow",
  }),
  analyzeJob: defineContract({
    name: 'analyzeJob',
    method: 'POST',
    path: '/api/ai/analyze-job/:id',
    params: IdParamSchema,
    response: withMeta(JobAnalysisSchema),
    status: 200,
    roles: WRITER_ROLES,
    summary: "Requirements analysis of a job order; recorded, and the job's AI fields follow",
  }),
  matchCandidateJob: defineContract({
    name: 'matchCandidateJob',
    method: 'POST',
    path: '/api/ai/match-candidate-job',
    body: MatchBodySchema,
    response: withMeta(JobMatchSchema),
    status: 200,
    roles: WRITER_ROLES,
    summary: 'Compatibility of a candidate with a job order',
  }),
  salaryBenchmark: defineContract({
    name: 'salaryBenchmark',
    method: 'POST',
    path: '/api/ai/salary-benchmark',
    body: SalaryBenchmarkBodySchema,
    response: withMeta(SalaryBenchmarkSchema),
    status: 200,
    roles: WRITER_ROLES,
    summary: 'Salary range (thousands) from the job orders and placements on record',
  }),
  generateMessage: defineContract({
    name: 'generateMessage',
    method: 'POST',
    path: '/api/ai/generate-message',
    body: GenerateMessageBodySchema,
    response: withMeta(OutreachMessageSchema),
    status: 200,
    roles: WRITER_ROLES,
    summary: 'An outreach message for a candidate about a job',
  }),
  predictSuccess: defineContract({
    name: 'predictSuccess',
    method: 'POST',
    path: '/api/ai/predict-success',
    body: PredictSuccessBodySchema,
    response: withMeta(SuccessPredictionSchema),
    status: 200,
    roles: WRITER_ROLES,
    summary: 'Placement success and offer-acceptance probabilities',
  }),
  analyzeInterview: defineContract({
    name: 'analyzeInterview',
    method: 'POST',
    path: '/api/ai/analyze-interview',
    body: AnalyzeInterviewBodySchema,
    response: withMeta(InterviewAnalysisSchema),
    status: 200,
    roles: WRITER_ROLES,
    summary: 'Scores interview notes out of 10 with a recommendation',
  }),
  generateSearchStrings: defineContract({
    name: 'generateSearchStrings',
    method: 'POST',
    path: '/api/ai/generate-search-strings',
    body: SearchStringsBodySchema,
    response: withMeta(SearchStringsSchema),
    status: 200,
    roles: WRITER_ROLES,
    summary: 'Boolean search strings: professional network and X-ray web search',
  }),
  suggestActions: defineContract({
    name: 'suggestActions',
    method: 'POST',
    path: '/api/ai/suggest-actions',
    body: z.object({}).loose().optional(),
    response: withMeta(WorkflowSuggestionsSchema),
    status: 200,
    roles: WRITER_ROLES,
    summary: 'Next actions from stale applications, interviews without feedback and thin job orders',
  }),
  marketAnalysis: defineContract({
    name: 'marketAnalysis',
    method: 'POST',
    path: '/api/ai/market-analysis',
    body: MarketAnalysisBodySchema,
    response: withMeta(MarketAnalysisSchema),
    status: 200,
    roles: WRITER_ROLES,
    summary: 'Market temperature and skills in demand from the records on file',
  }),
  parseResume: defineContract({
    name: 'parseResume',
    method: 'POST',
    path: '/api/ai/parse-resume',
    body: ParseResumeBodySchema,
    response: ParsedResumeSchema,
    status: 200,
    roles: WRITER_ROLES,
    summary: 'Extracts candidate fields from pasted resume text',
  }),
  parseResumeFile: defineContract({
    name: 'parseResumeFile',
    method: 'POST',
    path: '/api/ai/parse-resume-file',
    response: ParsedResumeFileSchema,
    status: 200,
    roles: WRITER_ROLES,
    summary: 'multipart/form-data with field `file` (PDF or DOCX, ≤ 10 MB): extracted text and candidate fields',
  }),
};
