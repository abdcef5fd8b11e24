import { defineProjection, type ProjectedEventOf } from '../../projection';

/**
 * Placements for the dashboard: one document per application currently at `placed`, with the
 * recorded fee. Moving the card out of `placed` or detaching the application removes it, so
 * "Placements This Month" and "Revenue YTD" count placements that still stand.
 */
export type PlacementDoc = {
  id: number;
  candidateId: number;
  jobId: number;
  /** agreed salary, thousands */
  salary: number;
  feePercentage: number;
  /** thousands */
  fee: number;
  placedAt: string;
};

const HANDLES = ['PlacementRecorded', 'ApplicationStageChanged', 'ApplicationDetached'] as const;
type Handled = ProjectedEventOf<(typeof HANDLES)[number]>;

const applicationId = (event: Handled): number | null => {
  switch (event.type) {
    case 'PlacementRecorded':
    case 'ApplicationDetached':
      return event.data.applicationId;
    case 'ApplicationStageChanged':
      return event.data.fromStage === 'placed' ? event.data.applicationId : null;
  }
};

export const placementsProjection = defineProjection<PlacementDoc, (typeof HANDLES)[number]>({
  name: 'placements',
  collection: { name: 'placements', indexes: ['placedAt'] },
  handles: HANDLES,
  documentId: applicationId,
  evolve(doc, event) {
    switch (event.type) {
      case 'PlacementRecorded': {
        const d = event.data;
        return {
          id: d.applicationId,
          candidateId: d.candidateId,
          jobId: d.jobId,
          salary: d.salary,
          feePercentage: d.feePercentage,
          fee: d.fee,
          placedAt: d.placedAt,
        };
      }
      case 'ApplicationStageChanged':
      case 'ApplicationDetached':
        return null;
    }
  },
});
