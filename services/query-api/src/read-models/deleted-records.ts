import type { Doc, DocumentStore } from '@ats/storage';
import { readModel } from './query-support';
import type { ResultCache } from './result-cache';

type DeletedRecordDoc = { id: string; kind: 'candidate' | 'job'; entityId: number } & Doc;

export type DeletedIds = { candidates: number[]; jobs: number[] };

/**
 * Deleted candidates and jobs: their applications stay in the log and the read model, off the
 * board. Read on every board request, so remembered until the read models move.
 */
export function createDeletedIds(documents: DocumentStore, cache?: ResultCache): () => Promise<DeletedIds> {
  const deletedRecords = readModel<DeletedRecordDoc>(documents, 'deletedRecords');
  async function readDeletedIds(): Promise<DeletedIds> {
    const docs = await deletedRecords().find({ fields: ['kind', 'entityId'], limit: 1_000_000 });
    return {
      candidates: docs.filter((d) => d.kind === 'candidate').map((d) => d.entityId),
      jobs: docs.filter((d) => d.kind === 'job').map((d) => d.entityId),
    };
  }
  return () => (cache ? cache.get('deleted-ids', readDeletedIds) : readDeletedIds());
}
