import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@ats/events';
import { eventLog, project } from '../../../test/support/events';
import { candidateDeleted, candidateRegistered, jobCreated, noteAdded, stageChanged } from '../../../test/support/fixtures';
import { candidatesProjection } from '../candidates';
import { deletedRecordsProjection } from '../deleted-records';
import { jobsProjection } from '../jobs';
import { notificationInboxesProjection, notificationSubjectsProjection, notificationsProjection, type NotificationDoc } from './index';

const ann = { id: 'ann', name: 'Ann Lee' };
const ben = { id: 'ben', name: 'Ben Stone' };
const cat = { id: 'cat', name: 'Cat Diaz' };
const projections = [
  candidatesProjection,
  jobsProjection,
  notificationSubjectsProjection,
  notificationsProjection,
  notificationInboxesProjection,
];

const follow = (userId: string, kind: 'candidate' | 'job', recordId: number): DomainEvent => ({
  type: 'RecordFollowed',
  data: { userId, kind, recordId },
});
const unfollow = (userId: string, kind: 'candidate' | 'job', recordId: number): DomainEvent => ({
  type: 'RecordUnfollowed',
  data: { userId, kind, recordId },
});

describe('notifications projection', () => {
  it('tells the owners and followers of the candidate and job of a stage move, never the mover', () => {
    const at = eventLog();
    const events = [
      at(candidateRegistered({ candidateId: 1, firstName: 'Ada', lastName: 'Lovelace' }), { actor: ann }),
      at(jobCreated({ jobId: 7, title: 'Chief Financial Officer' }), { actor: cat }),
      at(follow('ben', 'candidate', 1), { actor: ben }),
      at(stageChanged('applied', 'interview', { candidateId: 1, jobId: 7 }), { actor: ben, id: 'e-move' }),
    ];
    const { docs, get } = project(projections, events);
    expect(docs('notifications')).toHaveLength(1);
    expect(get('notifications', 'e-move')).toEqual({
      id: 'e-move',
      recipients: ['ann', 'cat'],
      kind: 'moves',
      title: 'Ada Lovelace moved to Interview',
      body: 'Chief Financial Officer',
      url: '/candidates/1',
      actor: ben,
      createdAt: '2025-03-01T10:00:00.000Z',
      dueAt: null,
    } satisfies NotificationDoc);
    expect(notificationsProjection.refs?.(events[3]!, get('notifications', 'e-move'))).toEqual({ userId: ['ann', 'cat'] });
  });

  it('tells followers of notes; an unfollow stops it; nobody left means no document', () => {
    const at = eventLog();
    const { docs } = project(projections, [
      at(candidateRegistered({ candidateId: 2 }), { actor: ann }),
      at(follow('ben', 'candidate', 2), { actor: ben }),
      at(follow('ben', 'candidate', 2), { actor: ben }),
      at(noteAdded({ noteId: 1, candidateId: 2, content: 'Strong call' }), { actor: cat, id: 'n1' }),
      at(unfollow('ben', 'candidate', 2), { actor: ben }),
      at(noteAdded({ noteId: 2, candidateId: 2 }), { actor: cat, id: 'n2' }),
      at(noteAdded({ noteId: 3, candidateId: 2 }), { actor: ann, id: 'n3' }), // the owner's own note: nobody else concerned
    ]);
    const list = docs('notifications') as NotificationDoc[];
    expect(list.map((n) => [n.id, n.recipients])).toEqual([
      ['n1', ['ann', 'ben']],
      ['n2', ['ann']],
    ]);
    expect(list[0]).toMatchObject({ kind: 'notes', body: 'Strong call', title: 'Note on Ada Lovelace' });
    expect(docs('notification_subjects')).toEqual([{ id: 'candidate-2', kind: 'candidate', recordId: 2, owner: 'ann', followers: [] }]);
  });

  it('tells of interviews (with their time) and of tasks assigned to me', () => {
    const at = eventLog();
    const { docs } = project(projections, [
      at(candidateRegistered({ candidateId: 3, firstName: 'Grace', lastName: 'Hopper' }), { actor: ann }),
      at(
        {
          type: 'InterviewScheduled',
          data: {
            interviewId: 1,
            candidateId: 3,
            jobId: null,
            interviewerName: null,
            scheduledAt: '2025-03-02T15:00:00.000Z',
            duration: 60,
            location: null,
            type: 'video',
            status: 'scheduled',
            notes: null,
          },
        },
        { actor: ben, id: 'i1' },
      ),
      at(
        {
          type: 'TaskCreated',
          data: {
            taskId: 1,
            title: 'Call Grace',
            description: null,
            priority: 'high',
            status: 'pending',
            dueDate: '2025-03-02',
            assignedTo: 'ann',
          },
        },
        { actor: ann, id: 't1' },
      ),
      at(
        {
          type: 'TaskCreated',
          data: { taskId: 2, title: 'Own note', description: null, priority: 'low', status: 'pending', dueDate: null, assignedTo: 'ann' },
        },
        { actor: ann, id: 't2' },
      ),
      at(
        {
          type: 'TaskCreated',
          data: { taskId: 3, title: 'For Cat', description: null, priority: 'low', status: 'pending', dueDate: null, assignedTo: 'cat' },
        },
        { actor: ann, id: 't3' },
      ),
    ]);
    const list = docs('notifications') as NotificationDoc[];
    expect(list.map((n) => [n.id, n.kind, n.recipients, n.dueAt])).toEqual([
      ['i1', 'interviews', ['ann'], '2025-03-02T15:00:00.000Z'],
      ['t1', 'tasks', ['ann'], '2025-03-02'], // a due date makes my own task a reminder
      ['t3', 'tasks', ['cat'], null],
    ]);
  });

  it('keeps each user’s read marks and preferences', () => {
    const at = eventLog();
    const prefs = { tasks: true, interviews: false, moves: true, notes: false };
    const { get } = project(projections, [
      at({ type: 'NotificationsRead', data: { userId: 'ann', notificationIds: ['a', 'b'] } }),
      at({ type: 'NotificationsRead', data: { userId: 'ann', notificationIds: ['b', 'c'] } }),
      at({ type: 'NotificationPreferencesChanged', data: { userId: 'ann', preferences: prefs } }),
      at({ type: 'NotificationsRead', data: { userId: 'ben', notificationIds: ['x'] } }),
      at({ type: 'AllNotificationsRead', data: { userId: 'ben', upTo: '2025-03-05T00:00:00.000Z' } }),
    ]);
    expect(get('notification_inboxes', 'ann')).toEqual({ id: 'ann', readIds: ['a', 'b', 'c'], readUpTo: null, preferences: prefs });
    expect(get('notification_inboxes', 'ben')).toMatchObject({ readIds: [], readUpTo: '2025-03-05T00:00:00.000Z' });
  });

  it('keeps the owner and followers of a deleted record for its restore; meanwhile it concerns nobody', () => {
    const at = eventLog();
    const { docs, get } = project(
      [deletedRecordsProjection, ...projections],
      [
        at(candidateRegistered({ candidateId: 4, firstName: 'Alan', lastName: 'Turing' }), { actor: ann }),
        at(jobCreated({ jobId: 9, title: 'Chief Technology Officer' }), { actor: cat }),
        at(follow('ben', 'candidate', 4), { actor: ben }),
        at(follow('ann', 'job', 9), { actor: ann }),
        at(candidateDeleted(4), { actor: cat }),
        at({ type: 'JobDeleted', data: { jobId: 9 } }, { actor: ben }),
        at(noteAdded({ noteId: 1, candidateId: 4, content: 'While deleted' }), { actor: cat, id: 'n-deleted' }),
        at({ type: 'CandidateRestored', data: { candidateId: 4 } }, { actor: cat }),
        at({ type: 'JobRestored', data: { jobId: 9 } }, { actor: ben }),
        at(noteAdded({ noteId: 2, candidateId: 4, content: 'Back again' }), { actor: cat, id: 'n-restored' }),
        at(stageChanged('applied', 'interview', { candidateId: 4, jobId: 9 }), { actor: cat, id: 'e-move' }),
      ],
    );
    expect(get('notification_subjects', 'candidate-4')).toEqual({
      id: 'candidate-4',
      kind: 'candidate',
      recordId: 4,
      owner: 'ann',
      followers: ['ben'],
      deletedAt: null,
    });
    expect(get('notification_subjects', 'job-9')).toMatchObject({ owner: 'cat', followers: ['ann'], deletedAt: null });
    const list = docs('notifications') as NotificationDoc[];
    expect(list.map((n) => [n.id, n.recipients])).toEqual([
      ['n-restored', ['ann', 'ben']],
      ['e-move', ['ann', 'ben']],
    ]);
  });

  it('marks a deleted record while it stays deleted', () => {
    const at = eventLog();
    const { get } = project(projections, [
      at(candidateRegistered({ candidateId: 5 }), { actor: ann }),
      at(follow('ben', 'candidate', 5), { actor: ben }),
      at(candidateDeleted(5), { actor: cat }),
    ]);
    expect(get('notification_subjects', 'candidate-5')).toMatchObject({ owner: 'ann', followers: ['ben'], deletedAt: expect.any(String) });
  });
});
