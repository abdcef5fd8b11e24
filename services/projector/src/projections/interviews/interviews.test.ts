import { InterviewSchema } from '@ats/contracts';
import type { DomainEvent } from '@ats/events';
import { describe, expect, it } from 'vitest';
import { eventLog, project } from '../../../test/support/events';
import { candidateRegistered } from '../../../test/support/fixtures';
import { activitiesProjection, activityLookupProjection } from '../activities';
import { candidatesProjection } from '../candidates';
import { notificationSubjectsProjection, notificationsProjection, type NotificationDoc } from '../notifications';
import { interviewsProjection } from '.';

const riley = { id: 'u-riley', name: 'Riley Chen' };
const subjects = { candidateId: 1, jobId: 2 };
const scheduled: DomainEvent = {
  type: 'InterviewScheduled',
  data: {
    interviewId: 4,
    candidateId: 1,
    jobId: 2,
    interviewerName: 'Riley Chen, Dana Board',
    interviewers: [
      { userId: 'u-riley', name: 'Riley Chen' },
      { userId: null, name: 'Dana Board' },
    ],
    scheduledAt: '2025-03-05T15:00:00.000Z',
    duration: 60,
    location: null,
    videoLink: 'https://meet.example.com/x',
    type: 'video',
    status: 'scheduled',
    notes: null,
    timeZone: 'America/New_York',
  },
};
const stream = 'interview-4';

describe('interviews projection', () => {
  describe('given a scheduled interview', () => {
    it('holds the interviewers, their user ids, the end time, revision 0 and sequence 0', () => {
      const at = eventLog();
      const { get } = project([interviewsProjection], [at(scheduled, { stream, revision: 0 })]);
      expect(InterviewSchema.strict().parse(get('interviews', 4))).toMatchObject({
        interviewerName: 'Riley Chen, Dana Board',
        interviewerIds: ['u-riley'],
        endsAt: '2025-03-05T16:00:00.000Z',
        videoLink: 'https://meet.example.com/x',
        timeZone: 'America/New_York',
        status: 'scheduled',
        revision: 0,
        sequence: 0,
        feedback: null,
        rating: null,
      });
    });
    it('reads an old event (no interviewers list) as one free-text interviewer', () => {
      const at = eventLog();
      const {
        interviewers: _i,
        videoLink: _v,
        timeZone: _t,
        ...old
      } = scheduled.data as Extract<DomainEvent, { type: 'InterviewScheduled' }>['data'];
      const { get } = project([interviewsProjection], [at({ type: 'InterviewScheduled', data: { ...old, interviewerName: 'Pat Old' } })]);
      expect(InterviewSchema.strict().parse(get('interviews', 4))).toMatchObject({
        interviewers: [{ userId: null, name: 'Pat Old' }],
        interviewerIds: [],
        videoLink: null,
        timeZone: null,
      });
    });
  });

  describe('when it is rescheduled, edited, cancelled, reinstated and completed', () => {
    it('folds each change: time and end, sequence per change, reason, feedback, who changed it last', () => {
      const at = eventLog();
      const events = [
        at(scheduled, { stream, revision: 0 }),
        at(
          {
            type: 'InterviewRescheduled',
            data: {
              interviewId: 4,
              ...subjects,
              fromAt: '2025-03-05T15:00:00.000Z',
              scheduledAt: '2025-03-06T09:30:00.000Z',
              duration: 45,
            },
          },
          { stream, revision: 1, actor: riley, occurredAt: '2025-03-02T10:00:00.000Z' },
        ),
        at(
          {
            type: 'InterviewDetailsChanged',
            data: { interviewId: 4, ...subjects, changes: { location: 'Room 4', interviewers: [{ userId: null, name: 'Dana Board' }] } },
          },
          { stream, revision: 2 },
        ),
      ];
      const afterEdit = project([interviewsProjection], events).get('interviews', 4);
      expect(afterEdit).toMatchObject({
        scheduledAt: '2025-03-06T09:30:00.000Z',
        endsAt: '2025-03-06T10:15:00.000Z',
        duration: 45,
        location: 'Room 4',
        videoLink: 'https://meet.example.com/x',
        interviewerName: 'Dana Board',
        interviewerIds: [],
        revision: 2,
        sequence: 2,
      });

      const cancelledLog = [
        ...events,
        at(
          { type: 'InterviewCancelled', data: { interviewId: 4, ...subjects, reason: 'Withdrew' } },
          { stream, revision: 3, actor: riley, occurredAt: '2025-03-03T10:00:00.000Z' },
        ),
      ];
      expect(project([interviewsProjection], cancelledLog).get('interviews', 4)).toMatchObject({
        status: 'cancelled',
        cancelReason: 'Withdrew',
        cancelledAt: '2025-03-03T10:00:00.000Z',
        sequence: 3,
        updatedBy: riley,
      });

      const done = project(
        [interviewsProjection],
        [
          ...cancelledLog,
          at({ type: 'InterviewReinstated', data: { interviewId: 4, ...subjects } }, { stream, revision: 4 }),
          at(
            { type: 'InterviewCompleted', data: { interviewId: 4, ...subjects, feedback: 'Strong', rating: 4, outcome: 'advance' } },
            { stream, revision: 5, occurredAt: '2025-03-06T11:00:00.000Z' },
          ),
        ],
      ).get('interviews', 4);
      expect(InterviewSchema.strict().parse(done)).toMatchObject({
        status: 'completed',
        cancelReason: null,
        cancelledAt: null,
        feedback: 'Strong',
        rating: 4,
        outcome: 'advance',
        completedAt: '2025-03-06T11:00:00.000Z',
        revision: 5,
        // completing is not a change of the invitation
        sequence: 4,
      });
    });
    it('routes notices to the candidate and the job', () => {
      const at = eventLog();
      const event = at({ type: 'InterviewCancelled', data: { interviewId: 4, ...subjects, reason: 'x' } });
      const doc = project([interviewsProjection], [at(scheduled), event]).get('interviews', 4) as never;
      expect(interviewsProjection.refs?.(event, doc)).toEqual({ interviewId: [4], candidateId: [1], jobId: [2] });
    });
  });
});

describe('the feed on interview changes', () => {
  it('names the candidate, who did it and the rating', () => {
    const at = eventLog();
    const { docs } = project(
      [activityLookupProjection, activitiesProjection],
      [
        at(candidateRegistered({ candidateId: 1, firstName: 'Ada', lastName: 'Lovelace' })),
        at(
          {
            type: 'InterviewRescheduled',
            data: { interviewId: 4, ...subjects, fromAt: 'a', scheduledAt: '2025-03-06T09:30:00.000Z', duration: 45 },
          },
          { actor: riley },
        ),
        at({ type: 'InterviewCancelled', data: { interviewId: 4, ...subjects, reason: 'x' } }, { actor: riley }),
        at({ type: 'InterviewReinstated', data: { interviewId: 4, ...subjects } }, { actor: riley }),
        at({ type: 'InterviewCompleted', data: { interviewId: 4, ...subjects, feedback: 'Good', rating: 5 } }, { actor: riley }),
        at({ type: 'InterviewDetailsChanged', data: { interviewId: 4, changes: { notes: 'x' } } }, { actor: riley }),
      ],
    );
    expect(
      docs('activities')
        .slice(1)
        .map((d) => [d.type, d.description]),
    ).toEqual([
      ['interview', 'Interview with Ada Lovelace was rescheduled by Riley Chen'],
      ['interview', 'Interview with Ada Lovelace was cancelled by Riley Chen'],
      ['interview', 'Interview with Ada Lovelace was put back on the schedule by Riley Chen'],
      ['interview', 'Interview with Ada Lovelace was completed by Riley Chen (rated 5/5)'],
      ['interview', 'Interview #4 was updated by Riley Chen'],
    ]);
  });
});

describe('the bell on interview changes', () => {
  it('tells the candidate’s owner and followers of a reschedule (with the new time) and a cancel (with the reason), not the one who did it', () => {
    const at = eventLog();
    const ann = { id: 'ann', name: 'Ann Lee' };
    const ben = { id: 'ben', name: 'Ben Stone' };
    const { docs } = project(
      [candidatesProjection, notificationSubjectsProjection, notificationsProjection],
      [
        at(candidateRegistered({ candidateId: 1, firstName: 'Ada', lastName: 'Lovelace' }), { actor: ann }),
        at({ type: 'RecordFollowed', data: { userId: 'cat', kind: 'candidate', recordId: 1 } }, { actor: { id: 'cat', name: 'Cat' } }),
        at(
          {
            type: 'InterviewRescheduled',
            data: { interviewId: 4, candidateId: 1, jobId: null, fromAt: 'a', scheduledAt: '2025-03-06T09:30:00.000Z', duration: 45 },
          },
          { actor: ben, id: 'r1' },
        ),
        at(
          { type: 'InterviewCancelled', data: { interviewId: 4, candidateId: 1, jobId: null, reason: 'Withdrew' } },
          { actor: ann, id: 'c1' },
        ),
      ],
    );
    const list = docs('notifications') as NotificationDoc[];
    expect(list.map((n) => [n.id, n.title, n.body, [...n.recipients].sort(), n.dueAt])).toEqual([
      ['r1', 'Interview with Ada Lovelace rescheduled', null, ['ann', 'cat'], '2025-03-06T09:30:00.000Z'],
      ['c1', 'Interview with Ada Lovelace cancelled', 'Withdrew', ['cat'], null],
    ]);
  });
});
