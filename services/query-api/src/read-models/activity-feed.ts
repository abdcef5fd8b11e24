import type { Activity, ActivityActor, ActivityFeedPage } from '@ats/contracts';
import type { Doc, DocumentStore, Where } from '@ats/storage';
import { readModel } from './query-support';

type ActivityDoc = Activity & Doc;
type UserDoc = { id: string; firstName: string; lastName: string } & Doc;

export interface ActivityFeedFilter {
  /** only lines older than this log position (the cursor) */
  before?: number | undefined;
  limit?: number | undefined;
  type?: string | undefined;
  user?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export const DEFAULT_FEED_PAGE = 25;

/** The store's conditions for a feed filter; times compared as UTC ISO strings, as the lines keep them. */
export function feedWhere(filter: ActivityFeedFilter): Where {
  const where: Where = {};
  if (filter.before !== undefined) where.position = { $lt: filter.before };
  if (filter.type) where.type = filter.type;
  if (filter.user) where.createdBy = filter.user;
  const from = filter.from ? new Date(filter.from).toISOString() : undefined;
  const to = filter.to ? new Date(filter.to).toISOString() : undefined;
  if (from || to) where.createdAt = { ...(from ? { $gte: from } : {}), ...(to ? { $lt: to } : {}) };
  return where;
}

/** A page from `limit + 1` lines read newest first: the extra one only says there is more. */
export function toFeedPage(lines: readonly Activity[], limit: number): ActivityFeedPage {
  const items = lines.slice(0, limit);
  const more = lines.length > limit && items.length > 0;
  return { items, nextCursor: more ? items[items.length - 1]!.position : null };
}

/** The full activity feed: cursor pages over the activities read model, and who appears in it. */
export function createActivityFeedQueries(documents: DocumentStore) {
  const activities = readModel<ActivityDoc>(documents, 'activities');
  const users = readModel<UserDoc>(documents, 'users');
  return {
    async activityFeed(filter: ActivityFeedFilter): Promise<ActivityFeedPage> {
      const limit = filter.limit ?? DEFAULT_FEED_PAGE;
      const lines = await activities().find({ where: feedWhere(filter), sort: [['position', 'desc']], limit: limit + 1 });
      return toFeedPage(lines, limit);
    },
    async activityActors(): Promise<ActivityActor[]> {
      const ids = Object.keys(await activities().countBy('createdBy')).filter((id) => id !== 'null');
      const known = new Map((await users().getMany(ids)).map((u) => [String(u.id), `${u.firstName} ${u.lastName}`.trim()]));
      return ids
        .map((id) => ({ id, name: known.get(id) || (id === 'system' ? 'System' : id) }))
        .sort((a, b) => a.name.localeCompare(b.name));
    },
  };
}
