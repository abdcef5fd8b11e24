import { DEAD_LETTER_COLLECTION, type DeadLetterDoc } from './dead-letters';
import { readModelKey, type Projection } from './projection';
import type { CollectionDefinition } from './ports';

export const CHECKPOINT_COLLECTION = 'projection_checkpoints';
export const CHECKPOINT_ID = 'main';

/** `readModels`: the read models that have seen every event up to `position` (absent in data written before it existed). */
export type CheckpointDoc = { id: typeof CHECKPOINT_ID; position: number; updatedAt: string; readModels?: string[] };

/** Id, in the checkpoint collection, of the progress of a rebuild (committed with each of its batches). */
export const REBUILD_PROGRESS_ID = 'rebuild';

/** How far a rebuild into the `__rebuild` collections got; a fresh start resumes from it. */
export type RebuildProgressDoc = {
  id: typeof REBUILD_PROGRESS_ID;
  position: number;
  events: number;
  /** the read models being rebuilt (`readModelKey`: name and version), in projection order */
  readModels: string[];
  /** found so far; they replace the read models' dead letters at the swap */
  deadLetters: DeadLetterDoc[];
  updatedAt: string;
};

/**
 * The live path's write fence (`WriteFence`), in the checkpoint collection: every live batch
 * reads it with its documents and writes only if it is unchanged; an erasure's read-model purge
 * rewrites it first thing in its transaction (`ScrubNeedles.fence`). So a batch that read a
 * document before or during the purge cannot write the person's data back (issue 16), in this
 * process or another (PostgreSQL: the command-api purges, the projector service writes).
 */
export const ERASURE_FENCE = { collection: CHECKPOINT_COLLECTION, id: 'erasures' } as const;

/** Collection definitions the runner needs besides the projections' own. */
export const runnerCollections: readonly CollectionDefinition[] = [
  { name: CHECKPOINT_COLLECTION },
  { name: DEAD_LETTER_COLLECTION, indexes: ['projection', 'position', 'eventId'] },
];

/** The checkpoint at `position`; a read model still being backfilled is not yet complete up to it. */
export function checkpointDoc(position: number, projections: readonly Projection[], backfill: readonly string[], now: Date): CheckpointDoc {
  const readModels = projections.filter((p) => !backfill.includes(p.name)).map(readModelKey);
  return { id: CHECKPOINT_ID, position, updatedAt: now.toISOString(), readModels };
}
