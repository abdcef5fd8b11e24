import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { noteAiEngine } from '@/lib/ai-engine';
import { callContract } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/ai/analyze-job/:id; the job's AI fields (and its Ready badge) follow. */
export function useAnalyzeJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['ai', 'analyze-job'],
    mutationFn: (id: number) => callContract(contracts.analyzeJob, { params: { id } }).then(noteAiEngine),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.jobs.all() }),
  });
}
