import { z } from 'zod';
import { NotificationKindSchema, NotificationPreferencesSchema } from '@ats/events';
import { ALL_ROLES, defineContract } from '../contract';
import { IdParamSchema } from '../fields';
import { CommandResultSchema } from '../models';

export { NOTIFICATION_KINDS, type NotificationKind, type NotificationPreferences } from '@ats/events';

/** One thing behind the bell: what happened, to which record, by whom, and the path that opens it. */
export const NotificationSchema = z.object({
  id: z.string(),
  kind: NotificationKindSchema,
  title: z.string(),
  body: z.string().nullable(),
  url: z.string(),
  actor: z.object({ id: z.string(), name: z.string() }),
  createdAt: z.string(),
  /** a task's due date or an interview's time, when there is one */
  dueAt: z.string().nullable(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationPageSchema = z.object({
  items: z.array(NotificationSchema),
  /** the offset of the next page, or null at the end */
  next: z.number().int().nullable(),
  unread: z.number().int().nonnegative(),
});
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

export const MarkNotificationsReadBodySchema = z.object({ ids: z.array(z.string().min(1).max(100)).min(1).max(100) });
export const NotificationPreferencesBodySchema = NotificationPreferencesSchema;

const FollowStateSchema = z.object({ following: z.boolean() });

// Personal state only (what I read, what I am told about, what I follow): every signed-in role,
// the read-only auditor too, since none of it changes a record anyone else sees.
export const notificationContracts = {
  listNotifications: defineContract({
    name: 'listNotifications',
    method: 'GET',
    path: '/api/notifications',
    query: z.object({
      limit: z.coerce.number().int().min(1).max(50).optional(),
      offset: z.coerce.number().int().min(0).max(10_000).optional(),
    }),
    response: NotificationPageSchema,
    status: 200,
    roles: ALL_ROLES,
    summary: "The signed-in user's notifications (kinds they chose), newest first, with the unread count",
  }),
  unreadNotificationCount: defineContract({
    name: 'unreadNotificationCount',
    method: 'GET',
    path: '/api/notifications/unread-count',
    response: z.object({ count: z.number().int().nonnegative() }),
    status: 200,
    roles: ALL_ROLES,
    summary: 'How many of my notifications (kinds I chose) are unread: the bell badge',
  }),
  markNotificationsRead: defineContract({
    name: 'markNotificationsRead',
    method: 'POST',
    path: '/api/notifications/read',
    body: MarkNotificationsReadBodySchema,
    response: CommandResultSchema,
    status: 200,
    roles: ALL_ROLES,
    summary: 'Mark some of my notifications read (opening one marks it)',
  }),
  markAllNotificationsRead: defineContract({
    name: 'markAllNotificationsRead',
    method: 'POST',
    path: '/api/notifications/read-all',
    response: CommandResultSchema,
    status: 200,
    roles: ALL_ROLES,
    summary: 'Mark every notification I have so far read',
  }),
  getNotificationPreferences: defineContract({
    name: 'getNotificationPreferences',
    method: 'GET',
    path: '/api/notifications/preferences',
    response: NotificationPreferencesSchema,
    status: 200,
    roles: ALL_ROLES,
    summary: 'Which kinds of notification I am told about (tasks, interviews, moves, notes)',
  }),
  setNotificationPreferences: defineContract({
    name: 'setNotificationPreferences',
    method: 'PUT',
    path: '/api/notifications/preferences',
    body: NotificationPreferencesBodySchema,
    response: CommandResultSchema,
    status: 200,
    roles: ALL_ROLES,
    summary: 'Choose which kinds of notification I am told about',
  }),
  getCandidateFollow: defineContract({
    name: 'getCandidateFollow',
    method: 'GET',
    path: '/api/candidates/:id/follow',
    params: IdParamSchema,
    response: FollowStateSchema,
    status: 200,
    roles: ALL_ROLES,
    summary: 'Whether I follow this candidate',
  }),
  followCandidate: defineContract({
    name: 'followCandidate',
    method: 'PUT',
    path: '/api/candidates/:id/follow',
    params: IdParamSchema,
    response: CommandResultSchema,
    status: 200,
    roles: ALL_ROLES,
    summary: "Follow a candidate: I am told of its stage moves and notes (others')",
  }),
  unfollowCandidate: defineContract({
    name: 'unfollowCandidate',
    method: 'DELETE',
    path: '/api/candidates/:id/follow',
    params: IdParamSchema,
    response: CommandResultSchema,
    status: 200,
    roles: ALL_ROLES,
    summary: 'Stop following a candidate',
  }),
  getJobFollow: defineContract({
    name: 'getJobFollow',
    method: 'GET',
    path: '/api/jobs/:id/follow',
    params: IdParamSchema,
    response: FollowStateSchema,
    status: 200,
    roles: ALL_ROLES,
    summary: 'Whether I follow this job',
  }),
  followJob: defineContract({
    name: 'followJob',
    method: 'PUT',
    path: '/api/jobs/:id/follow',
    params: IdParamSchema,
    response: CommandResultSchema,
    status: 200,
    roles: ALL_ROLES,
    summary: "Follow a job: I am told of its candidates' stage moves",
  }),
  unfollowJob: defineContract({
    name: 'unfollowJob',
    method: 'DELETE',
    path: '/api/jobs/:id/follow',
    params: IdParamSchema,
    response: CommandResultSchema,
    status: 200,
    roles: ALL_ROLES,
    summary: 'Stop following a job',
  }),
};
