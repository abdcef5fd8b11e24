import type Router from '@koa/router';
import { contracts } from '@ats/contracts';
import { bindContract } from '@ats/http-kit';
import type { Deps } from '../domain/context';
import {
  markAllNotificationsRead,
  markNotificationsRead,
  setFollowing,
  setNotificationPreferences,
} from '../domain/notifications/handlers';
import { callOf } from './call';

/** The bell's commands (read marks, preferences) and following candidates and jobs: the caller's own state. */
export function notificationRoutes(router: Router, deps: Deps, opts: { validateResponses?: boolean }) {
  bindContract(
    router,
    contracts.markNotificationsRead,
    ({ ctx, user, body }) => markNotificationsRead(deps, callOf(ctx, user), body.ids),
    opts,
  );
  bindContract(router, contracts.markAllNotificationsRead, ({ ctx, user }) => markAllNotificationsRead(deps, callOf(ctx, user)), opts);
  bindContract(
    router,
    contracts.setNotificationPreferences,
    ({ ctx, user, body }) => setNotificationPreferences(deps, callOf(ctx, user), body),
    opts,
  );
  bindContract(
    router,
    contracts.followCandidate,
    ({ ctx, user, params }) => setFollowing(deps, callOf(ctx, user), 'candidate', params.id, true),
    opts,
  );
  bindContract(
    router,
    contracts.unfollowCandidate,
    ({ ctx, user, params }) => setFollowing(deps, callOf(ctx, user), 'candidate', params.id, false),
    opts,
  );
  bindContract(router, contracts.followJob, ({ ctx, user, params }) => setFollowing(deps, callOf(ctx, user), 'job', params.id, true), opts);
  bindContract(
    router,
    contracts.unfollowJob,
    ({ ctx, user, params }) => setFollowing(deps, callOf(ctx, user), 'job', params.id, false),
    opts,
  );
}
