import type { Activity } from '@ats/contracts';
import { describe, expect, it } from 'vitest';
import { feedWhere, toFeedPage } from './activity-feed';

const line = (position: number): Activity => ({
  id: `e${position}`,
  type: 'candidate',
  description: `line ${position}`,
  entityType: 'candidate',
  entityId: position,
  createdBy: 'u1',
  createdAt: '2025-03-01T10:00:00.000Z',
  position,
});

describe('activity feed paging', () => {
  it('gives a cursor (the last line’s position) only when more lines follow', () => {
    expect(toFeedPage([line(9), line(8), line(7)], 2)).toEqual({ items: [line(9), line(8)], nextCursor: 8 });
    expect(toFeedPage([line(9), line(8)], 2)).toEqual({ items: [line(9), line(8)], nextCursor: null });
    expect(toFeedPage([], 2)).toEqual({ items: [], nextCursor: null });
  });

  it('filters by cursor, type, user and a UTC date range', () => {
    expect(feedWhere({})).toEqual({});
    expect(
      feedWhere({ before: 8, type: 'placement', user: 'u2', from: '2025-03-01T00:00:00+01:00', to: '2025-03-02T00:00:00.000Z' }),
    ).toEqual({
      position: { $lt: 8 },
      type: 'placement',
      createdBy: 'u2',
      createdAt: { $gte: '2025-02-28T23:00:00.000Z', $lt: '2025-03-02T00:00:00.000Z' },
    });
    expect(feedWhere({ to: '2025-03-02T00:00:00Z' })).toEqual({ createdAt: { $lt: '2025-03-02T00:00:00.000Z' } });
  });
});
