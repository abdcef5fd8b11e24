import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { contracts, type ApplicationStage, type PipelineSummary } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { mutationKeys, queryKeys } from '@/lib/query-keys';
import { insertIntoPages, moveInSummary, removeFromPages, type ColumnPages } from '../utils/move-application';
import { isApplicationStage } from '../utils/resolve-stage-drop';
import { parseStageConflict } from '../utils/stage-conflict';

export interface ChangeStageVariables {
  id: number;
  stage: ApplicationStage;
  fromStage: ApplicationStage;
  /** on a move to Placed: the agreed salary in thousands (the server's default: the job's midpoint) */
  salary?: number;
}

/**
 * Moves a card between two cached columns of every board filter that holds it, and the summary
 * counts with it. Columns are keyed [..., filter, stage]: the card found in `from` of a filter
 * goes to `to` of the same filter.
 */
function moveInCache(queryClient: QueryClient, id: number, from: ApplicationStage, to: ApplicationStage): void {
  if (from === to) return;
  for (const [key, data] of queryClient.getQueriesData<ColumnPages>({ queryKey: queryKeys.applications.lists() })) {
    if (!data || key[3] !== from) continue;
    const { data: without, removed } = removeFromPages(data, id);
    if (!removed) continue;
    queryClient.setQueryData(key, without);
    const targetKey = [...key.slice(0, 3), to];
    queryClient.setQueryData<ColumnPages>(targetKey, (target) => (target ? insertIntoPages(target, { ...removed, stage: to }) : target));
    queryClient.setQueryData<PipelineSummary>([...queryKeys.applications.summaries(), key[2]], (summary) =>
      summary ? moveInSummary(summary, from, to) : summary,
    );
  }
}

/**
 * PATCH /api/applications/:id/stage with `fromStage`, moving the card at once (optimistic).
 * On failure the card goes back: to the stage the server reports on a 409 stage_conflict,
 * otherwise to where it came from. Settling refetches the board with the command's position,
 * and realtime holds other notices back meanwhile, so the card never flickers.
 */
export function useChangeApplicationStage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.changeApplicationStage(),
    mutationFn: ({ id, stage, fromStage, salary }: ChangeStageVariables) =>
      callContract(contracts.changeApplicationStage, {
        params: { id },
        body: { stage, fromStage, ...(salary === undefined ? {} : { salary }) },
      }),
    onMutate: async ({ id, stage, fromStage }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.applications.all() });
      moveInCache(queryClient, id, fromStage, stage);
    },
    onError: (error, { id, stage, fromStage }) => {
      const conflict = parseStageConflict(error);
      moveInCache(queryClient, id, stage, conflict && isApplicationStage(conflict.currentStage) ? conflict.currentStage : fromStage);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.applications.all() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.candidates.jobsAll() }),
      ]),
  });
}
