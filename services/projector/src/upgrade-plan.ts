import type { PlanOptions } from '@ats/http-kit';
import type { DocumentStore } from '@ats/storage';
import { CHECKPOINT_COLLECTION, CHECKPOINT_ID, type CheckpointDoc } from './checkpoint';
import { readModelKey, type Projection } from './projection';
import { allProjections } from './projections';

/**
 * The read side's part of the start-up upgrade check (`@ats/http-kit` upgrade): this version's
 * read models and which of them it rebuilds on this data (new, or their `version` changed),
 * read from the checkpoint without changing anything. The projector (or the standalone server)
 * then rebuilds them; a query-api uses the same answer only to say so and to refuse a version
 * older than the data.
 */
export function readSideUpgrade(
  documents: Pick<DocumentStore, 'collection'>,
  projections: readonly Projection[] = allProjections,
): Pick<PlanOptions, 'readModels' | 'toRebuild'> {
  return {
    readModels: projections.map(readModelKey),
    async toRebuild(events) {
      const checkpoint = await documents.collection<CheckpointDoc>(CHECKPOINT_COLLECTION).get(CHECKPOINT_ID);
      if (!checkpoint || checkpoint.position === 0) return events > 0 ? projections.map((p) => p.name) : [];
      return projections.filter((p) => checkpoint.readModels && !checkpoint.readModels.includes(readModelKey(p))).map((p) => p.name);
    },
  };
}
