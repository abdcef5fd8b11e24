import { z } from 'zod';
import { EntityIdSchema, TaskPrioritySchema, TaskStatusSchema } from '../shared';

/** A task was created (stream `task-<id>`). */
export const TaskCreatedSchema = z.object({
  taskId: EntityIdSchema,
  title: z.string(),
  description: z.string().nullable(),
  priority: TaskPrioritySchema,
  status: TaskStatusSchema,
  dueDate: z.string().nullable(),
  assignedTo: z.string().nullable(),
});
export type TaskCreated = z.infer<typeof TaskCreatedSchema>;

/** The task was ticked or unticked. */
export const TaskStatusChangedSchema = z.object({ taskId: EntityIdSchema, fromStatus: TaskStatusSchema, toStatus: TaskStatusSchema });
export type TaskStatusChanged = z.infer<typeof TaskStatusChangedSchema>;
