import type { ClientContact } from '@ats/contracts';
import { defineProjection, type ProjectedEventOf } from '../../projection';

export type DeletedKind = 'candidate' | 'job' | 'client' | 'contact' | 'task';

/**
 * Candidates, jobs, clients and contacts that were deleted, each with a snapshot of its read-model
 * document as it was just before the delete (for a contact: the contact as its client's document
 * held it), so an Undo (`…Restored`) puts back exactly what was there: a client with its
 * contacts, a candidate with its AI fields. A restored record keeps its entry, marked
 * `restoredAt` (the restoring projections read the snapshot in the same batch); a later delete
 * replaces it.
 *
 * Applications of deleted candidates and jobs stay in the applications read model (history is
 * kept, and one event cannot touch every application of a candidate), so the pipeline's pages and
 * counts leave them out with `candidateId $nin` / `jobId $nin` over the entries not restored.
 *
 * This projection runs before the read models it snapshots (see `allProjections`). Rebuilding it
 * alone would find the records it snapshots already deleted: rebuild it with them.
 */
export type DeletedRecordDoc = {
  id: string;
  kind: DeletedKind;
  entityId: number;
  deletedAt: string;
  /** set when the record was restored; such entries no longer hide anything */
  restoredAt?: string | null;
  /** the read-model document at the delete (null when it was not there) */
  snapshot?: Record<string, unknown> | null;
};

export const DELETED_RECORDS = 'deleted_records';
export const deletedRecordId = (kind: DeletedKind, entityId: number) => `${kind}-${entityId}`;

const HANDLES = [
  'CandidateDeleted',
  'JobDeleted',
  'ClientDeleted',
  'ClientContactDeleted',
  'CandidateRestored',
  'JobRestored',
  'ClientRestored',
  'ClientContactRestored',
  'TaskDeleted',
  'TaskRestored',
] as const;
type Handled = ProjectedEventOf<(typeof HANDLES)[number]>;

/** the record an event names, and where its live document is (for a contact: its client's document) */
function target(event: Handled): { kind: DeletedKind; entityId: number; source: { collection: string; id: number } } {
  switch (event.type) {
    case 'CandidateDeleted':
    case 'CandidateRestored':
      return { kind: 'candidate', entityId: event.data.candidateId, source: { collection: 'candidates', id: event.data.candidateId } };
    case 'JobDeleted':
    case 'JobRestored':
      return { kind: 'job', entityId: event.data.jobId, source: { collection: 'jobs', id: event.data.jobId } };
    case 'ClientDeleted':
    case 'ClientRestored':
      return { kind: 'client', entityId: event.data.clientId, source: { collection: 'clients', id: event.data.clientId } };
    case 'ClientContactDeleted':
    case 'ClientContactRestored':
      return { kind: 'contact', entityId: event.data.contactId, source: { collection: 'clients', id: event.data.clientId } };
    case 'TaskDeleted':
    case 'TaskRestored':
      return { kind: 'task', entityId: event.data.taskId, source: { collection: 'tasks', id: event.data.taskId } };
  }
}

const isRestore = (event: Handled) => event.type.endsWith('Restored');

export const deletedRecordsProjection = defineProjection<DeletedRecordDoc, (typeof HANDLES)[number]>({
  name: 'deleted_records',
  collection: { name: DELETED_RECORDS, indexes: ['kind'] },
  handles: HANDLES,
  documentId(event) {
    const t = target(event);
    return deletedRecordId(t.kind, t.entityId);
  },
  reads: (event) => (isRestore(event) ? [] : [target(event).source]),
  evolve(doc, event, { lookup }) {
    const t = target(event);
    if (isRestore(event)) return doc ? { ...doc, restoredAt: event.metadata.occurredAt } : doc;
    const live = lookup<Record<string, unknown> & { id: number }>(t.source.collection, t.source.id);
    const snapshot =
      t.kind === 'contact'
        ? ((live?.['contacts'] as ClientContact[] | undefined)?.find((c) => c.id === t.entityId) ?? null)
        : (live ?? null);
    return {
      id: deletedRecordId(t.kind, t.entityId),
      kind: t.kind,
      entityId: t.entityId,
      deletedAt: event.metadata.occurredAt,
      restoredAt: null,
      snapshot,
    };
  },
  notify: false,
});
