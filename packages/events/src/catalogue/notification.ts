import { z } from 'zod';
import { EntityIdSchema } from '../shared';

/** Records a user can follow to hear of their stage moves and notes. */
export const FollowableKindSchema = z.enum(['candidate', 'job']);
export type FollowableKind = z.infer<typeof FollowableKindSchema>;

/** A user started following a candidate or job (stream `follow-<userId>-<kind>-<recordId>`). */
export const RecordFollowedSchema = z.object({ userId: z.string(), kind: FollowableKindSchema, recordId: EntityIdSchema });
export type RecordFollowed = z.infer<typeof RecordFollowedSchema>;

/** A user stopped following a candidate or job. */
export const RecordUnfollowedSchema = RecordFollowedSchema;
export type RecordUnfollowed = z.infer<typeof RecordUnfollowedSchema>;

/** What a user may be told about behind the bell. */
export const NOTIFICATION_KINDS = ['tasks', 'interviews', 'moves', 'notes'] as const;
export const NotificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKindSchema>;
export const NotificationPreferencesSchema = z.object({
  tasks: z.boolean(),
  interviews: z.boolean(),
  moves: z.boolean(),
  notes: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

/** A user read some of their notifications (stream `inbox-<userId>`); ids are the notifications' ids. */
export const NotificationsReadSchema = z.object({ userId: z.string(), notificationIds: z.array(z.string()).min(1) });
export type NotificationsRead = z.infer<typeof NotificationsReadSchema>;

/** A user marked every notification up to `upTo` (an ISO date-time) read. */
export const AllNotificationsReadSchema = z.object({ userId: z.string(), upTo: z.string() });
export type AllNotificationsRead = z.infer<typeof AllNotificationsReadSchema>;

/** A user chose which kinds of notification to be told about. */
export const NotificationPreferencesChangedSchema = z.object({ userId: z.string(), preferences: NotificationPreferencesSchema });
export type NotificationPreferencesChanged = z.infer<typeof NotificationPreferencesChangedSchema>;
