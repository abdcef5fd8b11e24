import {
  NOTIFICATION_KINDS,
  type Notification,
  type NotificationKind,
  type NotificationPage,
  type NotificationPreferences,
} from '@ats/contracts';
import type { Doc, DocumentStore, Where } from '@ats/storage';

type NotificationDoc = Omit<Notification, 'read'> & { recipients: string[] } & Doc;
type InboxDoc = { id: string; readIds: string[]; readUpTo: string | null; preferences: NotificationPreferences } & Doc;
type SubjectDoc = { id: string; owner: string | null; followers: string[] } & Doc;

const DEFAULT_PREFERENCES: NotificationPreferences = { tasks: true, interviews: true, moves: true, notes: true };

/**
 * The bell: a user's notifications (the kinds they chose), their read state folded from their
 * inbox (read marks since the last "mark all read"), and whether they follow a record.
 */
export function createNotificationQueries(documents: DocumentStore) {
  const notifications = () => documents.collection<NotificationDoc>('notifications');
  const inboxes = () => documents.collection<InboxDoc>('notification_inboxes');
  const subjects = () => documents.collection<SubjectDoc>('notification_subjects');

  async function inboxOf(userId: string) {
    const doc = await inboxes().get(userId);
    return { readIds: doc?.readIds ?? [], readUpTo: doc?.readUpTo ?? null, preferences: { ...DEFAULT_PREFERENCES, ...doc?.preferences } };
  }

  const mine = (userId: string, preferences: NotificationPreferences): Where => {
    const kinds: NotificationKind[] = NOTIFICATION_KINDS.filter((k) => preferences[k]);
    return { recipients: { $contains: userId }, kind: { $in: kinds } };
  };

  async function unreadCount(userId: string, inbox: Awaited<ReturnType<typeof inboxOf>>): Promise<number> {
    const where: Where = { ...mine(userId, inbox.preferences), ...(inbox.readUpTo ? { createdAt: { $gt: inbox.readUpTo } } : {}) };
    const [all, read] = await Promise.all([
      notifications().count({ where }),
      inbox.readIds.length > 0 ? notifications().count({ where: { ...where, id: { $in: inbox.readIds } } }) : Promise.resolve(0),
    ]);
    return Math.max(0, all - read);
  }

  return {
    async listNotifications(userId: string, page: { limit?: number | undefined; offset?: number | undefined }): Promise<NotificationPage> {
      const inbox = await inboxOf(userId);
      const limit = page.limit ?? 10;
      const offset = page.offset ?? 0;
      const [docs, unread] = await Promise.all([
        notifications().find({
          where: mine(userId, inbox.preferences),
          sort: [
            ['createdAt', 'desc'],
            ['id', 'desc'],
          ],
          limit: limit + 1,
          offset,
        }),
        unreadCount(userId, inbox),
      ]);
      const readIds = new Set(inbox.readIds);
      const items = docs.slice(0, limit).map((d): Notification => ({
        id: String(d.id),
        kind: d.kind,
        title: d.title,
        body: d.body,
        url: d.url,
        actor: d.actor,
        createdAt: d.createdAt,
        dueAt: d.dueAt,
        read: readIds.has(String(d.id)) || (inbox.readUpTo !== null && d.createdAt <= inbox.readUpTo),
      }));
      return { items, next: docs.length > limit ? offset + limit : null, unread };
    },
    async unreadNotificationCount(userId: string): Promise<{ count: number }> {
      return { count: await unreadCount(userId, await inboxOf(userId)) };
    },
    async notificationPreferences(userId: string): Promise<NotificationPreferences> {
      return (await inboxOf(userId)).preferences;
    },
    async isFollowing(userId: string, kind: 'candidate' | 'job', recordId: number): Promise<{ following: boolean }> {
      const doc = await subjects().get(`${kind}-${recordId}`);
      return { following: doc?.followers.includes(userId) ?? false };
    },
  };
}
