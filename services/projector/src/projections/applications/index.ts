import type { Application } from '@ats/contracts';
import { defineProjection, type ProjectedEvent, type Refs } from '../../projection';

/** Applications on the pipeline; `candidate` and `job` are joined at read time by the query-api. */
export type ApplicationDoc = Omit<Application, 'candidate' | 'job'>;

const applicationEvent = (event: ProjectedEvent) =>
  event.type === 'ApplicationCreated' || event.type === 'ApplicationStageChanged' || event.type === 'ApplicationDetached'
    ? event.data
    : null;

export const applicationsProjection = defineProjection<ApplicationDoc>({
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
  handles: ['ApplicationCreated', 'ApplicationStageChanged', 'ApplicationDetached'],
  documentId: (event) => applicationEvent(event)?.applicationId ?? null,
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
        };
      }
      case 'ApplicationStageChanged': {
        if (!doc) return doc;
        const d = event.data;
        return { ...doc, stage: d.toStage, stageChangedAt: d.changedAt, stageChangedBy: { id: d.changedBy.id, name: d.changedBy.name } };
      }
      case 'ApplicationDetached':
        return null;
      default:
        return doc;
    }
  },
  refs(event): Refs {
    const d = applicationEvent(event);
    return d ? { applicationId: [d.applicationId], candidateId: [d.candidateId], jobId: [d.jobId] } : {};
  },
});
