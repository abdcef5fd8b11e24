import { describe, expect, it } from 'vitest';
import { eventLog, project } from '../../../test/support/events';
import { applicationCreated, jobCreated, stageChanged } from '../../../test/support/fixtures';
import { analyticsJobHealthProjection } from './index';

describe('analytics_job_health projection', () => {
  it('keeps each job’s facts and last move; its applications are left to analytics_applications', () => {
    const at = eventLog();
    const { get } = project(
      [analyticsJobHealthProjection],
      [
        at(jobCreated({ jobId: 1 }), { occurredAt: '2025-01-01T00:00:00.000Z' }),
        at(jobCreated({ jobId: 2, title: 'CFO' }), { occurredAt: '2025-01-02T00:00:00.000Z' }),
        at(applicationCreated({ applicationId: 1, appliedAt: '2025-01-05T00:00:00.000Z' })),
        at(applicationCreated({ applicationId: 2, candidateId: 2, appliedAt: '2025-01-06T00:00:00.000Z' })),
        at(stageChanged('applied', 'offer', { applicationId: 1, changedAt: '2025-02-03T00:00:00.000Z' })),
        // a move stated earlier than the last one leaves the last move as it was
        at(stageChanged('offer', 'interview', { applicationId: 1, changedAt: '2025-02-01T00:00:00.000Z' })),
        at({ type: 'ApplicationDetached', data: { applicationId: 2, candidateId: 2, jobId: 1, detachedBy: { id: 'u1', name: 'T' } } }),
        at({ type: 'JobUpdated', data: { jobId: 1, changes: { status: 'interviewing', title: 'VP Eng' } } }),
        at({ type: 'JobDeleted', data: { jobId: 2 } }),
      ],
    );
    expect(get('analytics_job_health', 1)).toEqual({
      id: 1,
      title: 'VP Eng',
      clientId: 1,
      status: 'interviewing',
      openedAt: '2025-01-01T00:00:00.000Z',
      createdBy: expect.any(String) as unknown,
      lastMoveAt: '2025-02-03T00:00:00.000Z',
      deleted: false,
      // two attached, two moves, one detach: the document changed with each (its notice tells the screens)
      applicationEvents: 5,
    });
    expect(get('analytics_job_health', 2)).toMatchObject({ deleted: true, lastMoveAt: null, applicationEvents: 0 });
  });
});
