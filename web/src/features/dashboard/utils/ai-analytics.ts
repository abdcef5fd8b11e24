import type { Candidate } from '@ats/contracts';

export const HIGH_SCORE = 80;
export const RECENTLY_ANALYZED_LIMIT = 3;
const FEW_ANALYZED = 5;

export interface AiAnalytics {
  total: number;
  analyzed: number;
  /** analyzed ÷ all, as a whole percentage */
  coverage: number;
  /** rounded mean score of the analyzed candidates that have one */
  averageScore: number;
  recentlyAnalyzed: Pick<Candidate, 'id' | 'firstName' | 'lastName' | 'aiMatchScore' | 'aiLastAnalyzed' | 'currentTitle'>[];
  insight: string;
}

/** SPEC §2.3 AI Analytics: coverage, average score, the 3 latest analysed and one insight. */
export function summarizeAiAnalytics(candidates: readonly Candidate[]): AiAnalytics {
  const analyzed = candidates.filter((c) => c.aiLastAnalyzed);
  const scores = analyzed.map((c) => c.aiMatchScore).filter((s): s is number => typeof s === 'number');
  const averageScore = scores.length ? Math.round(scores.reduce((a, b) => a + b, 0) / scores.length) : 0;
  const highScorers = scores.filter((s) => s >= HIGH_SCORE).length;
  const recentlyAnalyzed = [...analyzed]
    .sort((a, b) => (b.aiLastAnalyzed ?? '').localeCompare(a.aiLastAnalyzed ?? ''))
    .slice(0, RECENTLY_ANALYZED_LIMIT)
    .map(({ id, firstName, lastName, aiMatchScore, aiLastAnalyzed, currentTitle }) => ({ id, firstName, lastName, aiMatchScore, aiLastAnalyzed, currentTitle }));
  return {
    total: candidates.length,
    analyzed: analyzed.length,
    coverage: candidates.length ? Math.round((analyzed.length / candidates.length) * 100) : 0,
    averageScore,
    recentlyAnalyzed,
    insight: aiInsight(analyzed.length, highScorers, averageScore),
  };
}

export function aiInsight(analyzed: number, highScorers: number, averageScore: number): string {
  if (analyzed === 0) return 'Start analyzing candidates with AI to unlock insights about your talent pool.';
  if (highScorers > 0) {
    return `${highScorers} ${highScorers === 1 ? 'candidate shows' : 'candidates show'} excellent compatibility (score ${HIGH_SCORE}+). Prioritize them for your open roles.`;
  }
  if (analyzed < FEW_ANALYZED) return 'Analyze more candidates to get more reliable AI insights.';
  return `AI analysis complete for ${analyzed} candidates, with an average score of ${averageScore}/100.`;
}
