import { describe, expect, it } from 'vitest';
import { applicationDecider, type ApplicationEvent } from '../src/domain/applications/decider';
import { fold } from '../src/domain/shared/decider';
import { StageConflictError } from '../src/domain/shared/errors';

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
    it('creates the application at stage applied', () => {
      const events = applicationDecider.decide(
        {
          type: 'CreateApplication',
          data: { applicationId: 12, candidateId: 3, jobId: 4, candidateExists: true, jobExists: true },
          metadata: meta,
        },
        given(),
      );
      expect(events).toEqual([
        { type: 'ApplicationCreated', data: { applicationId: 12, candidateId: 3, jobId: 4, stage: 'applied', appliedAt: meta.now } },
      ]);
    });
    it('refuses an unknown job or an existing application', () => {
      const cmd = {
        type: 'CreateApplication' as const,
        data: { applicationId: 12, candidateId: 3, jobId: 4, candidateExists: true, jobExists: false },
        metadata: meta,
      };
      expect(() => applicationDecider.decide(cmd, given())).toThrow(/Job 4 not found/);
      expect(() => applicationDecider.decide({ ...cmd, data: { ...cmd.data, jobExists: true } }, given(created))).toThrow(
        /already attached/,
      );
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
      expect(
        applicationDecider.decide(
          { type: 'ChangeApplicationStage', data: { applicationId: 12, stage: 'interview' }, metadata: meta },
          given(created, movedByAnn),
        ),
      ).toEqual([]);
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
      expect(() =>
        applicationDecider.decide({ type: 'ChangeApplicationStage', data: { applicationId: 99, stage: 'offer' }, metadata: meta }, given()),
      ).toThrow(/Application 99 not found/);
    });
  });
});
