import { defineProjection, type ProjectedEventOf } from '../../projection';

/**
 * Candidates and jobs that were deleted. Their applications stay in the applications read model
 * (history is kept, and one event cannot touch every application of a candidate), so the
 * pipeline's pages and counts leave them out with `candidateId $nin` / `jobId $nin` over this
 * small list.
 */
export type DeletedRecordDoc = { id: string; kind: 'candidate' | 'job'; entityId: number; deletedAt: string };

const HANDLES = ['CandidateDeleted', 'JobDeleted'] as const;

const deleted = (event: ProjectedEventOf<(typeof HANDLES)[number]>): { kind: 'candidate' | 'job'; entityId: number } =>
  event.type === 'CandidateDeleted' ? { kind: 'candidate', entityId: event.data.candidateId } : { kind: 'job', entityId: event.data.jobId };

export const deletedRecordsProjection = defineProjection<DeletedRecordDoc, (typeof HANDLES)[number]>({
  name: 'deleted_records',
  collection: { name: 'deleted_records', indexes: ['kind'] },
  handles: HANDLES,
  documentId(event) {
    const d = deleted(event);
    return `${d.kind}-${d.entityId}`;
  },
  evolve(_doc, event) {
    const d = deleted(event);
    return { id: `${d.kind}-${d.entityId}`, kind: d.kind, entityId: d.entityId, deletedAt: event.metadata.occurredAt };
  },
  notify: false,
});
