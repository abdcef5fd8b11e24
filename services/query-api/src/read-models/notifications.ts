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
type TaskDoc = { id: number; title: string; status: string; dueDate: string | null; assignedTo: string | null; createdAt?: string } & Doc;

const DEFAULT_PREFERENCES: NotificationPreferences = { tasks: true, interviews: true, moves: true, notes: true };

/** at most this many due-task reminders head the list */
const MAX_DUE = 20;

/**
 * Reminders of my pending tasks due today or overdue (UTC calendar day), made at read time from
 * the tasks read model since they depend on the clock, not on an event. Id `due-<task>-<today>`:
 * one a day per task (an overdue task reminds again the next day), read like any notification
 * (the read marks take any id); dated the start of today, or the task's creation if later, so a
 * "mark all read" earlier today does not swallow a task assigned since.
 */
export function dueReminder(
  task: Pick<TaskDoc, 'id' | 'title' | 'dueDate' | 'createdAt'>,
  today: string,
): Omit<Notification, 'read'> | null {
  if (!task.dueDate) return null;
  const day = task.dueDate.slice(0, 10);
  if (day > today) return null;
  const startOfToday = `${today}T00:00:00.000Z`;
  return {
    id: `due-${task.id}-${today}`,
    kind: 'tasks',
    title: task.title,
    body: day === today ? 'Due today' : 'Overdue',
    url: '/',
    actor: { id: 'system', name: 'Reminder' },
    createdAt: task.createdAt && task.createdAt > startOfToday ? task.createdAt : startOfToday,
    dueAt: task.dueDate,
  };
}

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

  type Inbox = Awaited<ReturnType<typeof inboxOf>>;
  const isRead = (inbox: Inbox, n: Pick<Notification, 'id' | 'createdAt'>) =>
    inbox.readIds.includes(n.id) || (inbox.readUpTo !== null && n.createdAt <= inbox.readUpTo);

  async function dueReminders(userId: string, inbox: Inbox, now: Date): Promise<Notification[]> {
    if (!inbox.preferences.tasks) return [];
    const today = now.toISOString().slice(0, 10);
    const tasks = await documents.collection<TaskDoc>('tasks').find({
      where: { assignedTo: userId, status: 'pending', dueDate: { $lte: `${today}T23:59:59.999Z` } },
      sort: [['dueDate', 'desc']],
      limit: MAX_DUE,
    });
    return tasks.flatMap((t) => {
      const reminder = dueReminder(t, today);
      return reminder ? [{ ...reminder, read: isRead(inbox, reminder) }] : [];
    });
  }

  async function unreadCount(userId: string, inbox: Inbox, now: Date): Promise<number> {
    const where: Where = { ...mine(userId, inbox.preferences), ...(inbox.readUpTo ? { createdAt: { $gt: inbox.readUpTo } } : {}) };
    const [all, read, due] = await Promise.all([
      notifications().count({ where }),
      inbox.readIds.length > 0 ? notifications().count({ where: { ...where, id: { $in: inbox.readIds } } }) : Promise.resolve(0),
      dueReminders(userId, inbox, now),
    ]);
    return Math.max(0, all - read) + due.filter((d) => !d.read).length;
  }

  return {
    /** the first page starts with the due-task reminders; the pages page through the notifications */
    async listNotifications(
      userId: string,
      page: { limit?: number | undefined; offset?: number | undefined },
      now = new Date(),
    ): Promise<NotificationPage> {
      const inbox = await inboxOf(userId);
      const limit = page.limit ?? 10;
      const offset = page.offset ?? 0;
      const [docs, unread, due] = await Promise.all([
        notifications().find({
          where: mine(userId, inbox.preferences),
          sort: [
            ['createdAt', 'desc'],
            ['id', 'desc'],
          ],
          limit: limit + 1,
          offset,
        }),
        unreadCount(userId, inbox, now),
        offset === 0 ? dueReminders(userId, inbox, now) : Promise.resolve([]),
      ]);
      const items = docs.slice(0, limit).map((d): Notification => ({
        id: String(d.id),
        kind: d.kind,
        title: d.title,
        body: d.body,
        url: d.url,
        actor: d.actor,
        createdAt: d.createdAt,
        dueAt: d.dueAt,
        read: isRead(inbox, { id: String(d.id), createdAt: d.createdAt }),
      }));
      return { items: [...due, ...items], next: docs.length > limit ? offset + limit : null, unread };
    },
    async unreadNotificationCount(userId: string): Promise<{ count: number }> {
      return { count: await unreadCount(userId, await inboxOf(userId), new Date()) };
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
