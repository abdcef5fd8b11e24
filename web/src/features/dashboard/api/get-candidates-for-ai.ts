import { useQuery } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { summarizeAiAnalytics } from '../utils/ai-analytics';

/** The AI Analytics card: GET /api/candidates (the candidates list's cache entry), summarised. */
export function useAiAnalytics() {
  return useQuery({
    queryKey: queryKeys.candidates.list({}),
    queryFn: ({ signal }) => callContract(contracts.listCandidates, { signal }),
    select: summarizeAiAnalytics,
  });
}
