import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contracts, type Application, type ApplicationStage } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { mutationKeys, queryKeys } from '@/lib/query-keys';
import { moveApplication } from '../utils/move-application';
import { isApplicationStage } from '../utils/resolve-stage-drop';
import { parseStageConflict } from '../utils/stage-conflict';

export interface ChangeStageVariables {
  id: number;
  stage: ApplicationStage;
  fromStage: ApplicationStage;
}

/**
 * PATCH /api/applications/:id/stage with `fromStage`, moving the card at once (optimistic).
 * On failure the card goes back: to the stage the server reports on a 409 stage_conflict,
 * otherwise to where it came from. Settling refetches the board with the command's position,
 * and realtime holds other notices back meanwhile, so the card never flickers.
 */
export function useChangeApplicationStage() {
  const queryClient = useQueryClient();
  const lists = queryKeys.applications.lists();
  const setStage = (id: number, stage: ApplicationStage) =>
    queryClient.setQueriesData<Application[]>({ queryKey: lists }, (list) => (list ? moveApplication(list, id, stage) : list));

  return useMutation({
    mutationKey: mutationKeys.changeApplicationStage(),
    mutationFn: ({ id, stage, fromStage }: ChangeStageVariables) =>
      callContract(contracts.changeApplicationStage, { params: { id }, body: { stage, fromStage } }),
    onMutate: async ({ id, stage }) => {
      await queryClient.cancelQueries({ queryKey: lists });
      setStage(id, stage);
    },
    onError: (error, { id, fromStage }) => {
      const conflict = parseStageConflict(error);
      setStage(id, conflict && isApplicationStage(conflict.currentStage) ? conflict.currentStage : fromStage);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.applications.all() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.candidates.jobsAll() }),
      ]),
  });
}
