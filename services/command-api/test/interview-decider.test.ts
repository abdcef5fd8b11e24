import { describe, expect, it } from 'vitest';
import { interviewDecider, type InterviewEvent } from '../src/domain/interviews/decider';
import { EditConflictError, type EditBase } from '../src/domain/shared/edit-conflicts';
import { deciderSpec, testMetadata as meta } from './support/decider-spec';

const spec = deciderSpec(interviewDecider);
const subjects = { candidateId: 3, jobId: 4 };

const scheduled: InterviewEvent = {
  type: 'InterviewScheduled',
  data: {
    interviewId: 7,
    candidateId: 3,
    jobId: 4,
    interviewerName: 'Riley Chen, Dana Board',
    interviewers: [
      { userId: 'u-riley', name: 'Riley Chen' },
      { userId: null, name: 'Dana Board' },
    ],
    scheduledAt: '2026-11-05T09:00:00.000Z',
    duration: 60,
    location: null,
    videoLink: 'https://meet.example.com/x',
    type: 'video',
    status: 'scheduled',
    notes: null,
    timeZone: 'Europe/Paris',
  },
};
/** an interview recorded before interviewers existed: one free-text name */
const oldScheduled: InterviewEvent = {
  type: 'InterviewScheduled',
  data: {
    interviewId: 7,
    candidateId: 3,
    jobId: 4,
    interviewerName: 'Pat Old',
    scheduledAt: '2026-11-05T09:00:00.000Z',
    duration: 60,
    location: 'Room 1',
    type: 'phone',
    status: 'scheduled',
    notes: null,
  },
};
const cancelled: InterviewEvent = { type: 'InterviewCancelled', data: { interviewId: 7, ...subjects, reason: 'Withdrew' } };
const completed: InterviewEvent = {
  type: 'InterviewCompleted',
  data: { interviewId: 7, ...subjects, feedback: 'Good', rating: 4, outcome: 'advance' },
};
const rescheduled = (scheduledAt: string, duration = 60): InterviewEvent => ({
  type: 'InterviewRescheduled',
  data: { interviewId: 7, ...subjects, fromAt: '2026-11-05T09:00:00.000Z', scheduledAt, duration, reason: null },
});

const reschedule = (scheduledAt: string, extra: { duration?: number; reason?: string; base?: EditBase } = {}) =>
  ({ type: 'RescheduleInterview', data: { interviewId: 7, scheduledAt, ...extra }, metadata: meta }) as const;
const cancel = (reason = 'Clash') => ({ type: 'CancelInterview', data: { interviewId: 7, reason }, metadata: meta }) as const;
const reinstate = () => ({ type: 'ReinstateInterview', data: { interviewId: 7 }, metadata: meta }) as const;
const complete = () =>
  ({ type: 'CompleteInterview', data: { interviewId: 7, feedback: 'Sharp', rating: 5, outcome: 'hold' }, metadata: meta }) as const;
const edit = (changes: Record<string, unknown>, base?: EditBase, activeMemberIds?: string[]) =>
  ({ type: 'ChangeInterviewDetails', data: { interviewId: 7, changes, base, activeMemberIds }, metadata: meta }) as const;
const schedule = (activeMemberIds: string[]) =>
  ({
    type: 'ScheduleInterview',
    data: { ...scheduled.data, candidateExists: true, jobExists: true, activeMemberIds },
    metadata: meta,
  }) as const;

describe('interview decider', () => {
  describe('when the interview does not exist', () => {
    it('refuses every change with 404', () => {
      for (const command of [reschedule('2026-11-06T09:00:00.000Z'), cancel(), reinstate(), complete(), edit({ notes: 'x' })])
        spec
          .given()
          .when(command)
          .thenRefuses(404, 'not_found', /Interview 7 not found/);
    });
  });

  describe('when it is scheduled with team interviewers', () => {
    it('books them when each is an active member', () => {
      spec
        .given()
        .when(schedule(['u-riley']))
        .then([scheduled]);
    });
    it('refuses one who is not an active member, at interviewers.N.userId (free-text ones need no account)', () => {
      spec
        .given()
        .when(schedule([]))
        .thenRefuses(400, 'validation_failed', /interviewers\.0\.userId: Choose a member of the team/);
    });
    it('keeps a team interviewer already on the interview on an edit, but adds only active members', () => {
      const keepRiley = [
        { userId: 'u-riley', name: 'Riley Chen' },
        { userId: null, name: 'Notes Taker' },
      ];
      spec
        .given(scheduled)
        .when(edit({ interviewers: keepRiley }, undefined, []))
        .then([{ type: 'InterviewDetailsChanged', data: { interviewId: 7, ...subjects, changes: { interviewers: keepRiley } } }]);
      spec
        .given(scheduled)
        .when(edit({ interviewers: [{ userId: 'u-gone', name: 'Gone' }] }, undefined, ['u-riley']))
        .thenRefuses(400, 'validation_failed', /interviewers\.0\.userId/);
    });
  });

  describe('when it is scheduled', () => {
    it('reschedules, keeping the length unless a new one is given, with the old time and the reason', () => {
      spec
        .given(scheduled)
        .when(reschedule('2026-11-06T10:00:00.000Z', { reason: 'Clash' }))
        .then([
          {
            type: 'InterviewRescheduled',
            data: {
              interviewId: 7,
              ...subjects,
              fromAt: '2026-11-05T09:00:00.000Z',
              scheduledAt: '2026-11-06T10:00:00.000Z',
              duration: 60,
              reason: 'Clash',
            },
          },
        ]);
      spec
        .given(scheduled, rescheduled('2026-11-06T10:00:00.000Z'))
        .when(reschedule('2026-11-06T10:00:00.000Z', { duration: 30 }))
        .then([
          {
            type: 'InterviewRescheduled',
            data: {
              interviewId: 7,
              ...subjects,
              fromAt: '2026-11-06T10:00:00.000Z',
              scheduledAt: '2026-11-06T10:00:00.000Z',
              duration: 30,
              reason: null,
            },
          },
        ]);
    });
    it('records nothing for the same time and length', () => {
      spec.given(scheduled).when(reschedule('2026-11-05T09:00:00.000Z')).thenNothing();
    });
    it('cancels with the reason, and completes with feedback, rating and outcome', () => {
      spec.given(scheduled).when(cancel('Withdrew')).then([cancelled]);
      spec
        .given(scheduled)
        .when(complete())
        .then([{ type: 'InterviewCompleted', data: { interviewId: 7, ...subjects, feedback: 'Sharp', rating: 5, outcome: 'hold' } }]);
    });
    it('refuses a reinstate: it is not cancelled', () => {
      spec.given(scheduled).when(reinstate()).thenRefuses(409, 'interview_not_cancelled');
    });
    it('edits details, carrying only what changed', () => {
      spec
        .given(scheduled)
        .when(
          edit({ type: 'video', location: 'Room 4', interviewers: [{ userId: 'u-riley', name: 'Riley Chen' }] }, undefined, ['u-riley']),
        )
        .then([
          {
            type: 'InterviewDetailsChanged',
            data: {
              interviewId: 7,
              ...subjects,
              changes: { location: 'Room 4', interviewers: [{ userId: 'u-riley', name: 'Riley Chen' }] },
            },
          },
        ]);
      spec
        .given(scheduled)
        .when(edit({ type: 'video' }))
        .thenNothing();
    });
    it('reads an old single interviewer name as one free-text interviewer', () => {
      spec
        .given(oldScheduled)
        .when(edit({ interviewers: [{ userId: null, name: 'Pat Old' }] }))
        .thenNothing();
    });
  });

  describe('when someone else moved it since the user looked', () => {
    const base: EditBase = {
      revision: 0,
      currentRevision: 1,
      fields: { scheduledAt: '2026-11-05T09:00:00.000Z', duration: 60 },
      edits: [
        {
          revision: 1,
          changes: { scheduledAt: '2026-11-06T09:00:00.000Z', duration: 60 },
          by: { id: 'u-riley', name: 'Riley Chen' },
          at: '2026-11-03T07:00:00.000Z',
        },
      ],
    };
    it('refuses a different time with an edit conflict naming who moved it', () => {
      const given = [scheduled, rescheduled('2026-11-06T09:00:00.000Z')];
      expect(() =>
        interviewDecider.decide(
          reschedule('2026-11-07T09:00:00.000Z', { base }),
          given.reduce(interviewDecider.evolve, interviewDecider.initialState()),
        ),
      ).toThrow(EditConflictError);
      spec
        .given(...given)
        .when(reschedule('2026-11-07T09:00:00.000Z', { base }))
        .thenRefuses(409, 'edit_conflict', /Riley Chen changed scheduledAt/);
    });
    it('accepts the time the other person chose (nothing to record)', () => {
      spec.given(scheduled, rescheduled('2026-11-06T09:00:00.000Z')).when(reschedule('2026-11-06T09:00:00.000Z', { base })).thenNothing();
    });
  });

  describe('when it is cancelled', () => {
    it('refuses reschedule, complete, cancel and edits with interview_cancelled', () => {
      for (const command of [reschedule('2026-11-06T09:00:00.000Z'), complete(), cancel(), edit({ notes: 'x' })])
        spec.given(scheduled, cancelled).when(command).thenRefuses(409, 'interview_cancelled');
    });
    it('reinstates (the undo), after which it can be moved again', () => {
      spec
        .given(scheduled, cancelled)
        .when(reinstate())
        .then([{ type: 'InterviewReinstated', data: { interviewId: 7, ...subjects } }]);
      spec
        .given(scheduled, cancelled, { type: 'InterviewReinstated', data: { interviewId: 7, ...subjects } })
        .when(cancel('Again'))
        .then([{ type: 'InterviewCancelled', data: { interviewId: 7, ...subjects, reason: 'Again' } }]);
    });
  });

  describe('when it is completed', () => {
    it('refuses reschedule, cancel and a second completion with interview_completed', () => {
      for (const command of [reschedule('2026-11-06T09:00:00.000Z'), cancel(), complete()])
        spec.given(scheduled, completed).when(command).thenRefuses(409, 'interview_completed');
    });
    it('still takes notes', () => {
      spec
        .given(scheduled, completed)
        .when(edit({ notes: 'Sent to client' }))
        .then([{ type: 'InterviewDetailsChanged', data: { interviewId: 7, ...subjects, changes: { notes: 'Sent to client' } } }]);
    });
    it('treats an interview recorded as completed by the old API as completed', () => {
      spec
        .given({ ...oldScheduled, data: { ...oldScheduled.data, status: 'completed' } } as InterviewEvent)
        .when(reschedule('2026-11-06T09:00:00.000Z'))
        .thenRefuses(409, 'interview_completed');
    });
  });
});
