import type { Task } from '@ats/contracts';
import type { TaskPriority, TaskStatus } from '@ats/events';
import { defineProjection, type Refs } from '../../projection';

/**
 * Tasks, with `rank`: a sort key for the dashboard's Priority Tasks (pending first, then high >
 * medium > low, then due date with none last), so the store sorts and limits them.
 */
export type TaskDoc = Task & { rank: string };

const PRIORITY_RANK: Record<TaskPriority, number> = { high: 0, medium: 1, low: 2 };

export function taskRank(status: TaskStatus, priority: TaskPriority, dueDate: string | null): string {
  return `${status === 'pending' ? 0 : 1}|${PRIORITY_RANK[priority]}|${dueDate ? new Date(dueDate).toISOString() : '9999'}`;
}

const HANDLES = ['TaskCreated', 'TaskStatusChanged'] as const;

export const tasksProjection = defineProjection<TaskDoc, (typeof HANDLES)[number]>({
  name: 'tasks',
  collection: { name: 'tasks', searchFields: ['title', 'description'], indexes: ['rank', 'status', 'assignedTo'] },
  handles: HANDLES,
  documentId: (event) => event.data.taskId,
  evolve(doc, event) {
    switch (event.type) {
      case 'TaskCreated': {
        const d = event.data;
        return {
          id: d.taskId,
          title: d.title,
          description: d.description,
          status: d.status,
          priority: d.priority,
          dueDate: d.dueDate,
          assignedTo: d.assignedTo,
          createdBy: event.metadata.actor.id,
          createdAt: event.metadata.occurredAt,
          updatedAt: event.metadata.occurredAt,
          rank: taskRank(d.status, d.priority, d.dueDate),
        };
      }
      case 'TaskStatusChanged':
        if (!doc) return doc;
        return {
          ...doc,
          status: event.data.toStatus,
          updatedAt: event.metadata.occurredAt,
          rank: taskRank(event.data.toStatus, doc.priority, doc.dueDate),
        };
    }
  },
  refs: (event): Refs => ({ taskId: [event.data.taskId] }),
});
