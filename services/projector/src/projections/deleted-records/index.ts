import { defineProjection, type ProjectedEvent } from '../../projection';

/**
 * Candidates and jobs that were deleted. Their applications stay in the applications read model
 * (history is kept, and one event cannot touch every application of a candidate), so the
 * pipeline's pages and counts leave them out with `candidateId $nin` / `jobId $nin` over this
 * small list.
 */
export type DeletedRecordDoc = { id: string; kind: 'candidate' | 'job'; entityId: number; deletedAt: string };

const deleted = (event: ProjectedEvent): { kind: 'candidate' | 'job'; entityId: number } | null => {
  if (event.type === 'CandidateDeleted') return { kind: 'candidate', entityId: event.data.candidateId };
  if (event.type === 'JobDeleted') return { kind: 'job', entityId: event.data.jobId };
  return null;
};

export const deletedRecordsProjection = defineProjection<DeletedRecordDoc>({
  name: 'deleted_records',
  collection: { name: 'deleted_records', indexes: ['kind'] },
  handles: ['CandidateDeleted', 'JobDeleted'],
  documentId(event) {
    const d = deleted(event);
    return d ? `${d.kind}-${d.entityId}` : null;
  },
  evolve(doc, event) {
    const d = deleted(event);
    if (!d) return doc;
    return { id: `${d.kind}-${d.entityId}`, kind: d.kind, entityId: d.entityId, deletedAt: event.metadata.occurredAt };
  },
  notify: false,
});
