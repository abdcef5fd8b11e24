import { describe, expect, it } from 'vitest';
import type { Candidate } from '@ats/contracts';
import { aiInsight, emptyAiAnalyticsTally, finishAiAnalytics, summarizeAiAnalytics, tallyAiAnalytics } from './ai-analytics';

const candidate = (id: number, score: number | null, analyzedAt: string | null): Candidate =>
  ({ id, firstName: `F${id}`, lastName: 'L', currentTitle: null, aiMatchScore: score, aiLastAnalyzed: analyzedAt }) as Candidate;

describe('AI analytics', () => {
  it('computes coverage, the rounded average and the three latest analysed', () => {
    const result = summarizeAiAnalytics([
      candidate(1, 70, '2025-01-01T00:00:00Z'),
      candidate(2, 75, '2025-01-03T00:00:00Z'),
      candidate(3, null, null),
      candidate(4, 61, '2025-01-02T00:00:00Z'),
      candidate(5, 50, '2025-01-04T00:00:00Z'),
    ]);
    expect(result.coverage).toBe(80);
    expect(result.averageScore).toBe(64);
    expect(result.recentlyAnalyzed.map((c) => c.id)).toEqual([5, 2, 4]);
  });
  it('gives the same result read page by page as all at once', () => {
    const all = [
      candidate(1, 70, '2025-01-01T00:00:00Z'),
      candidate(2, 85, '2025-01-03T00:00:00Z'),
      candidate(3, null, null),
      candidate(4, 61, '2025-01-02T00:00:00Z'),
      candidate(5, 50, '2025-01-04T00:00:00Z'),
    ];
    const paged = finishAiAnalytics(tallyAiAnalytics(tallyAiAnalytics(emptyAiAnalyticsTally(), all.slice(0, 2)), all.slice(2)));
    expect(paged).toEqual(summarizeAiAnalytics(all));
    expect(paged.insight).toMatch(/excellent compatibility/);
  });
  it('has nothing to divide by when there are no candidates', () => {
    expect(summarizeAiAnalytics([])).toMatchObject({ coverage: 0, averageScore: 0, recentlyAnalyzed: [] });
  });
  it('picks the insight in SPEC order: none, high scorer, few, complete', () => {
    expect(aiInsight(0, 0, 0)).toMatch(/^Start analyzing/);
    expect(aiInsight(2, 1, 85)).toMatch(/excellent compatibility/);
    expect(aiInsight(3, 0, 60)).toMatch(/^Analyze more candidates/);
    expect(aiInsight(6, 0, 64)).toMatch(/average score of 64\/100/);
  });
});
