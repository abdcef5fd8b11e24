import { describe, expect, it } from 'vitest';
import { eventLog, project } from '../../../test/support/events';
import { applicationCreated, candidateDeleted, candidateRegistered, stageChanged } from '../../../test/support/fixtures';
import { analyticsApplicationsProjection, type AnalyticsApplicationDoc } from '../analytics-applications';
import { analyticsCandidatesProjection, type AnalyticsCandidateDoc } from './index';

/**
 * What source effectiveness reads (issue 15; formerly the `analytics_sources` read model): each
 * candidate's source, creator and interviews per job in `analytics_candidates`, each
 * application's own source and creator in `analytics_applications` (how far it got is its stays:
 * `funnelKey`'s furthest stage, Interview = 2, and `stage`).
 */
const interview = (interviewId: number, candidateId: number, jobId: number) =>
  ({
    type: 'InterviewScheduled',
    data: {
      interviewId,
      candidateId,
      jobId,
      interviewerName: null,
      scheduledAt: '2025-03-10T10:00:00.000Z',
      duration: 60,
      location: null,
      type: 'video',
      status: 'scheduled',
      notes: null,
    },
  }) as const;

const projections = [analyticsCandidatesProjection, analyticsApplicationsProjection];
const furthest = (doc: unknown) => Number.parseInt((doc as AnalyticsApplicationDoc).funnelKey, 10);

describe('source effectiveness in analytics_candidates and analytics_applications', () => {
  it('keeps each candidate with their source and interviews, and each application with its source and how far it got', () => {
    const at = eventLog();
    const { get } = project(projections, [
      at(candidateRegistered({ candidateId: 1, source: 'referral' }), { actor: { id: 'u2', name: 'Maria' } }),
      at(candidateRegistered({ candidateId: 2, email: 'b@example.com' })),
      at(candidateRegistered({ candidateId: 3, email: 'c@example.com', source: 'job_board' })),
      // 1 on job 1: reaches Interview, is moved back to Phone Screen, has an interview, stays past screening
      at(applicationCreated({ applicationId: 1, candidateId: 1, jobId: 1 }), { actor: { id: 'u2', name: 'Maria' } }),
      at(stageChanged('applied', 'interview', { applicationId: 1, candidateId: 1, jobId: 1 })),
      at(stageChanged('interview', 'phone_screen', { applicationId: 1, candidateId: 1, jobId: 1 })),
      at(interview(7, 1, 1)),
      // 2 on job 1 with its own source: placed
      at(applicationCreated({ applicationId: 2, candidateId: 2, jobId: 1, source: 'sourced' })),
      at(stageChanged('applied', 'placed', { applicationId: 2, candidateId: 2, jobId: 1 })),
      // 3 on job 2: an interview cancelled, then detached
      at(applicationCreated({ applicationId: 3, candidateId: 3, jobId: 2 })),
      at(interview(8, 3, 2)),
      at({ type: 'InterviewCancelled', data: { interviewId: 8, candidateId: 3, jobId: 2, reason: 'no show' } }),
      at({ type: 'ApplicationDetached', data: { applicationId: 3, candidateId: 3, jobId: 2, detachedBy: { id: 'u1', name: 'T' } } }),
      // candidate 2's source is set later; candidate 3 is deleted
      at({ type: 'CandidateUpdated', data: { candidateId: 2, changes: { source: 'inbound' } } }),
      at(candidateDeleted(3)),
    ]);
    expect(get('analytics_candidates', 1)).toMatchObject<Partial<AnalyticsCandidateDoc>>({
      source: 'referral',
      createdBy: 'u2',
      interviews: { '1': [7] },
    });
    expect(get('analytics_candidates', 2)).toMatchObject({ source: 'inbound' });
    expect(get('analytics_candidates', 2)).not.toHaveProperty('interviews');
    expect(get('analytics_candidates', 3)).toMatchObject({ source: 'job_board', deletions: [{ to: null }], interviews: {} });
    expect(get('analytics_applications', 1)).toMatchObject<Partial<AnalyticsApplicationDoc>>({
      source: null,
      createdBy: 'u2',
      stage: 'phone_screen',
      detached: false,
    });
    expect(furthest(get('analytics_applications', 1))).toBe(2);
    expect(get('analytics_applications', 2)).toMatchObject({ source: 'sourced', stage: 'placed' });
    expect(furthest(get('analytics_applications', 2))).toBe(5);
    expect(get('analytics_applications', 3)).toMatchObject({ source: null, stage: 'applied', detached: true });
    expect(furthest(get('analytics_applications', 3))).toBe(0);
  });

  it('takes a placement back when the card leaves Placed, and counts a reinstated interview again', () => {
    const at = eventLog();
    const { get } = project(projections, [
      at(candidateRegistered({ candidateId: 1 })),
      at(applicationCreated()),
      at(stageChanged('applied', 'placed')),
      at(stageChanged('placed', 'offer')),
      at(interview(5, 1, 1)),
      at({ type: 'InterviewCancelled', data: { interviewId: 5, candidateId: 1, jobId: 1, reason: 'moved' } }),
      at({ type: 'InterviewReinstated', data: { interviewId: 5, candidateId: 1, jobId: 1 } }),
      at({ type: 'ApplicationSourceChanged', data: { applicationId: 1, candidateId: 1, jobId: 1, source: 'other' } }),
    ]);
    expect(get('analytics_applications', 1)).toMatchObject({ stage: 'offer', source: 'other' });
    expect(furthest(get('analytics_applications', 1))).toBe(5);
    expect(get('analytics_candidates', 1)).toMatchObject({ interviews: { '1': [5] } });
  });

  it('keeps interviews scheduled before the pair is attached (they count once it is)', () => {
    const at = eventLog();
    const { get } = project(projections, [
      at(candidateRegistered({ candidateId: 1 })),
      at(interview(9, 1, 4)),
      at(applicationCreated({ applicationId: 1, candidateId: 1, jobId: 4 })),
    ]);
    expect(get('analytics_candidates', 1)).toMatchObject({ interviews: { '4': [9] } });
  });

  it('leaves the documents as they were (nothing to write) when an edit or an interview event changes none of their fields', () => {
    const at = eventLog();
    const candidates = (doc: AnalyticsCandidateDoc | null, event: ReturnType<typeof at>) =>
      analyticsCandidatesProjection.evolve(doc, event as never, { lookup: () => null }) as AnalyticsCandidateDoc | null;
    const candidate = candidates(null, at(candidateRegistered({ candidateId: 1, source: 'referral' })));
    expect(candidates(candidate, at({ type: 'CandidateUpdated', data: { candidateId: 1, changes: { source: 'referral' } } }))).toBe(
      candidate,
    );
    expect(candidates(candidate, at({ type: 'CandidateUpdated', data: { candidateId: 1, changes: { source: 'inbound' } } }))).toMatchObject(
      {
        source: 'inbound',
      },
    );
    // an interview with no job, or a cancel of an interview not kept: the same document
    expect(candidates(candidate, at({ ...interview(3, 1, 1), data: { ...interview(3, 1, 1).data, jobId: null } }))).toBe(candidate);
    expect(candidates(candidate, at({ type: 'InterviewCancelled', data: { interviewId: 3, candidateId: 1, jobId: 1, reason: 'x' } }))).toBe(
      candidate,
    );
    const applications = (doc: AnalyticsApplicationDoc | null, event: ReturnType<typeof at>) =>
      analyticsApplicationsProjection.evolve(doc, event as never, { lookup: () => null }) as AnalyticsApplicationDoc | null;
    const created = applications(null, at(applicationCreated({ source: 'referral' })));
    const same = at({ type: 'ApplicationSourceChanged', data: { applicationId: 1, candidateId: 1, jobId: 1, source: 'referral' } });
    expect(applications(created, same)).toBe(created);
    // a source edit is not a move: nothing but the source changes
    const edited = applications(
      created,
      at(
        { type: 'ApplicationSourceChanged', data: { applicationId: 1, candidateId: 1, jobId: 1, source: null } },
        { occurredAt: '2025-09-01T00:00:00.000Z' },
      ),
    );
    expect(edited).toEqual({ ...created, source: null });
  });
});
