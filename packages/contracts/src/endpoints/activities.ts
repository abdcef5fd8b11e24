import { z } from 'zod';
import { ALL_ROLES, defineContract } from '../contract';
import { ACTIVITY_TYPES, ActivitySchema } from '../models';

/** The most feed lines one page returns. */
export const ACTIVITY_FEED_MAX_PAGE = 100;

/**
 * The full activity feed (the dashboard's "View All"): newest first, a page at a time. `before`
 * is the cursor (a log position: the previous page's `nextCursor`), so new lines arriving while
 * one reads never shift a page; `from`/`to` bound `createdAt` (from inclusive, to exclusive).
 */
export const ActivityFeedQuerySchema = z
  .object({
    before: z.coerce.number().int().positive().optional(),
    limit: z.coerce.number().int().min(1).max(ACTIVITY_FEED_MAX_PAGE).optional(),
    type: z.enum(ACTIVITY_TYPES).optional(),
    user: z.string().trim().min(1).max(200).optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), {
    path: ['to'],
    message: 'The end of the range must be after its start',
  });

export const ActivityFeedPageSchema = z.object({
  items: z.array(ActivitySchema),
  /** pass as `before` for the next (older) page; null on the last page */
  nextCursor: z.number().int().nullable(),
});
export type ActivityFeedPage = z.infer<typeof ActivityFeedPageSchema>;

/** Someone who has lines in the feed, for the feed's user filter. */
export const ActivityActorSchema = z.object({ id: z.string(), name: z.string() });
export type ActivityActor = z.infer<typeof ActivityActorSchema>;

export const activityContracts = {
  activityFeed: defineContract({
    name: 'activityFeed',
    method: 'GET',
    path: '/api/activities',
    query: ActivityFeedQuerySchema,
    response: ActivityFeedPageSchema,
    status: 200,
    roles: ALL_ROLES,
    summary: 'The activity feed, newest first, one cursor page at a time, filtered by type, user and date range',
  }),
  activityActors: defineContract({
    name: 'activityActors',
    method: 'GET',
    path: '/api/activities/actors',
    response: z.array(ActivityActorSchema),
    status: 200,
    roles: ALL_ROLES,
    summary: 'Who has lines in the activity feed (id and name), for its user filter',
  }),
};
