import { scopeOf } from '../../command-handler';
import { calendarFeeds } from '../aggregates';
import type { Call, Deps, Result } from '../context';

/** Resets the caller's calendar-feed link: the version bumps, so the old URL's token no longer matches. */
export async function rotateCalendarFeed(deps: Deps, call: Call): Promise<Result> {
  const userId = call.metadata.actor.id;
  const outcome = await calendarFeeds.execute(scopeOf(deps, call), userId, { type: 'RotateCalendarFeed', data: { userId } });
  return { position: outcome.position };
}
