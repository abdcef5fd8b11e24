import { APPLICATION_STAGES, type ApplicationStage } from '@ats/contracts';

/** What the card is over when dropped: a column (id = stage) or, defensively, another card. */
export interface DropTarget {
  id: string | number;
  data?: { stage?: unknown } | null;
}

export function isApplicationStage(value: unknown): value is ApplicationStage {
  return typeof value === 'string' && (APPLICATION_STAGES as readonly string[]).includes(value);
}

/**
 * Where a dragged card lands (SPEC §4): the stage of the column (or of the card) it was dropped
 * on, or `null` when nothing should happen: dropped outside the board, on something that is not
 * a stage, or on its own column.
 */
export function resolveStageDrop(fromStage: ApplicationStage, over: DropTarget | null | undefined): ApplicationStage | null {
  if (!over) return null;
  const stage = isApplicationStage(over.data?.stage) ? over.data.stage : isApplicationStage(over.id) ? over.id : null;
  if (!stage || stage === fromStage) return null;
  return stage;
}
