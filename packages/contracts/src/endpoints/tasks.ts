import { z } from 'zod';
import { TaskPrioritySchema, TaskStatusSchema } from '@ats/events';
import { messages } from '../messages';
import { WRITER_ROLES, defineContract } from '../contract';
import { IdParamSchema, optionalText } from '../fields';
import { CommandResultSchema } from '../models';

export const CreateTaskBodySchema = z.object({
  title: z.string({ error: messages.taskTitleRequired }).trim().min(1, messages.taskTitleRequired).max(300),
  description: optionalText(10_000),
  priority: TaskPrioritySchema.default('medium'),
  status: TaskStatusSchema.default('pending'),
  /** a date (YYYY-MM-DD) or a date-time */
  dueDate: z
    .union([z.iso.date(), z.iso.datetime({ offset: true })])
    .nullable()
    .optional(),
  /** a user id */
  assignedTo: optionalText(100),
});
export type CreateTaskBody = z.input<typeof CreateTaskBodySchema>;

/** PUT /api/tasks/{id}: the checkbox sends the new status. */
export const UpdateTaskBodySchema = z.object({ status: TaskStatusSchema });
export type UpdateTaskBody = z.input<typeof UpdateTaskBodySchema>;

export const taskContracts = {
  createTask: defineContract({
    name: 'createTask',
    method: 'POST',
    path: '/api/tasks',
    body: CreateTaskBodySchema,
    response: CommandResultSchema,
    status: 201,
    roles: WRITER_ROLES,
    summary: 'Create a task (default priority medium, status pending)',
  }),
  updateTask: defineContract({
    name: 'updateTask',
    method: 'PUT',
    path: '/api/tasks/:id',
    params: IdParamSchema,
    body: UpdateTaskBodySchema,
    response: CommandResultSchema.extend({ status: TaskStatusSchema }),
    status: 200,
    roles: WRITER_ROLES,
    summary: 'Set a task pending or completed (the dashboard checkbox)',
  }),
};
