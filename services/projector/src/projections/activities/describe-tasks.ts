// The feed's lines about tasks (issue 13): who created, completed, reopened, reassigned, deleted or restored one.
import type { EventType } from '@ats/events';
import type { ProjectedEvent, ProjectedEventOf, ProjectionContext } from '../../projection';
import { DELETED_RECORDS, deletedRecordId, type DeletedRecordDoc } from '../deleted-records';
import type { Entry } from './describe';

export const TASK_FEED_EVENTS = [
  'TaskCreated',
  'TaskStatusChanged',
  'TaskReassigned',
  'TaskDeleted',
  'TaskRestored',
] as const satisfies readonly EventType[];
type TaskFeedEvent = ProjectedEventOf<(typeof TASK_FEED_EVENTS)[number]>;

export const isTaskFeedEvent = (event: ProjectedEvent): event is TaskFeedEvent =>
  (TASK_FEED_EVENTS as readonly string[]).includes(event.type);

/** What a task line needs: the task (a deleted one: its snapshot) and the new assignee's name. */
export function taskFeedReads(event: TaskFeedEvent): Array<{ collection: string; id: string | number }> {
  const taskId = event.data.taskId;
  return [
    { collection: 'tasks', id: taskId },
    { collection: DELETED_RECORDS, id: deletedRecordId('task', taskId) },
    ...(event.type === 'TaskReassigned' && event.data.to ? [{ collection: 'users', id: event.data.to }] : []),
  ];
}

type UserDoc = { id: string; firstName?: string; lastName?: string };

export function describeTaskActivity(event: TaskFeedEvent, ctx: ProjectionContext): Entry {
  const who = event.metadata.actor.name || 'Someone';
  const taskId = event.data.taskId;
  const live = ctx.lookup<{ id: number; title?: string }>('tasks', taskId);
  const kept = ctx.lookup<DeletedRecordDoc>(DELETED_RECORDS, deletedRecordId('task', taskId))?.snapshot;
  const title =
    event.type === 'TaskCreated' ? event.data.title : (live?.title ?? (kept?.['title'] as string | undefined) ?? `Task #${taskId}`);
  const line = (description: string): Entry => ({ type: 'task', description, entityType: 'task', entityId: taskId });
  switch (event.type) {
    case 'TaskCreated':
      return line(`${who} created the task ${title}`);
    case 'TaskStatusChanged':
      return line(event.data.toStatus === 'completed' ? `${who} completed the task ${title}` : `${who} reopened the task ${title}`);
    case 'TaskReassigned': {
      if (!event.data.to) return line(`${who} unassigned the task ${title}`);
      const user = ctx.lookup<UserDoc>('users', event.data.to);
      const name = user ? `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim() : '';
      return line(`${who} assigned the task ${title} to ${name || 'a team member'}`);
    }
    case 'TaskDeleted':
      return line(`${who} deleted the task ${title}`);
    case 'TaskRestored':
      return line(`${who} restored the task ${title}`);
  }
}
