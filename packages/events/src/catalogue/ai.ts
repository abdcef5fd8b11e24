import { z } from 'zod';
import { AiAnalysisTypeSchema, AiEntityTypeSchema } from '../shared';

/**
 * An AI result was produced and kept (stream `ai-analysis-<id>`): which engine and model, the
 * prompt version and a hash of the input (to explain and reproduce it), and the result.
 */
export const AiAnalysisRecordedSchema = z.object({
  analysisId: z.number().int().positive(),
  engine: z.string(),
  model: z.string(),
  promptVersion: z.string(),
  inputHash: z.string(),
  analysisType: AiAnalysisTypeSchema,
  entityType: AiEntityTypeSchema,
  entityId: z.number().int().positive().nullable(),
  results: z.record(z.string(), z.unknown()),
  score: z.number().min(0).max(100).nullable(),
  confidence: z.number().min(0).max(1).nullable(),
  /**
   * the candidate an analysis of something else is about (an application's: set when recorded;
   * absent in events recorded before it existed): its results are sealed with their key
   */
  candidateId: z.number().int().positive().optional(),
});
export type AiAnalysisRecorded = z.infer<typeof AiAnalysisRecordedSchema>;
