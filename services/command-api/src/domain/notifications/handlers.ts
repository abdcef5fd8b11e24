import type { FollowableKind, NotificationPreferences } from '@ats/events';
import { scopeOf } from '../../command-handler';
import { candidates, isLiveCandidate, isLiveJob, jobs } from '../aggregates';
import { commandHandler } from '../../command-handler';
import type { Call, Deps, Result } from '../context';
import { toFollowStreamId, toInboxStreamId } from '@ats/events';
import { followDecider, inboxDecider } from './decider';

const follows = commandHandler(followDecider, toFollowStreamId);
const inboxes = commandHandler(inboxDecider, toInboxStreamId);

/** Follow or unfollow a candidate or job as the calling user (idempotent: a repeat appends nothing). */
export async function setFollowing(deps: Deps, call: Call, kind: FollowableKind, recordId: number, following: boolean): Promise<Result> {
  const recordExists =
    kind === 'candidate'
      ? isLiveCandidate(await candidates.state(deps.eventStore, recordId))
      : isLiveJob(await jobs.state(deps.eventStore, recordId));
  const outcome = await follows.execute(
    scopeOf(deps, call),
    { userId: call.metadata.actor.id, kind, recordId },
    {
      type: following ? 'Follow' : 'Unfollow',
      data: { kind, recordId, recordExists },
    },
  );
  return { position: outcome.position };
}

export async function markNotificationsRead(deps: Deps, call: Call, notificationIds: string[]): Promise<Result> {
  const outcome = await inboxes.execute(scopeOf(deps, call), call.metadata.actor.id, { type: 'MarkRead', data: { notificationIds } });
  return { position: outcome.position };
}

export async function markAllNotificationsRead(deps: Deps, call: Call): Promise<Result> {
  const outcome = await inboxes.execute(scopeOf(deps, call), call.metadata.actor.id, { type: 'MarkAllRead', data: {} });
  return { position: outcome.position };
}

export async function setNotificationPreferences(deps: Deps, call: Call, preferences: NotificationPreferences): Promise<Result> {
  const outcome = await inboxes.execute(scopeOf(deps, call), call.metadata.actor.id, { type: 'SetPreferences', data: { preferences } });
  return { position: outcome.position };
}
