import { describe, expect, it } from 'vitest';
import { ActivitySearchSchema, toFeedQuery } from './feed-filters';

describe('activity feed filters', () => {
  it('reads the URL search, dropping what is not valid', () => {
    expect(ActivitySearchSchema.parse({ type: 'placement', user: 'u2', from: '2025-03-01', to: 'soon' })).toEqual({
      type: 'placement',
      user: 'u2',
      from: '2025-03-01',
      to: undefined,
    });
    expect(ActivitySearchSchema.parse({ type: 'party' }).type).toBeUndefined();
  });

  it('turns calendar days into a local range including both days', () => {
    const query = toFeedQuery({ from: '2025-03-01', to: '2025-03-03' });
    expect(query.from).toBe(new Date(2025, 2, 1).toISOString());
    expect(query.to).toBe(new Date(2025, 2, 4).toISOString());
    expect(toFeedQuery({ type: 'job' })).toEqual({ type: 'job', user: undefined, from: undefined, to: undefined });
  });

  it('reads a backwards range the right way round', () => {
    expect(toFeedQuery({ from: '2025-03-03', to: '2025-03-01' })).toEqual(toFeedQuery({ from: '2025-03-01', to: '2025-03-03' }));
  });
});
