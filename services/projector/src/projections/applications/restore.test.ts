import type { DomainEvent } from '@ats/events';
import { describe, expect, it } from 'vitest';
import { eventLog, project } from '../../../test/support/events';
import { applicationCreated, stageChanged } from '../../../test/support/fixtures';
import { activitiesProjection, activityLookupProjection } from '../activities';
import { placementsProjection } from '../placements';
import { applicationsProjection } from './index';

const detached: DomainEvent = {
  type: 'ApplicationDetached',
  data: { applicationId: 1, candidateId: 1, jobId: 1, detachedBy: { id: 'u', name: 'U' } },
};
const restored = (stage: 'interview' | 'placed'): DomainEvent => ({
  type: 'ApplicationRestored',
  data: {
    applicationId: 1,
    candidateId: 1,
    jobId: 1,
    stage,
    appliedAt: '2025-03-01T10:00:00.000Z',
    stageChangedAt: '2025-03-02T10:00:00.000Z',
    stageChangedBy: { id: 'u', name: 'U' },
    restoredBy: { id: 'u2', name: 'Ann Lee' },
  },
});

describe('a restored application (Undo of a detach)', () => {
  it('is back on the board at its stage, with its last move', () => {
    const at = eventLog();
    const { docs } = project(
      [applicationsProjection],
      [at(applicationCreated()), at(stageChanged('applied', 'interview')), at(detached), at(restored('interview'))],
    );
    expect(docs('applications')).toEqual([
      {
        id: 1,
        stage: 'interview',
        appliedAt: '2025-03-01T10:00:00.000Z',
        candidateId: 1,
        jobId: 1,
        stageChangedAt: '2025-03-02T10:00:00.000Z',
        stageChangedBy: { id: 'u', name: 'U' },
      },
    ]);
  });

  it('is in the activity feed, against the application', () => {
    const at = eventLog();
    const { docs } = project(
      [activityLookupProjection, activitiesProjection],
      [at(applicationCreated()), at(detached), at(restored('interview'))],
    );
    const newest = docs('activities').at(-1);
    expect(newest).toMatchObject({ entityType: 'application', entityId: 1 });
    expect(String(newest?.description)).toMatch(/attached to .* again$/);
  });

  it('counts a restored placement again once its PlacementRecorded follows', () => {
    const at = eventLog();
    const placement: DomainEvent = {
      type: 'PlacementRecorded',
      data: { applicationId: 1, candidateId: 1, jobId: 1, salary: 250, feePercentage: 25, fee: 62.5, placedAt: '2025-03-05T10:00:00.000Z' },
    };
    const { docs } = project([placementsProjection], [at(placement), at(detached), at(restored('placed')), at(placement)]);
    expect(docs('placements')).toHaveLength(1);
  });
});
