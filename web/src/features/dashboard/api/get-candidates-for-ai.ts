import { useQuery } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { finishAiAnalytics, type AiAnalytics } from '../utils/ai-analytics';

/** The AI Analytics card: the server counts over every candidate (GET /api/dashboard/ai-analytics); the card words the insight. */
async function readAiAnalytics(signal: AbortSignal): Promise<AiAnalytics> {
  const totals = await callContract(contracts.aiAnalytics, { signal });
  return finishAiAnalytics({
    total: totals.total,
    analyzed: totals.analyzed,
    scored: totals.scored,
    scoreSum: totals.scoreSum,
    highScorers: totals.highScorers,
    recent: totals.recentlyAnalyzed,
  });
}

export function useAiAnalytics() {
  return useQuery({
    queryKey: queryKeys.candidates.aiAnalytics(),
    queryFn: ({ signal }) => readAiAnalytics(signal),
  });
}
