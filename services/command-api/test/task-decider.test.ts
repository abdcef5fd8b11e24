import { describe, it } from 'vitest';
import { taskDecider, type TaskEvent } from '../src/domain/tasks/decider';
import type { EditBase } from '../src/domain/shared/edit-conflicts';
import { deciderSpec, testMetadata as metadata } from './support/decider-spec';

const spec = deciderSpec(taskDecider);
const created: TaskEvent = {
  type: 'TaskCreated',
  data: {
    taskId: 4,
    title: 'Call Jane back',
    description: null,
    priority: 'medium',
    status: 'pending',
    dueDate: '2026-11-23',
    assignedTo: 'u-dana',
    relatedTo: { kind: 'candidate', id: 12 },
    createdBy: 'u-ann',
  },
};
const deleted: TaskEvent = { type: 'TaskDeleted', data: { taskId: 4 } };
const checks = { assigneeIsMember: true, relatedExists: true };

describe('when a task is created', () => {
  const { taskId, title, description, priority, status, dueDate, assignedTo, relatedTo } = created.data as Extract<
    TaskEvent,
    { type: 'TaskCreated' }
  >['data'];
  const base = { taskId, title, description, priority, status, dueDate, assignedTo, relatedTo };

  it('records who created it, the assignee and the related record', () => {
    spec
      .given()
      .when({ type: 'CreateTask', data: { ...base, ...checks }, metadata })
      .then([{ type: 'TaskCreated', data: { ...base, createdBy: 'u-ann' } }]);
  });
  it('refuses an assignee who is not on the team (400 on assignedTo)', () => {
    spec
      .given()
      .when({ type: 'CreateTask', data: { ...base, ...checks, assigneeIsMember: false }, metadata })
      .thenRefuses(400, 'validation_failed', /assignedTo: Choose a member of the team/);
  });
  it('refuses a related record that does not exist (400 on relatedTo)', () => {
    spec
      .given()
      .when({ type: 'CreateTask', data: { ...base, ...checks, relatedExists: false }, metadata })
      .thenRefuses(400, 'validation_failed', /relatedTo: That candidate does not exist/);
  });
  it('refuses to create the same task twice (409)', () => {
    spec
      .given(created)
      .when({ type: 'CreateTask', data: { ...base, ...checks }, metadata })
      .thenRefuses(409, 'task_exists');
  });
});

describe('when the details of a task are edited', () => {
  const edit = (changes: object, base?: EditBase) => ({
    type: 'ChangeTaskDetails' as const,
    data: { taskId: 4, changes, base },
    metadata,
  });
  it('records only the fields that changed', () => {
    spec
      .given(created)
      .when(edit({ title: 'Call Jane back today', priority: 'medium', dueDate: null }))
      .then([{ type: 'TaskDetailsChanged', data: { taskId: 4, changes: { title: 'Call Jane back today', dueDate: null } } }]);
  });
  it('records nothing when nothing changed', () => {
    spec
      .given(created)
      .when(edit({ title: 'Call Jane back' }))
      .thenNothing();
  });
  it('refuses a field someone else changed since the user opened the form (409 edit_conflict)', () => {
    const base: EditBase = {
      revision: 0,
      currentRevision: 1,
      fields: { title: 'Call Jane back', description: null, dueDate: '2026-11-23', priority: 'medium' },
      edits: [{ revision: 1, changes: { priority: 'high' }, by: { id: 'u-riley', name: 'Riley Chen' }, at: '2026-11-03T07:58:00.000Z' }],
    };
    spec
      .given(created, { type: 'TaskDetailsChanged', data: { taskId: 4, changes: { priority: 'high' } } })
      .when(edit({ priority: 'low' }, base))
      .thenRefuses(409, 'edit_conflict', /Riley Chen changed priority/);
  });
  it('refuses to edit a deleted task (404)', () => {
    spec
      .given(created, deleted)
      .when(edit({ title: 'x' }))
      .thenRefuses(404, 'not_found', /Task 4 not found/);
  });
});

describe('when a task is reassigned', () => {
  const reassign = (assignedTo: string | null, assigneeIsMember = true) => ({
    type: 'ReassignTask' as const,
    data: { taskId: 4, assignedTo, assigneeIsMember },
    metadata,
  });
  it('records from whom to whom', () => {
    spec
      .given(created)
      .when(reassign('u-ben'))
      .then([{ type: 'TaskReassigned', data: { taskId: 4, from: 'u-dana', to: 'u-ben' } }]);
  });
  it('can leave it unassigned', () => {
    spec
      .given(created)
      .when(reassign(null, false))
      .then([{ type: 'TaskReassigned', data: { taskId: 4, from: 'u-dana', to: null } }]);
  });
  it('records nothing when it goes to the same person', () => {
    spec.given(created).when(reassign('u-dana')).thenNothing();
  });
  it('refuses someone who is not on the team (400)', () => {
    spec
      .given(created)
      .when(reassign('Jane from accounts', false))
      .thenRefuses(400, 'validation_failed', /assignedTo/);
  });
  it('keeps an old free-text assignee readable until it is reassigned', () => {
    spec
      .given({ ...created, data: { ...created.data, assignedTo: 'Dana (old text)' } } as TaskEvent)
      .when(reassign('u-ben'))
      .then([{ type: 'TaskReassigned', data: { taskId: 4, from: 'Dana (old text)', to: 'u-ben' } }]);
  });
});

describe('when a task is completed, reopened, deleted and restored', () => {
  it('completes and reopens with TaskStatusChanged', () => {
    spec
      .given(created)
      .when({ type: 'SetTaskStatus', data: { taskId: 4, status: 'completed' }, metadata })
      .then([{ type: 'TaskStatusChanged', data: { taskId: 4, fromStatus: 'pending', toStatus: 'completed' } }]);
    spec
      .given(created, { type: 'TaskStatusChanged', data: { taskId: 4, fromStatus: 'pending', toStatus: 'completed' } })
      .when({ type: 'SetTaskStatus', data: { taskId: 4, status: 'pending' }, metadata })
      .then([{ type: 'TaskStatusChanged', data: { taskId: 4, fromStatus: 'completed', toStatus: 'pending' } }]);
  });
  it('deletes a task, and refuses to delete it twice (404)', () => {
    spec
      .given(created)
      .when({ type: 'DeleteTask', data: { taskId: 4 }, metadata })
      .then([deleted]);
    spec
      .given(created, deleted)
      .when({ type: 'DeleteTask', data: { taskId: 4 }, metadata })
      .thenRefuses(404, 'not_found');
  });
  it('restores a deleted task as it was: its status and edits come back with it', () => {
    const history: TaskEvent[] = [
      created,
      { type: 'TaskDetailsChanged', data: { taskId: 4, changes: { title: 'Call Jane' } } },
      { type: 'TaskStatusChanged', data: { taskId: 4, fromStatus: 'pending', toStatus: 'completed' } },
      deleted,
      { type: 'TaskRestored', data: { taskId: 4 } },
    ];
    // the restored task is completed, titled 'Call Jane': reopening it is a real change, renaming to 'Call Jane' is none
    spec
      .given(...history)
      .when({ type: 'SetTaskStatus', data: { taskId: 4, status: 'pending' }, metadata })
      .then([{ type: 'TaskStatusChanged', data: { taskId: 4, fromStatus: 'completed', toStatus: 'pending' } }]);
    spec
      .given(...history)
      .when({ type: 'ChangeTaskDetails', data: { taskId: 4, changes: { title: 'Call Jane' } }, metadata })
      .thenNothing();
  });
  it('refuses to restore a task that is not deleted (409) or does not exist (404)', () => {
    spec
      .given(created)
      .when({ type: 'RestoreTask', data: { taskId: 4 }, metadata })
      .thenRefuses(409, 'not_deleted');
    spec
      .given()
      .when({ type: 'RestoreTask', data: { taskId: 4 }, metadata })
      .thenRefuses(404, 'not_found');
  });
});

describe('a task about a candidate (sweep nine)', () => {
  const about: TaskEvent = {
    type: 'TaskCreated',
    data: { ...(created.data as Extract<TaskEvent, { type: 'TaskCreated' }>['data']), candidateId: 12 },
  };
  it('names the candidate on its edits, whose key seals the new title', () => {
    spec
      .given(about)
      .when({ type: 'ChangeTaskDetails', data: { taskId: 4, changes: { title: 'Call Jane on Monday' } }, metadata })
      .then([{ type: 'TaskDetailsChanged', data: { taskId: 4, changes: { title: 'Call Jane on Monday' }, candidateId: 12 } }]);
  });
  it('a task created before it carried the candidate edits as before', () => {
    spec
      .given(created)
      .when({ type: 'ChangeTaskDetails', data: { taskId: 4, changes: { title: 'Call Jane on Monday' } }, metadata })
      .then([{ type: 'TaskDetailsChanged', data: { taskId: 4, changes: { title: 'Call Jane on Monday' } } }]);
  });
});
