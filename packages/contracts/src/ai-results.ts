import { z } from 'zod';

/**
 * AI result shapes (SPEC §3.2). Both engines — the built-in one and the LLM one — must produce
 * exactly these; the LLM's structured output is validated against them.
 */
const score100 = z.number().min(0).max(100);
const score10 = z.number().min(0).max(10);
const texts = z.array(z.string());

export const ProfileAnalysisSchema = z.object({
  summary: z.string(),
  score: score100,
  experienceLevel: z.string(),
  skillsExtracted: texts,
  personalityTraits: texts,
  confidence: z.number().min(0).max(1),
});
export type ProfileAnalysis = z.infer<typeof ProfileAnalysisSchema>;

export const JobMatchSchema = z.object({
  compatibilityScore: score100,
  strengths: texts,
  weaknesses: texts,
  recommendation: z.string(),
});
export type JobMatch = z.infer<typeof JobMatchSchema>;

export const SalaryBenchmarkSchema = z.object({
  marketSalaryRange: z.object({ min: z.number(), max: z.number(), median: z.number() }),
  recommendations: texts,
  /** how many records on file the range was computed from (0 = a general estimate) */
  basedOnRecords: z.number().int().min(0),
});
export type SalaryBenchmark = z.infer<typeof SalaryBenchmarkSchema>;

export const OutreachMessageSchema = z.object({ subject: z.string(), message: z.string() });
export type OutreachMessage = z.infer<typeof OutreachMessageSchema>;

export const SuccessPredictionSchema = z.object({
  successProbability: score100,
  offerAcceptanceProbability: score100,
  strengthFactors: texts,
  riskFactors: texts,
});
export type SuccessPrediction = z.infer<typeof SuccessPredictionSchema>;

export const InterviewAnalysisSchema = z.object({
  communicationSkills: score10,
  technicalCompetency: score10,
  culturalFit: score10,
  motivation: score10,
  recommendation: z.string(),
});
export type InterviewAnalysis = z.infer<typeof InterviewAnalysisSchema>;

export const SearchStringsSchema = z.object({ linkedinSearch: z.string(), googleSearch: z.string() });
export type SearchStrings = z.infer<typeof SearchStringsSchema>;

export const WorkflowSuggestionsSchema = z.object({
  priorityActions: texts,
  automationOpportunities: texts,
  recommendations: texts,
});
export type WorkflowSuggestions = z.infer<typeof WorkflowSuggestionsSchema>;

export const MarketAnalysisSchema = z.object({
  marketTemperature: z.enum(['hot', 'warm', 'balanced', 'cool']),
  skillsDemand: z.array(z.object({ skill: z.string(), demand: z.number().int().min(0) })),
  recommendations: texts,
});
export type MarketAnalysis = z.infer<typeof MarketAnalysisSchema>;

export const JobAnalysisSchema = z.object({
  requiredSkills: texts,
  preferredExperience: z.string(),
  personalityFit: texts,
  generatedQuestions: texts,
  confidence: z.number().min(0).max(1),
});
export type JobAnalysis = z.infer<typeof JobAnalysisSchema>;
