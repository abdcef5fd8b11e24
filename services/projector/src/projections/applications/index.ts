import type { Application } from '@ats/contracts';
import { defineProjection, type Refs } from '../../projection';

/** Applications on the pipeline; `candidate` and `job` are joined at read time by the query-api. */
export type ApplicationDoc = Omit<Application, 'candidate' | 'job'>;

const HANDLES = [
  'ApplicationCreated',
  'ApplicationStageChanged',
  'ApplicationDetached',
  'ApplicationRestored',
  'ApplicationSourceChanged',
] as const;

export const applicationsProjection = defineProjection<ApplicationDoc, (typeof HANDLES)[number]>({
  name: 'applications',
  collection: {
    name: 'applications',
    indexes: ['candidateId', 'jobId', 'stage', 'appliedAt'],
    // the board's pages: one column of one job, one column of all jobs, newest first
    sortIndexes: [
      {
        equal: ['jobId', 'stage'],
        sort: [
          ['appliedAt', 'desc'],
          ['id', 'desc'],
        ],
      },
      {
        equal: ['stage'],
        sort: [
          ['appliedAt', 'desc'],
          ['id', 'desc'],
        ],
      },
    ],
  },
  handles: HANDLES,
  // 2: documents carry the application's own `source`
  version: 2,
  documentId: (event) => event.data.applicationId,
  evolve(doc, event) {
    switch (event.type) {
      case 'ApplicationCreated': {
        const d = event.data;
        return {
          id: d.applicationId,
          stage: d.stage,
          appliedAt: d.appliedAt,
          candidateId: d.candidateId,
          jobId: d.jobId,
          stageChangedAt: null,
          stageChangedBy: null,
          // only when the application has its own (most follow their candidate's)
          ...(d.source ? { source: d.source } : {}),
        };
      }
      case 'ApplicationStageChanged': {
        if (!doc) return doc;
        const d = event.data;
        return { ...doc, stage: d.toStage, stageChangedAt: d.changedAt, stageChangedBy: { id: d.changedBy.id, name: d.changedBy.name } };
      }
      case 'ApplicationDetached':
        return null;
      case 'ApplicationSourceChanged':
        return doc ? { ...doc, source: event.data.source } : doc;
      case 'ApplicationRestored': {
        const d = event.data;
        return {
          id: d.applicationId,
          stage: d.stage,
          appliedAt: d.appliedAt,
          candidateId: d.candidateId,
          jobId: d.jobId,
          stageChangedAt: d.stageChangedAt,
          stageChangedBy: d.stageChangedBy,
        };
      }
    }
  },
  refs: ({ data: d }): Refs => ({ applicationId: [d.applicationId], candidateId: [d.candidateId], jobId: [d.jobId] }),
});
