import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@ats/events';
import { eventLog, project } from '../../../test/support/events';
import { candidateRegistered } from '../../../test/support/fixtures';
import { allProjections } from '../index';
import type { NotificationDoc } from '../notifications';
import type { TaskDoc } from './index';

const dana = { id: 'u-dana', name: 'Dana Scully' };
const ben = { id: 'u-ben', name: 'Ben Stone' };
const created = (over: Record<string, unknown> = {}): DomainEvent =>
  ({
    type: 'TaskCreated',
    data: {
      taskId: 1,
      title: 'Call Jane back',
      description: 'About the offer',
      priority: 'high',
      status: 'pending',
      dueDate: '2026-11-23',
      assignedTo: 'u-ben',
      relatedTo: { kind: 'candidate', id: 1 },
      createdBy: 'u-dana',
      ...over,
    },
  }) as DomainEvent;
const onTask = (revision: number) => ({ stream: 'task-1', revision });

describe('tasks projection', () => {
  it('folds a task’s life: details, reassignment, completion, with the revision and who changed it last', () => {
    const at = eventLog();
    const { get } = project(allProjections, [
      at(created(), { actor: dana, ...onTask(0), occurredAt: '2026-11-20T09:00:00.000Z' }),
      at(
        { type: 'TaskDetailsChanged', data: { taskId: 1, changes: { title: 'Call Jane', dueDate: '2026-11-24T15:00:00Z' } } },
        {
          actor: dana,
          ...onTask(1),
        },
      ),
      at({ type: 'TaskReassigned', data: { taskId: 1, from: 'u-ben', to: 'u-dana' } }, { actor: ben, ...onTask(2) }),
      at({ type: 'TaskStatusChanged', data: { taskId: 1, fromStatus: 'pending', toStatus: 'completed' } }, { actor: dana, ...onTask(3) }),
    ]);
    expect(get('tasks', 1)).toMatchObject({
      title: 'Call Jane',
      description: 'About the offer',
      dueDate: '2026-11-24T15:00:00Z',
      dueKey: '2026-11-24T15:00:00.000Z',
      assignedTo: 'u-dana',
      status: 'completed',
      relatedTo: { kind: 'candidate', id: 1 },
      relatedKind: 'candidate',
      createdBy: 'u-dana',
      createdAt: '2026-11-20T09:00:00.000Z',
      revision: 3,
      updatedBy: dana,
    });
  });

  it('reads an old TaskCreated (no related record, no createdBy, free-text assignee) as before', () => {
    const at = eventLog();
    const old = { taskId: 1, title: 'Old', description: null, priority: 'low', status: 'pending', dueDate: null, assignedTo: 'Dana' };
    const { get } = project(allProjections, [at({ type: 'TaskCreated', data: old } as DomainEvent, { actor: dana, ...onTask(0) })]);
    expect(get('tasks', 1)).toMatchObject({ assignedTo: 'Dana', relatedTo: null, relatedKind: null, createdBy: 'u-dana', dueKey: '9999' });
  });

  it('takes a deleted task out of the list and puts the same task back on Undo', () => {
    const at = eventLog();
    const history = [
      at(created(), { actor: dana, ...onTask(0) }),
      at({ type: 'TaskDetailsChanged', data: { taskId: 1, changes: { priority: 'low' } } }, { actor: dana, ...onTask(1) }),
    ];
    const before = project(allProjections, history).get('tasks', 1) as TaskDoc;
    const deleted = project(allProjections, [...history, at({ type: 'TaskDeleted', data: { taskId: 1 } }, { actor: ben, ...onTask(2) })]);
    expect(deleted.get('tasks', 1)).toBeNull();
    expect(deleted.get('deleted_records', 'task-1')).toMatchObject({ kind: 'task', entityId: 1, snapshot: { title: 'Call Jane back' } });
    const restored = project(allProjections, [
      ...history,
      at({ type: 'TaskDeleted', data: { taskId: 1 } }, { actor: ben, ...onTask(2) }),
      at({ type: 'TaskRestored', data: { taskId: 1 } }, { actor: ben, ...onTask(3) }),
    ]);
    expect(restored.get('tasks', 1)).toEqual({ ...before, revision: 3, updatedBy: ben });
    const feed = restored.docs('activities').map((a) => a['description']);
    expect(feed).toEqual(
      expect.arrayContaining([
        'Dana Scully created the task Call Jane back',
        'Ben Stone deleted the task Call Jane back',
        'Ben Stone restored the task Call Jane back',
      ]),
    );
  });

  it('tells the new assignee "Dana assigned you: …", never the one who assigned it to themself', () => {
    const at = eventLog();
    const { docs } = project(allProjections, [
      at(candidateRegistered()),
      at(created({ assignedTo: null }), { actor: dana, ...onTask(0), id: 'created' }),
      at({ type: 'TaskReassigned', data: { taskId: 1, from: null, to: 'u-ben' } }, { actor: dana, ...onTask(1), id: 'to-ben' }),
      at({ type: 'TaskReassigned', data: { taskId: 1, from: 'u-ben', to: 'u-ben2' } }, { actor: dana, ...onTask(2), id: 'to-ben2' }),
      at({ type: 'TaskReassigned', data: { taskId: 1, from: 'u-ben2', to: 'u-dana' } }, { actor: dana, ...onTask(3), id: 'self' }),
    ]);
    const list = (docs('notifications') as NotificationDoc[]).map((n) => [n.id, n.recipients, n.title, n.url, n.dueAt]);
    expect(list).toEqual([
      ['to-ben', ['u-ben'], 'Dana Scully assigned you: Call Jane back', '/tasks', '2026-11-23'],
      ['to-ben2', ['u-ben2'], 'Dana Scully assigned you: Call Jane back', '/tasks', '2026-11-23'],
    ]);
  });

  it('says in the feed who completed, reopened and reassigned a task', () => {
    const at = eventLog();
    const { docs } = project(allProjections, [
      at({
        type: 'UserRegistered',
        data: { userId: 'u-ben', email: 'ben@x.io', firstName: 'Ben', lastName: 'Stone', role: 'recruiter', profileImageUrl: null },
      } as DomainEvent),
      at(created({ assignedTo: null }), { actor: dana, ...onTask(0) }),
      at({ type: 'TaskReassigned', data: { taskId: 1, from: null, to: 'u-ben' } }, { actor: dana, ...onTask(1) }),
      at({ type: 'TaskStatusChanged', data: { taskId: 1, fromStatus: 'pending', toStatus: 'completed' } }, { actor: ben, ...onTask(2) }),
      at({ type: 'TaskStatusChanged', data: { taskId: 1, fromStatus: 'completed', toStatus: 'pending' } }, { actor: ben, ...onTask(3) }),
    ]);
    expect(docs('activities').map((a) => [a['type'], a['description'], a['entityType']])).toEqual([
      ['task', 'Dana Scully created the task Call Jane back', 'task'],
      ['task', 'Dana Scully assigned the task Call Jane back to Ben Stone', 'task'],
      ['task', 'Ben Stone completed the task Call Jane back', 'task'],
      ['task', 'Ben Stone reopened the task Call Jane back', 'task'],
    ]);
  });
});
