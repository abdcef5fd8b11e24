import type { Doc, DocumentStore } from '@ats/storage';
import { readModel } from './query-support';
import type { ResultCache } from './result-cache';

type DeletedRecordDoc = {
  id: string;
  kind: 'candidate' | 'job' | 'client' | 'contact';
  entityId: number;
  restoredAt?: string | null;
} & Doc;

export type DeletedIds = { candidates: number[]; jobs: number[] };

/**
 * Deleted candidates and jobs (not restored since): their applications stay in the log and the
 * read model, off the board. Read on every board request, so remembered until the read models move.
 */
export function createDeletedIds(documents: DocumentStore, cache?: ResultCache): () => Promise<DeletedIds> {
  const deletedRecords = readModel<DeletedRecordDoc>(documents, 'deletedRecords');
  async function readDeletedIds(): Promise<DeletedIds> {
    const found = await deletedRecords().find({ fields: ['kind', 'entityId', 'restoredAt'], limit: 1_000_000 });
    // a restored record (an Undo) is back: its applications are on the board again
    const docs = found.filter((d) => !d.restoredAt);
    return {
      candidates: docs.filter((d) => d.kind === 'candidate').map((d) => d.entityId),
      jobs: docs.filter((d) => d.kind === 'job').map((d) => d.entityId),
    };
  }
  return () => (cache ? cache.get('deleted-ids', readDeletedIds) : readDeletedIds());
}
