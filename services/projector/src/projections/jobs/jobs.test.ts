import { JobSchema } from '@ats/contracts';
import { describe, expect, it } from 'vitest';
import { eventLog, project } from '../../../test/support/events';
import { jobCreated } from '../../../test/support/fixtures';
import { jobsProjection } from './index';

describe('jobs projection', () => {
  it('stores a job order without the query-time joins', () => {
    const at = eventLog();
    const { docs } = project([jobsProjection], [at(jobCreated({ jobId: 3, clientId: 2 }), { occurredAt: '2025-03-01T12:00:00.000Z' })]);
    expect(docs('jobs')).toEqual([
      {
        id: 3,
        title: 'VP Engineering',
        department: 'Engineering',
        description: 'Lead the engineering org.',
        requirements: '15 years',
        location: 'Remote',
        type: 'full-time',
        status: 'open',
        priority: 'urgent',
        salaryMin: 200,
        salaryMax: 300,
        hourlyRateMin: null,
        hourlyRateMax: null,
        feePercentage: 25,
        openings: 1,
        clientId: 2,
        aiLastAnalyzed: null,
        aiRequiredSkills: [],
        aiPreferredExperience: null,
        aiPersonalityFit: [],
        aiGeneratedQuestions: [],
        createdAt: '2025-03-01T12:00:00.000Z',
        updatedAt: '2025-03-01T12:00:00.000Z',
        endedAt: null,
      },
    ]);
    // with the joins the query-api adds, it is exactly the contract's shape
    const joined = { ...docs('jobs')[0], client: { companyName: 'Acme Corp', industry: null }, candidateCount: 0 };
    expect(JobSchema.strict().parse(joined)).toEqual(joined);
  });

  it('keeps the job stream revision an edit starts from, and the openings it is given', () => {
    const at = eventLog();
    const { docs } = project(
      [jobsProjection],
      [
        at(jobCreated({ jobId: 3, clientId: 2, openings: 3 }), { stream: 'job-3' }),
        at({ type: 'JobUpdated', data: { jobId: 3, changes: { openings: 2 } } }, { stream: 'job-3', revision: 1 }),
      ],
    );
    expect(docs('jobs')[0]).toMatchObject({ openings: 2, revision: 1, updatedBy: { name: expect.any(String) } });
  });

  it('records when it was filled or closed (its days open stop there), and forgets it when reopened', () => {
    const at = eventLog();
    const update = (status: 'filled' | 'closed' | 'open', occurredAt: string, revision: number) =>
      at({ type: 'JobUpdated', data: { jobId: 3, changes: { status } } }, { stream: 'job-3', revision, occurredAt });
    const ended = (events: ReturnType<typeof at>[]) => project([jobsProjection], events).docs('jobs')[0]!.endedAt;
    const created = at(jobCreated({ jobId: 3, clientId: 2 }), { stream: 'job-3', occurredAt: '2026-01-01T09:00:00.000Z' });
    const filled = update('filled', '2026-02-15T09:00:00.000Z', 1);
    const closed = update('closed', '2026-03-01T09:00:00.000Z', 2);
    const reopened = update('open', '2026-04-01T09:00:00.000Z', 3);
    expect(ended([created])).toBeNull();
    expect(ended([created, filled])).toBe('2026-02-15T09:00:00.000Z');
    expect(ended([created, filled, closed])).toBe('2026-02-15T09:00:00.000Z');
    expect(ended([created, filled, closed, reopened])).toBeNull();
  });

  it('routes notices to the job and its client', () => {
    const at = eventLog();
    expect(jobsProjection.refs?.(at(jobCreated({ jobId: 3, clientId: 2 })))).toEqual({ jobId: [3], clientId: [2] });
    expect(jobsProjection.refs?.(at(jobCreated({ jobId: 4, clientId: null })))).toEqual({ jobId: [4] });
  });
});
