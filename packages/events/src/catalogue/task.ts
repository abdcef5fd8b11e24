import { z } from 'zod';
import { EntityIdSchema, TaskPrioritySchema, TaskStatusSchema } from '../shared';

/** The kinds of record a task can be about. */
export const TASK_RELATED_KINDS = ['candidate', 'job', 'client', 'application'] as const;
export const TaskRelatedKindSchema = z.enum(TASK_RELATED_KINDS);
export type TaskRelatedKind = z.infer<typeof TaskRelatedKindSchema>;

/** The record a task is about (a candidate, a job, a client or an application). */
export const TaskRelatedToSchema = z.object({ kind: TaskRelatedKindSchema, id: EntityIdSchema });
export type TaskRelatedTo = z.infer<typeof TaskRelatedToSchema>;

/**
 * A task was created (stream `task-<id>`). `assignedTo` is a user id (tasks created before
 * issue 13 may hold free text, which stays readable); `relatedTo` and `createdBy` are absent on
 * tasks created before issue 13 (read as null and the event's actor).
 */
export const TaskCreatedSchema = z.object({
  taskId: EntityIdSchema,
  title: z.string(),
  description: z.string().nullable(),
  priority: TaskPrioritySchema,
  status: TaskStatusSchema,
  dueDate: z.string().nullable(),
  assignedTo: z.string().nullable(),
  relatedTo: TaskRelatedToSchema.nullable().optional(),
  createdBy: z.string().optional(),
  /**
   * the candidate the task is about (directly or through an application; sweep nine): its title and
   * description are sealed with that person's key, so an erasure takes them out of the log
   */
  candidateId: EntityIdSchema.optional(),
});
export type TaskCreated = z.infer<typeof TaskCreatedSchema>;

/** The task was ticked or unticked. */
export const TaskStatusChangedSchema = z.object({ taskId: EntityIdSchema, fromStatus: TaskStatusSchema, toStatus: TaskStatusSchema });
export type TaskStatusChanged = z.infer<typeof TaskStatusChangedSchema>;

/** The editable details of a task; an event carries only the fields that changed. */
export const TaskDetailsSchema = z.object({
  title: z.string(),
  description: z.string().nullable(),
  dueDate: z.string().nullable(),
  priority: TaskPrioritySchema,
});
export type TaskDetails = z.infer<typeof TaskDetailsSchema>;
export const TaskDetailChangesSchema = TaskDetailsSchema.partial();
export type TaskDetailChanges = z.infer<typeof TaskDetailChangesSchema>;

/** Title, description, due date or priority of a task changed. */
/** `candidateId`: the candidate the task is about, whose key seals the new title and description (sweep nine) */
export const TaskDetailsChangedSchema = z.object({
  taskId: EntityIdSchema,
  changes: TaskDetailChangesSchema,
  candidateId: EntityIdSchema.optional(),
});
export type TaskDetailsChanged = z.infer<typeof TaskDetailsChangedSchema>;

/** The task was given to another team member (`to` null: unassigned). */
export const TaskReassignedSchema = z.object({ taskId: EntityIdSchema, from: z.string().nullable(), to: z.string().nullable() });
export type TaskReassigned = z.infer<typeof TaskReassignedSchema>;

/** The task was deleted; it leaves the lists (the log keeps it). */
export const TaskDeletedSchema = z.object({ taskId: EntityIdSchema });
export type TaskDeleted = z.infer<typeof TaskDeletedSchema>;

/** A deleted task was brought back as it was (an Undo). */
export const TaskRestoredSchema = z.object({ taskId: EntityIdSchema });
export type TaskRestored = z.infer<typeof TaskRestoredSchema>;
