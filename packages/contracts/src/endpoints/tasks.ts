import { z } from 'zod';
import { TaskPrioritySchema, TaskRelatedToSchema, TaskStatusSchema } from '@ats/events';
import { messages } from '../messages';
import { ALL_ROLES, WRITER_ROLES, defineContract } from '../contract';
import {
  BaseRevisionSchema,
  IdParamSchema,
  TimeZoneSchema,
  clearableText,
  inPlausibleYears,
  optionalText,
  whenMissing,
  tooLongMessage,
} from '../fields';
import { CommandResultSchema, TaskSchema } from '../models';

export * from '../task-due';
export { TASK_RELATED_KINDS, type TaskRelatedKind, type TaskRelatedTo } from '@ats/events';

/** a date (YYYY-MM-DD) or a date-time, in PLAUSIBLE_YEARS (a task due in year 0 or 9999 was taken: sweep four) */
const DueDateSchema = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: messages.dueDateInvalid })
  .refine(inPlausibleYears, messages.yearOutOfRange);

export const CreateTaskBodySchema = z.object({
  title: z
    .string({ error: whenMissing(messages.taskTitleRequired) })
    .trim()
    .min(1, messages.taskTitleRequired)
    .max(300, tooLongMessage(300)),
  description: optionalText(10_000),
  priority: TaskPrioritySchema.default('medium'),
  status: TaskStatusSchema.default('pending'),
  dueDate: DueDateSchema.nullable().optional(),
  /** a user id: an active member of the team */
  assignedTo: optionalText(100),
  /** the candidate, job, client or application the task is about */
  relatedTo: TaskRelatedToSchema.nullable().optional(),
});
export type CreateTaskBody = z.input<typeof CreateTaskBodySchema>;

/** PUT /api/tasks/{id}: the checkbox sends the new status. */
export const UpdateTaskBodySchema = z.object({ status: TaskStatusSchema });
export type UpdateTaskBody = z.input<typeof UpdateTaskBodySchema>;

/** PATCH /api/tasks/{id}: absent = unchanged; null/blank = cleared (description, due date). */
export const ChangeTaskBodySchema = z.object({
  title: z.string().trim().min(1, messages.taskTitleRequired).max(300).optional(),
  description: clearableText(10_000),
  dueDate: DueDateSchema.nullable().optional(),
  priority: TaskPrioritySchema.optional(),
  /** the task's revision the user started editing from: a field changed by someone else since is a 409 edit_conflict */
  baseRevision: BaseRevisionSchema,
});
export type ChangeTaskBody = z.input<typeof ChangeTaskBodySchema>;

/** POST /api/tasks/{id}/reassign: a team member's user id, or null to leave it unassigned. */
export const ReassignTaskBodySchema = z.object({ assignedTo: z.string().trim().min(1).max(100).nullable() });
export type ReassignTaskBody = z.input<typeof ReassignTaskBodySchema>;

/** A task on the Tasks screen: joined at read time with its assignee's and related record's names. */
export const TaskItemSchema = TaskSchema.extend({
  relatedTo: TaskRelatedToSchema.nullable(),
  /** the related record's name (null when it is gone) */
  relatedLabel: z.string().nullable(),
  /** the assignee's name; null for a free-text assignee of an old task (shown as it is) or nobody */
  assigneeName: z.string().nullable(),
  revision: z.number().optional(),
  updatedBy: z.object({ id: z.string(), name: z.string() }).optional(),
});
export type TaskItem = z.infer<typeof TaskItemSchema>;

export const TaskPageSchema = z.object({ items: z.array(TaskItemSchema), total: z.number(), nextCursor: z.string().nullable() });
export type TaskPage = z.infer<typeof TaskPageSchema>;

/** A member of the team a task can be assigned to. */
export const TeamMemberSchema = z.object({ id: z.string(), name: z.string() });
export type TeamMember = z.infer<typeof TeamMemberSchema>;

export const TASK_SCOPES = ['mine', 'all'] as const;
export const TASK_STATUS_FILTERS = ['open', 'completed', 'all'] as const;
export const TASK_DUE_FILTERS = ['overdue', 'today', 'week'] as const;

export const ListTasksQuerySchema = z.object({
  scope: z.enum(TASK_SCOPES).default('all'),
  /** a user id */
  assignee: z.string().max(100).optional(),
  status: z.enum(TASK_STATUS_FILTERS).default('open'),
  priority: TaskPrioritySchema.optional(),
  due: z.enum(TASK_DUE_FILTERS).optional(),
  /** a kind (`candidate`) or a record (`candidate:12`) */
  related: z
    .string()
    .regex(/^(candidate|job|client|application)(:\d{1,15})?$/, 'Use a kind (candidate, job, client, application), optionally with :id')
    .optional(),
  q: z.string().max(200).optional(),
  /** the next page: the previous page's `nextCursor` */
  cursor: z
    .string()
    .regex(/^\d{1,9}$/, 'Invalid cursor')
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** the user's time zone for today / this week (default UTC) */
  tz: TimeZoneSchema.optional(),
});
export type ListTasksQuery = z.input<typeof ListTasksQuerySchema>;

export const taskContracts = {
  createTask: defineContract({
    name: 'createTask',
    method: 'POST',
    path: '/api/tasks',
    body: CreateTaskBodySchema,
    response: CommandResultSchema,
    status: 201,
    roles: WRITER_ROLES,
    summary: 'Create a task (default priority medium, status pending), optionally assigned and about a record',
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
  changeTask: defineContract({
    name: 'changeTask',
    method: 'PATCH',
    path: '/api/tasks/:id',
    params: IdParamSchema,
    body: ChangeTaskBodySchema,
    response: CommandResultSchema,
    status: 200,
    roles: WRITER_ROLES,
    summary: "Edit a task's title, description, due date or priority (409 edit_conflict against baseRevision)",
  }),
  reassignTask: defineContract({
    name: 'reassignTask',
    method: 'POST',
    path: '/api/tasks/:id/reassign',
    params: IdParamSchema,
    body: ReassignTaskBodySchema,
    response: CommandResultSchema,
    status: 200,
    roles: WRITER_ROLES,
    summary: 'Give a task to another team member (null: unassigned)',
  }),
  deleteTask: defineContract({
    name: 'deleteTask',
    method: 'DELETE',
    path: '/api/tasks/:id',
    params: IdParamSchema,
    response: CommandResultSchema,
    status: 200,
    roles: WRITER_ROLES,
    summary: 'Delete a task (Undo: POST /api/tasks/{id}/restore)',
  }),
  restoreTask: defineContract({
    name: 'restoreTask',
    method: 'POST',
    path: '/api/tasks/:id/restore',
    params: IdParamSchema,
    response: CommandResultSchema,
    status: 200,
    roles: WRITER_ROLES,
    summary: 'Undo a task delete: the same task comes back (409 when it is not deleted)',
  }),
  listTasks: defineContract({
    name: 'listTasks',
    method: 'GET',
    path: '/api/tasks',
    query: ListTasksQuerySchema,
    response: TaskPageSchema,
    status: 200,
    roles: ALL_ROLES,
    summary:
      'Tasks (mine or all), filtered by assignee, status, priority, due (overdue/today/this week), related record and text; soonest due first',
  }),
  listTeamMembers: defineContract({
    name: 'listTeamMembers',
    method: 'GET',
    path: '/api/team-members',
    response: z.array(TeamMemberSchema),
    status: 200,
    roles: ALL_ROLES,
    summary: 'The active members of the team by name (who a task can be assigned to), for every role',
  }),
  getTask: defineContract({
    name: 'getTask',
    method: 'GET',
    path: '/api/tasks/:id',
    params: IdParamSchema,
    response: TaskItemSchema,
    status: 200,
    roles: ALL_ROLES,
    summary: 'One task with its assignee and related record',
  }),
};
