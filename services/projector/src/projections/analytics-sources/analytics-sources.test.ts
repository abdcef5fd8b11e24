import { describe, expect, it } from 'vitest';
import { eventLog, project } from '../../../test/support/events';
import { applicationCreated, candidateDeleted, candidateRegistered, stageChanged } from '../../../test/support/fixtures';
import { analyticsSourcesProjection, candidateKey, pairKey, type SourceApplicationDoc } from './index';

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

describe('analytics_sources projection', () => {
  it('keeps each candidate with their source, and each application with how far it got', () => {
    const at = eventLog();
    const { get } = project(
      [analyticsSourcesProjection],
      [
        at(candidateRegistered({ candidateId: 1, source: 'referral' }), { actor: { id: 'u2', name: 'Maria' } }),
        at(candidateRegistered({ candidateId: 2, email: 'b@example.com' })),
        at(candidateRegistered({ candidateId: 3, email: 'c@example.com', source: 'job_board' })),
        // 1 on job 1: reaches Interview, is moved back to Phone Screen, has an interview, stays past screening
        at(applicationCreated({ applicationId: 1, candidateId: 1, jobId: 1 })),
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
      ],
    );
    expect(get('analytics_sources', candidateKey(1))).toMatchObject({ kind: 'candidate', source: 'referral', createdBy: 'u2' });
    expect(get('analytics_sources', candidateKey(2))).toMatchObject({ source: 'inbound' });
    expect(get('analytics_sources', candidateKey(3))).toMatchObject({ source: 'job_board', deleted: true });
    expect(get('analytics_sources', pairKey(1, 1))).toMatchObject<Partial<SourceApplicationDoc>>({
      source: null,
      pastScreening: true,
      placed: false,
      interviewIds: [7],
      detached: false,
    });
    expect(get('analytics_sources', pairKey(2, 1))).toMatchObject({
      source: 'sourced',
      pastScreening: true,
      placed: true,
      interviewIds: [],
    });
    expect(get('analytics_sources', pairKey(3, 2))).toMatchObject({ pastScreening: false, interviewIds: [], detached: true });
  });

  it('takes a placement back when the card leaves Placed, and counts a reinstated interview again', () => {
    const at = eventLog();
    const { get } = project(
      [analyticsSourcesProjection],
      [
        at(applicationCreated()),
        at(stageChanged('applied', 'placed')),
        at(stageChanged('placed', 'offer')),
        at(interview(5, 1, 1)),
        at({ type: 'InterviewCancelled', data: { interviewId: 5, candidateId: 1, jobId: 1, reason: 'moved' } }),
        at({ type: 'InterviewReinstated', data: { interviewId: 5, candidateId: 1, jobId: 1 } }),
        at({ type: 'ApplicationSourceChanged', data: { applicationId: 1, candidateId: 1, jobId: 1, source: 'other' } }),
      ],
    );
    expect(get('analytics_sources', pairKey(1, 1))).toMatchObject({
      placed: false,
      pastScreening: true,
      interviewIds: [5],
      source: 'other',
    });
  });

  it('leaves the document as it was (nothing to write) when a move or an edit changes none of its fields', () => {
    const at = eventLog();
    const evolve = (doc: Parameters<typeof analyticsSourcesProjection.evolve>[0], event: ReturnType<typeof at>) =>
      analyticsSourcesProjection.evolve(doc, event as never, { lookup: () => null });
    const created = evolve(null, at(applicationCreated()));
    const screened = evolve(created, at(stageChanged('applied', 'phone_screen')));
    expect(screened).toBe(created);
    const interviewed = evolve(screened, at(stageChanged('phone_screen', 'interview')));
    expect(interviewed).not.toBe(screened);
    expect(interviewed).toMatchObject({ pastScreening: true, placed: false });
    // back to an earlier stage: still past screening, nothing else changed
    expect(evolve(interviewed, at(stageChanged('interview', 'phone_screen')))).toBe(interviewed);
    const placed = evolve(interviewed, at(stageChanged('interview', 'placed')));
    expect(placed).toMatchObject({ pastScreening: true, placed: true });
    expect(evolve(placed, at(stageChanged('placed', 'offer')))).toMatchObject({ placed: false });
    const candidate = evolve(null, at(candidateRegistered({ candidateId: 1, source: 'referral' })));
    expect(evolve(candidate, at({ type: 'CandidateUpdated', data: { candidateId: 1, changes: { source: 'referral' } } }))).toBe(candidate);
    expect(evolve(candidate, at({ type: 'CandidateUpdated', data: { candidateId: 1, changes: { source: 'inbound' } } }))).toMatchObject({
      source: 'inbound',
    });
  });
});
