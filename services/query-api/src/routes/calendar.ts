import type Router from '@koa/router';
import type { Context } from 'koa';
import { CALENDAR_MESSAGES, ICS_CONTENT_TYPE, buildCalendar, contracts, interviewCalendar, interviewIcsEvent } from '@ats/contracts';
import { DomainError, ServiceUnavailableError, bindContract, requestOrigin } from '@ats/http-kit';
import { createFeedTokens } from '../calendar/feed-token';
import type { Queries } from '../read-models/queries';
import type { ResultCache } from '../read-models/result-cache';

export interface CalendarRouteOptions {
  validateResponses?: boolean;
  /** the server secret feed tokens are derived from (the session secret); unset = no feeds */
  feedSecret?: string | undefined;
  /** the public origin behind a proxy (feed URLs and calendar UIDs use it) */
  publicOrigin?: string | null | undefined;
  /** remembers calendar views until the read models move */
  viewCache?: ResultCache | undefined;
}

const notFound = (detail: string) => new DomainError(404, 'not_found', 'Not Found', detail);

/** The calendar integration's reads: an interview's .ics, its invitation state, and personal subscription feeds. */
export function calendarRoutes(router: Router, queries: Queries, opts: CalendarRouteOptions) {
  const tokens = opts.feedSecret ? createFeedTokens(opts.feedSecret) : null;
  const origin = (ctx: Context) => requestOrigin(ctx, { publicOrigin: opts.publicOrigin ?? null }) ?? 'http://localhost';
  const host = (ctx: Context) => new URL(origin(ctx)).host;
  const currentVersion = async (userId: string) => (await queries.feedVersion(userId))?.version ?? null;
  const asCalendar = (ctx: Context, fileName: string, inline: boolean) => {
    ctx.type = ICS_CONTENT_TYPE;
    ctx.set('Content-Disposition', `${inline ? 'inline' : 'attachment'}; filename="${fileName}"`);
  };

  bindContract(
    router,
    contracts.calendarInterviews,
    ({ query }) => {
      const compute = () => queries.calendarItems(query);
      return opts.viewCache ? opts.viewCache.get(`calendar:${JSON.stringify(query)}`, compute) : compute();
    },
    opts,
  );

  bindContract(
    router,
    contracts.interviewIcs,
    async ({ ctx, params }) => {
      const entry = await queries.calendarEntry(params.id);
      if (!entry) throw notFound(CALENDAR_MESSAGES.interviewNotFound);
      asCalendar(ctx, `interview-${entry.id}.ics`, false);
      return interviewCalendar(entry, { host: host(ctx), now: new Date() });
    },
    opts,
  );

  bindContract(
    router,
    contracts.getInterviewInvitation,
    async ({ params }) => {
      const status = await queries.invitationStatus(params.id);
      if (!status) throw notFound(CALENDAR_MESSAGES.interviewNotFound);
      return status;
    },
    opts,
  );

  bindContract(
    router,
    contracts.getCalendarFeed,
    async ({ ctx, user }) => {
      if (!tokens) throw new ServiceUnavailableError('Calendar feeds are not configured on this server.');
      const feed = await queries.feedVersion(user.id);
      if (!feed) throw notFound(CALENDAR_MESSAGES.feedNotFound);
      const url = `${origin(ctx)}${contracts.calendarFeedIcs.path.replace(':token', tokens.issue(user.id, feed.version))}`;
      return { url, webcalUrl: url.replace(/^https?:\/\//, 'webcal://'), version: feed.version, rotatedAt: feed.rotatedAt };
    },
    opts,
  );

  // public: calendar apps fetch it without a session; the token is the credential
  bindContract(
    router,
    contracts.calendarFeedIcs,
    async ({ ctx, params }) => {
      const userId = tokens ? await tokens.verify(params.token, currentVersion) : null;
      if (!userId) throw notFound(CALENDAR_MESSAGES.feedNotFound);
      const feed = await queries.feedVersion(userId);
      const entries = await queries.feedEntries(userId);
      const owner = feed ? `${feed.user.firstName} ${feed.user.lastName}`.trim() : '';
      asCalendar(ctx, 'talentflow-interviews.ics', true);
      return buildCalendar({
        dtstamp: new Date(),
        name: owner ? `TalentFlow interviews — ${owner}` : 'TalentFlow interviews',
        refreshMinutes: 15,
        events: entries.map((entry) => interviewIcsEvent(entry, { host: host(ctx), attendees: false })),
      });
    },
    opts,
  );
}
