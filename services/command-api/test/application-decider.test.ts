import { describe, expect, it } from 'vitest';
import { applicationDecider, type ApplicationEvent } from '../src/domain/applications/decider';
import { fold } from '../src/domain/shared/decider';
import { StageConflictError } from '../src/domain/shared/errors';
import { deciderSpec } from './support/decider-spec';

const ann = { id: 'u-ann', name: 'Ann Lee' };
const bob = { id: 'u-bob', name: 'Bob Stone' };
const created: ApplicationEvent = {
  type: 'ApplicationCreated',
  data: { applicationId: 12, candidateId: 3, jobId: 4, stage: 'applied', appliedAt: '2026-11-01T10:00:00.000Z' },
};
const movedByAnn: ApplicationEvent = {
  type: 'ApplicationStageChanged',
  data: {
    applicationId: 12,
    candidateId: 3,
    jobId: 4,
    fromStage: 'applied',
    toStage: 'interview',
    changedBy: ann,
    changedAt: '2026-11-02T09:30:00.000Z',
  },
};
const given = (...events: ApplicationEvent[]) => fold(applicationDecider, events);
const meta = { now: '2026-11-03T08:00:00.000Z', actor: bob };

describe('application decider', () => {
  describe('when a candidate is attached to a job', () => {
    const spec = deciderSpec(applicationDecider);
    const attach = (exists: { candidateExists: boolean; jobExists: boolean }) =>
      ({ type: 'CreateApplication', data: { applicationId: 12, candidateId: 3, jobId: 4, ...exists }, metadata: meta }) as const;

    it('creates the application at stage applied', () => {
      spec
        .given()
        .when(attach({ candidateExists: true, jobExists: true }))
        .then([
          { type: 'ApplicationCreated', data: { applicationId: 12, candidateId: 3, jobId: 4, stage: 'applied', appliedAt: meta.now } },
        ]);
    });
    it('refuses a candidate that is unknown or deleted (404)', () => {
      spec
        .given()
        .when(attach({ candidateExists: false, jobExists: true }))
        .thenRefuses(404, 'not_found', /Candidate 3 not found/);
    });
    it('refuses a job that is unknown or deleted (404)', () => {
      spec
        .given()
        .when(attach({ candidateExists: true, jobExists: false }))
        .thenRefuses(404, 'not_found', /Job 4 not found/);
    });
    it('refuses an application that already exists (409)', () => {
      spec
        .given(created)
        .when(attach({ candidateExists: true, jobExists: true }))
        .thenRefuses(409, 'application_exists', /already attached/);
    });
  });

  describe('when the stage is changed', () => {
    it('records who moved it, from where, to where and when', () => {
      const events = applicationDecider.decide(
        { type: 'ChangeApplicationStage', data: { applicationId: 12, stage: 'offer', fromStage: 'interview' }, metadata: meta },
        given(created, movedByAnn),
      );
      expect(events).toEqual([
        {
          type: 'ApplicationStageChanged',
          data: {
            applicationId: 12,
            candidateId: 3,
            jobId: 4,
            fromStage: 'interview',
            toStage: 'offer',
            changedBy: { id: bob.id, name: bob.name },
            changedAt: meta.now,
          },
        },
      ]);
    });
    it('allows any order of stages (no ordering restriction)', () => {
      const events = applicationDecider.decide(
        { type: 'ChangeApplicationStage', data: { applicationId: 12, stage: 'applied' }, metadata: meta },
        given(created, movedByAnn),
      );
      expect(events[0]?.type === 'ApplicationStageChanged' && events[0].data.toStage).toBe('applied');
    });
    it('does nothing when dropped on its own stage', () => {
      deciderSpec(applicationDecider)
        .given(created, movedByAnn)
        .when({ type: 'ChangeApplicationStage', data: { applicationId: 12, stage: 'interview' }, metadata: meta })
        .thenNothing();
    });
    it('refuses a stale fromStage, naming who moved it, where and when', () => {
      try {
        applicationDecider.decide(
          { type: 'ChangeApplicationStage', data: { applicationId: 12, stage: 'offer', fromStage: 'applied' }, metadata: meta },
          given(created, movedByAnn),
        );
        expect.unreachable('should have thrown');
      } catch (error) {
        expect(error).toBeInstanceOf(StageConflictError);
        const problem = (error as StageConflictError).toProblem();
        expect(problem.status).toBe(409);
        expect(problem.code).toBe('stage_conflict');
        expect(problem).toMatchObject({ currentStage: 'interview', movedBy: ann, movedAt: movedByAnn.data.changedAt });
        expect(problem.detail).toContain('Ann Lee moved this candidate to Interview');
      }
    });
    it('refuses a change of an application that does not exist', () => {
      deciderSpec(applicationDecider)
        .given()
        .when({ type: 'ChangeApplicationStage', data: { applicationId: 99, stage: 'offer' }, metadata: meta })
        .thenRefuses(404, 'not_found', /Application 99 not found/);
    });
  });

  describe('when a detached application is restored (Undo of a detach)', () => {
    const detachedByBob: ApplicationEvent = {
      type: 'ApplicationDetached',
      data: { applicationId: 12, candidateId: 3, jobId: 4, detachedBy: bob },
    };
    const restore = (exists = { candidateExists: true, jobExists: true }) =>
      ({ type: 'RestoreApplication', data: { applicationId: 12, ...exists }, metadata: meta }) as const;

    it('attaches the same application again at the stage it had, with its last move', () => {
      deciderSpec(applicationDecider)
        .given(created, movedByAnn, detachedByBob)
        .when(restore())
        .then([
          {
            type: 'ApplicationRestored',
            data: {
              applicationId: 12,
              candidateId: 3,
              jobId: 4,
              stage: 'interview',
              appliedAt: created.data.appliedAt,
              stageChangedAt: movedByAnn.data.changedAt,
              stageChangedBy: ann,
              restoredBy: bob,
            },
          },
        ]);
    });
    it('records a placement that the detach took off the books again, with its terms', () => {
      const placedAt = '2026-11-02T12:00:00.000Z';
      const placed: ApplicationEvent[] = [
        { type: 'ApplicationStageChanged', data: { ...movedByAnn.data, fromStage: 'interview', toStage: 'placed', changedAt: placedAt } },
        {
          type: 'PlacementRecorded',
          data: { applicationId: 12, candidateId: 3, jobId: 4, salary: 300, feePercentage: 25, fee: 75, placedAt },
        },
      ];
      const events = applicationDecider.decide(restore(), given(created, movedByAnn, ...placed, detachedByBob));
      expect(events.map((e) => e.type)).toEqual(['ApplicationRestored', 'PlacementRecorded']);
      expect(events[1]).toMatchObject({ data: { salary: 300, fee: 75, placedAt } });
    });
    it('refuses an application that is still attached, or unknown', () => {
      deciderSpec(applicationDecider).given(created).when(restore()).thenRefuses(409, 'application_exists');
      deciderSpec(applicationDecider).given().when(restore()).thenRefuses(404, 'not_found');
    });
    it('refuses when the candidate or the job is gone', () => {
      deciderSpec(applicationDecider)
        .given(created, detachedByBob)
        .when(restore({ candidateExists: false, jobExists: true }))
        .thenRefuses(404, 'not_found', /Candidate 3/);
      deciderSpec(applicationDecider)
        .given(created, detachedByBob)
        .when(restore({ candidateExists: true, jobExists: false }))
        .thenRefuses(404, 'not_found', /Job 4/);
    });
  });
});
