import { describe, it } from 'vitest';
import { followDecider, inboxDecider, type FollowEvent, type InboxEvent } from '../src/domain/notifications/decider';
import { deciderSpec, testMetadata as metadata } from './support/decider-spec';

const follow = deciderSpec(followDecider);
const inbox = deciderSpec(inboxDecider);
const key = { kind: 'candidate' as const, recordId: 3, recordExists: true };
const followed: FollowEvent = { type: 'RecordFollowed', data: { userId: 'u-ann', kind: 'candidate', recordId: 3 } };
const unfollowed: FollowEvent = { type: 'RecordUnfollowed', data: { userId: 'u-ann', kind: 'candidate', recordId: 3 } };
const prefs = { tasks: true, interviews: false, moves: true, notes: true };

describe('follow decider', () => {
  it('follows a live record once', () => {
    follow.given().when({ type: 'Follow', data: key, metadata }).then([followed]);
    follow.given(followed).when({ type: 'Follow', data: key, metadata }).thenNothing();
    follow.given(followed, unfollowed).when({ type: 'Follow', data: key, metadata }).then([followed]);
  });
  it('refuses to follow a deleted or unknown record (404)', () => {
    follow
      .given()
      .when({ type: 'Follow', data: { ...key, recordExists: false }, metadata })
      .thenRefuses(404, 'not_found', /Candidate 3/);
  });
  it('unfollows what it follows, even a deleted record; otherwise nothing', () => {
    follow
      .given(followed)
      .when({ type: 'Unfollow', data: { ...key, recordExists: false }, metadata })
      .then([unfollowed]);
    follow.given().when({ type: 'Unfollow', data: key, metadata }).thenNothing();
  });
});

describe('inbox decider', () => {
  const read = (...ids: string[]): InboxEvent => ({ type: 'NotificationsRead', data: { userId: 'u-ann', notificationIds: ids } });
  it('marks only notifications not read yet', () => {
    inbox
      .given()
      .when({ type: 'MarkRead', data: { notificationIds: ['a', 'a', 'b'] }, metadata })
      .then([read('a', 'b')]);
    inbox
      .given(read('a'))
      .when({ type: 'MarkRead', data: { notificationIds: ['a', 'b'] }, metadata })
      .then([read('b')]);
    inbox
      .given(read('a', 'b'))
      .when({ type: 'MarkRead', data: { notificationIds: ['b'] }, metadata })
      .thenNothing();
  });
  it('marks all read up to now', () => {
    inbox
      .given(read('a'))
      .when({ type: 'MarkAllRead', data: {}, metadata })
      .then([{ type: 'AllNotificationsRead', data: { userId: 'u-ann', upTo: metadata.now } }]);
  });
  it('records changed preferences only', () => {
    inbox
      .given()
      .when({ type: 'SetPreferences', data: { preferences: prefs }, metadata })
      .then([{ type: 'NotificationPreferencesChanged', data: { userId: 'u-ann', preferences: prefs } }]);
    inbox
      .given({ type: 'NotificationPreferencesChanged', data: { userId: 'u-ann', preferences: prefs } })
      .when({ type: 'SetPreferences', data: { preferences: prefs }, metadata })
      .thenNothing();
  });
});
