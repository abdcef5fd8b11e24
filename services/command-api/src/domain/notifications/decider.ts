import type { EventOfType, FollowableKind, NotificationPreferences } from '@ats/events';
import { assertNever, type CommandMetadata, type Decider } from '../shared/decider';
import { NotFoundError } from '../shared/errors';

// Follow: one stream per (user, record). Following twice or unfollowing what one does not follow
// changes nothing (no event): the toggle is idempotent.
export type FollowEvent = EventOfType<'RecordFollowed'> | EventOfType<'RecordUnfollowed'>;
export type FollowState = { following: boolean };
type FollowKey = { kind: FollowableKind; recordId: number; recordExists: boolean };
export type FollowCommand =
  { type: 'Follow'; data: FollowKey; metadata: CommandMetadata } | { type: 'Unfollow'; data: FollowKey; metadata: CommandMetadata };

export const followDecider: Decider<FollowState, FollowCommand, FollowEvent> = {
  eventTypes: ['RecordFollowed', 'RecordUnfollowed'],
  initialState: () => ({ following: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'RecordFollowed':
        return { following: true };
      case 'RecordUnfollowed':
        return { following: false };
      default:
        return state;
    }
  },
  decide(command, state) {
    const { kind, recordId } = command.data;
    const userId = command.metadata.actor.id;
    switch (command.type) {
      case 'Follow':
        if (!command.data.recordExists) throw new NotFoundError(kind === 'candidate' ? 'Candidate' : 'Job', recordId);
        return state.following ? [] : [{ type: 'RecordFollowed', data: { userId, kind, recordId } }];
      case 'Unfollow':
        // unfollowing a deleted record is allowed: it only stops the notices
        return state.following ? [{ type: 'RecordUnfollowed', data: { userId, kind, recordId } }] : [];
      default:
        return assertNever(command);
    }
  },
};

// Inbox: one stream per user holding what they read and what they want to be told about. Read
// marks are events (not a browser-side list) so they survive reloads and reach every device;
// the notifications read model folds them into a per-user inbox document.
export type InboxEvent =
  EventOfType<'NotificationsRead'> | EventOfType<'AllNotificationsRead'> | EventOfType<'NotificationPreferencesChanged'>;
export type InboxState = { readIds: ReadonlySet<string>; readUpTo: string | null; preferences: NotificationPreferences };
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = { tasks: true, interviews: true, moves: true, notes: true };
export type InboxCommand =
  | { type: 'MarkRead'; data: { notificationIds: string[] }; metadata: CommandMetadata }
  | { type: 'MarkAllRead'; data: Record<string, never>; metadata: CommandMetadata }
  | { type: 'SetPreferences'; data: { preferences: NotificationPreferences }; metadata: CommandMetadata };

/** read marks older than the last "mark all read" are covered by it: the state forgets them */
export const inboxDecider: Decider<InboxState, InboxCommand, InboxEvent> = {
  eventTypes: ['NotificationsRead', 'AllNotificationsRead', 'NotificationPreferencesChanged'],
  initialState: () => ({ readIds: new Set(), readUpTo: null, preferences: DEFAULT_NOTIFICATION_PREFERENCES }),
  evolve(state, event) {
    switch (event.type) {
      case 'NotificationsRead':
        return { ...state, readIds: new Set([...state.readIds, ...event.data.notificationIds]) };
      case 'AllNotificationsRead':
        return { ...state, readIds: new Set(), readUpTo: event.data.upTo };
      case 'NotificationPreferencesChanged':
        return { ...state, preferences: event.data.preferences };
      default:
        return state;
    }
  },
  decide(command, state) {
    const userId = command.metadata.actor.id;
    switch (command.type) {
      case 'MarkRead': {
        const fresh = [...new Set(command.data.notificationIds)].filter((id) => !state.readIds.has(id));
        return fresh.length > 0 ? [{ type: 'NotificationsRead', data: { userId, notificationIds: fresh } }] : [];
      }
      case 'MarkAllRead':
        return [{ type: 'AllNotificationsRead', data: { userId, upTo: command.metadata.now } }];
      case 'SetPreferences': {
        const next = command.data.preferences;
        const same = (Object.keys(next) as Array<keyof NotificationPreferences>).every((k) => next[k] === state.preferences[k]);
        return same ? [] : [{ type: 'NotificationPreferencesChanged', data: { userId, preferences: next } }];
      }
      default:
        return assertNever(command);
    }
  },
};
