import { useQuery } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { emptyAiAnalyticsTally, finishAiAnalytics, tallyAiAnalytics, type AiAnalytics } from '../utils/ai-analytics';

/** The largest page GET /api/candidates sends. */
const PAGE = 200;

/**
 * The AI Analytics card: coverage and the average need every candidate, so the list is read page
 * by page (GET /api/candidates?limit=200&offset=) and only the running tally is kept, never the
 * whole list. A candidate seen twice because the list shifted between pages counts once.
 */
async function readAiAnalytics(signal: AbortSignal): Promise<AiAnalytics> {
  let tally = emptyAiAnalyticsTally();
  const seen = new Set<number>();
  for (let offset = 0; ; offset += PAGE) {
    const page = await callContract(contracts.listCandidates, { query: { limit: PAGE, offset }, signal });
    tally = tallyAiAnalytics(tally, page.filter((candidate) => !seen.has(candidate.id)));
    for (const candidate of page) seen.add(candidate.id);
    if (page.length < PAGE) return finishAiAnalytics(tally);
  }
}

export function useAiAnalytics() {
  return useQuery({
    queryKey: queryKeys.candidates.aiAnalytics(),
    queryFn: ({ signal }) => readAiAnalytics(signal),
  });
}
