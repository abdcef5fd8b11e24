import type { NotificationPreferences } from '@ats/events';
import { defineProjection } from '../../projection';

/**
 * Each user's read marks and preferences (stream `inbox-<userId>`), id = user id: ids read one
 * by one since the last "mark all read", and that moment. Announced on the user's private room.
 */
export type NotificationInboxDoc = {
  id: string;
  readIds: string[];
  readUpTo: string | null;
  preferences: NotificationPreferences;
};

export const DEFAULT_PREFERENCES: NotificationPreferences = { tasks: true, interviews: true, moves: true, notes: true };
export const NOTIFICATION_INBOXES = 'notification_inboxes';
/** read marks kept per user (the oldest go first: older notifications drop out of the list long before) */
const MAX_READ_IDS = 2000;

const HANDLES = ['NotificationsRead', 'AllNotificationsRead', 'NotificationPreferencesChanged'] as const;

export const notificationInboxesProjection = defineProjection<NotificationInboxDoc, (typeof HANDLES)[number]>({
  name: 'notification_inboxes',
  collection: { name: NOTIFICATION_INBOXES },
  handles: HANDLES,
  documentId: (event) => event.data.userId,
  evolve(doc, event) {
    const base: NotificationInboxDoc = doc ?? { id: event.data.userId, readIds: [], readUpTo: null, preferences: DEFAULT_PREFERENCES };
    switch (event.type) {
      case 'NotificationsRead': {
        const fresh = event.data.notificationIds.filter((id) => !base.readIds.includes(id));
        return { ...base, readIds: [...base.readIds, ...fresh].slice(-MAX_READ_IDS) };
      }
      case 'AllNotificationsRead':
        return { ...base, readIds: [], readUpTo: event.data.upTo };
      case 'NotificationPreferencesChanged':
        return { ...base, preferences: event.data.preferences };
    }
  },
  refs: (event) => ({ userId: [event.data.userId] }),
});
