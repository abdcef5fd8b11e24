import type { Task, TaskRelatedTo } from '@ats/contracts';
import { dueSortKey } from '@ats/contracts';
import type { TaskPriority, TaskStatus } from '@ats/events';
import { defineProjection, type ProjectedEventOf, type ProjectionContext, type Refs } from '../../projection';
import { DELETED_RECORDS, deletedRecordId, type DeletedRecordDoc } from '../deleted-records';

/**
 * Tasks, with `rank`: a sort key for the dashboard's Priority Tasks, the signed-in user's own
 * tasks (pending first, then due date with overdue and today first and none last, then high >
 * medium > low), so the store sorts and limits them; `dueKey`:
 * the due instant for the Tasks screen's order (none last); `relatedKind`: the related record's
 * kind, for its filter. A deleted task leaves the read model; its Undo reads back the snapshot
 * `deleted_records` kept.
 */
export type TaskDoc = Task & {
  rank: string;
  dueKey: string;
  relatedTo: TaskRelatedTo | null;
  relatedKind: string | null;
  revision?: number;
  updatedBy?: { id: string; name: string };
};

const PRIORITY_RANK: Record<TaskPriority, number> = { high: 0, medium: 1, low: 2 };

/** pending first, then the due instant (`dueSortKey`: a bare date at its end, none last), then priority */
export function taskRank(status: TaskStatus, priority: TaskPriority, dueDate: string | null): string {
  return `${status === 'pending' ? 0 : 1}|${dueSortKey(dueDate)}|${PRIORITY_RANK[priority]}`;
}

const HANDLES = ['TaskCreated', 'TaskStatusChanged', 'TaskDetailsChanged', 'TaskReassigned', 'TaskDeleted', 'TaskRestored'] as const;
type Handled = ProjectedEventOf<(typeof HANDLES)[number]>;

/** the derived sort keys of a task's fields */
const keyed = (doc: TaskDoc): TaskDoc => ({
  ...doc,
  rank: taskRank(doc.status, doc.priority, doc.dueDate),
  dueKey: dueSortKey(doc.dueDate),
});

function evolveTask(doc: TaskDoc | null, event: Handled, { lookup }: ProjectionContext): TaskDoc | null {
  switch (event.type) {
    case 'TaskCreated': {
      const d = event.data;
      return keyed({
        id: d.taskId,
        title: d.title,
        description: d.description,
        status: d.status,
        priority: d.priority,
        dueDate: d.dueDate,
        assignedTo: d.assignedTo,
        relatedTo: d.relatedTo ?? null,
        relatedKind: d.relatedTo?.kind ?? null,
        createdBy: d.createdBy ?? event.metadata.actor.id,
        createdAt: event.metadata.occurredAt,
        updatedAt: event.metadata.occurredAt,
        rank: '',
        dueKey: '',
      });
    }
    case 'TaskStatusChanged':
      return doc && keyed({ ...doc, status: event.data.toStatus, updatedAt: event.metadata.occurredAt });
    case 'TaskDetailsChanged':
      return doc && keyed({ ...doc, ...event.data.changes, updatedAt: event.metadata.occurredAt });
    case 'TaskReassigned':
      return doc && { ...doc, assignedTo: event.data.to, updatedAt: event.metadata.occurredAt };
    case 'TaskDeleted':
      return null;
    case 'TaskRestored': {
      if (doc) return doc;
      const entry = lookup<DeletedRecordDoc>(DELETED_RECORDS, deletedRecordId('task', event.data.taskId));
      return (entry?.snapshot as TaskDoc | null | undefined) ?? null;
    }
  }
}

export const tasksProjection = defineProjection<TaskDoc, (typeof HANDLES)[number]>({
  name: 'tasks',
  collection: {
    name: 'tasks',
    searchFields: ['title', 'description'],
    indexes: ['rank', 'status', 'assignedTo', 'createdBy', 'dueKey', 'relatedKind'],
    // the dashboard's Priority Tasks: one user's tasks of one status, by rank
    sortIndexes: [
      {
        equal: ['assignedTo', 'status'],
        sort: [
          ['rank', 'asc'],
          ['id', 'asc'],
        ],
      },
    ],
  },
  handles: HANDLES,
  // 2: relatedTo, dueKey, revision and updatedBy (issue 13); deleted tasks leave the read model
  // 3: rank orders by due date before priority (the dashboard shows the user's tasks due)
  version: 3,
  documentId: (event) => event.data.taskId,
  reads: (event) =>
    event.type === 'TaskRestored' ? [{ collection: DELETED_RECORDS, id: deletedRecordId('task', event.data.taskId) }] : [],
  evolve(doc, event, context) {
    const next = evolveTask(doc, event, context);
    // the revision an edit starts from, and who changed the task last
    return next && next !== doc
      ? { ...next, revision: event.revision, updatedBy: { id: event.metadata.actor.id, name: event.metadata.actor.name } }
      : next;
  },
  // the related record's page lists its tasks: its room hears about them too
  refs(event, doc): Refs {
    const related = doc?.relatedTo;
    if (!related || related.kind === 'application') return { taskId: [event.data.taskId] };
    return { taskId: [event.data.taskId], [`${related.kind}Id`]: [related.id] };
  },
});
