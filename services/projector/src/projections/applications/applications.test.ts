import { ApplicationSchema } from '@ats/contracts';
import { describe, expect, it } from 'vitest';
import { eventLog, project } from '../../../test/support/events';
import { applicationCreated, stageChanged } from '../../../test/support/fixtures';
import { applicationsProjection } from './index';

describe('applications projection', () => {
  it('stores a new application at its stage', () => {
    const at = eventLog();
    const { docs } = project([applicationsProjection], [at(applicationCreated({ applicationId: 12, candidateId: 3, jobId: 4 }))]);
    expect(docs('applications')).toEqual([
      {
        id: 12,
        stage: 'applied',
        appliedAt: '2025-03-02T10:00:00.000Z',
        candidateId: 3,
        jobId: 4,
        stageChangedAt: null,
        stageChangedBy: null,
      },
    ]);
    const joined = {
      ...docs('applications')[0],
      candidate: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', location: null, skills: [] },
      job: { title: 'VP Engineering', location: null, client: null },
    };
    expect(ApplicationSchema.strict().parse(joined)).toEqual(joined);
  });

  describe('when the stage changes', () => {
    it('records the new stage, when and by whom', () => {
      const at = eventLog();
      const { get } = project(
        [applicationsProjection],
        [
          at(applicationCreated()),
          at(stageChanged('applied', 'interview')),
          at(stageChanged('interview', 'offer', { changedAt: '2025-03-05T10:00:00.000Z', changedBy: { id: 'u3', name: 'Sam Lee' } })),
        ],
      );
      expect(get('applications', 1)).toEqual({
        id: 1,
        stage: 'offer',
        appliedAt: '2025-03-02T10:00:00.000Z',
        candidateId: 1,
        jobId: 1,
        stageChangedAt: '2025-03-05T10:00:00.000Z',
        stageChangedBy: { id: 'u3', name: 'Sam Lee' },
      });
    });

    it('ignores a stage change for an application it never saw', () => {
      const at = eventLog();
      const { docs } = project([applicationsProjection], [at(stageChanged('applied', 'interview', { applicationId: 99 }))]);
      expect(docs('applications')).toEqual([]);
    });
  });

  it('routes notices to the application, candidate and job', () => {
    const at = eventLog();
    expect(applicationsProjection.refs?.(at(applicationCreated({ applicationId: 12, candidateId: 3, jobId: 4 })))).toEqual({
      applicationId: [12],
      candidateId: [3],
      jobId: [4],
    });
  });
});
