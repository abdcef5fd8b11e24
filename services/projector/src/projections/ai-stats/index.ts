import type { AiStats } from '@ats/contracts';
import type { AiAnalysisType } from '@ats/events';
import { defineProjection } from '../../projection';

/** SPEC §3.2 AI stats: counts of recorded analyses by kind, in one document. */
export type AiStatsDoc = AiStats & { id: 'totals' };
export const AI_STATS_ID = 'totals';

const COUNTED: Partial<Record<AiAnalysisType, keyof AiStats>> = {
  profile: 'candidateAnalyses',
  job_match: 'candidateAnalyses',
  salary: 'salaryReports',
  message: 'messagesGenerated',
  prediction: 'predictions',
};

export const emptyAiStats = (): AiStatsDoc => ({
  id: AI_STATS_ID,
  candidateAnalyses: 0,
  salaryReports: 0,
  messagesGenerated: 0,
  predictions: 0,
});

const HANDLES = ['AiAnalysisRecorded'] as const;

export const aiStatsProjection = defineProjection<AiStatsDoc, (typeof HANDLES)[number]>({
  name: 'ai_stats',
  collection: { name: 'ai_stats' },
  handles: HANDLES,
  documentId: (event) => (COUNTED[event.data.analysisType] ? AI_STATS_ID : null),
  evolve(doc, event) {
    const key = COUNTED[event.data.analysisType];
    if (!key) return doc;
    const current = doc ?? emptyAiStats();
    return { ...current, [key]: current[key] + 1 };
  },
});
