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

type RecentlyAnalyzed = AiAnalytics['recentlyAnalyzed'][number];

/** Running totals over candidates seen so far, so a long list can be read page by page. */
export interface AiAnalyticsTally {
  total: number;
  analyzed: number;
  scoreSum: number;
  scored: number;
  highScorers: number;
  /** the latest analysed so far, newest first, at most RECENTLY_ANALYZED_LIMIT */
  recent: RecentlyAnalyzed[];
}

export const emptyAiAnalyticsTally = (): AiAnalyticsTally => ({
  total: 0,
  analyzed: 0,
  scoreSum: 0,
  scored: 0,
  highScorers: 0,
  recent: [],
});

/** Pure: the tally after some more candidates. */
export function tallyAiAnalytics(tally: AiAnalyticsTally, candidates: readonly Candidate[]): AiAnalyticsTally {
  let { total, analyzed, scoreSum, scored, highScorers } = tally;
  let recent = tally.recent;
  for (const c of candidates) {
    total += 1;
    if (!c.aiLastAnalyzed) continue;
    analyzed += 1;
    if (typeof c.aiMatchScore === 'number') {
      scoreSum += c.aiMatchScore;
      scored += 1;
      if (c.aiMatchScore >= HIGH_SCORE) highScorers += 1;
    }
    const { id, firstName, lastName, aiMatchScore, aiLastAnalyzed, currentTitle } = c;
    recent = [...recent, { id, firstName, lastName, aiMatchScore, aiLastAnalyzed, currentTitle }]
      .sort((a, b) => (b.aiLastAnalyzed ?? '').localeCompare(a.aiLastAnalyzed ?? ''))
      .slice(0, RECENTLY_ANALYZED_LIMIT);
  }
  return { total, analyzed, scoreSum, scored, highScorers, recent };
}

/** SPEC §2.3 AI Analytics from a finished tally. */
export function finishAiAnalytics({ total, analyzed, scoreSum, scored, highScorers, recent }: AiAnalyticsTally): AiAnalytics {
  const averageScore = scored ? Math.round(scoreSum / scored) : 0;
  return {
    total,
    analyzed,
    coverage: total ? Math.round((analyzed / total) * 100) : 0,
    averageScore,
    recentlyAnalyzed: recent,
    insight: aiInsight(analyzed, highScorers, averageScore),
  };
}

/** SPEC §2.3 AI Analytics: coverage, average score, the 3 latest analysed and one insight. */
export function summarizeAiAnalytics(candidates: readonly Candidate[]): AiAnalytics {
  return finishAiAnalytics(tallyAiAnalytics(emptyAiAnalyticsTally(), candidates));
}

export function aiInsight(analyzed: number, highScorers: number, averageScore: number): string {
  if (analyzed === 0) return 'Start analyzing candidates with AI to unlock insights about your talent pool.';
  if (highScorers > 0) {
    return `${highScorers} ${highScorers === 1 ? 'candidate shows' : 'candidates show'} excellent compatibility (score ${HIGH_SCORE}+). Prioritize them for your open roles.`;
  }
  if (analyzed < FEW_ANALYZED) return 'Analyze more candidates to get more reliable AI insights.';
  return `AI analysis complete for ${analyzed} candidates, with an average score of ${averageScore}/100.`;
}
