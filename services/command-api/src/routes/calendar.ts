import type Router from '@koa/router';
import { contracts } from '@ats/contracts';
import { bindContract } from '@ats/http-kit';
import type { Deps } from '../domain/context';
import { rotateCalendarFeed } from '../domain/calendar/feed';
import { sendInterviewInvitation } from '../domain/calendar/invitation';
import { callOf } from './call';

/** Calendar integration: the candidate's invitation e-mail (.ics attached) and resetting one's feed link. */
export function calendarRoutes(router: Router, deps: Deps, opts: { validateResponses?: boolean }) {
  bindContract(
    router,
    contracts.sendInterviewInvitation,
    ({ ctx, user, params, body }) => sendInterviewInvitation(deps, callOf(ctx, user), user, params.id, body, ctx.host),
    opts,
  );
  bindContract(router, contracts.rotateCalendarFeed, ({ ctx, user }) => rotateCalendarFeed(deps, callOf(ctx, user)), opts);
}
