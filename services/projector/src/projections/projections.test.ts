import { EVENT_TYPES } from '@ats/events';
import { describe, expect, it } from 'vitest';
import { allProjections } from './index';

describe('allProjections', () => {
  it('gives every read model its own collection', () => {
    const names = allProjections.map((p) => p.collection.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual([
      'users',
      'candidates',
      'notes',
      'clients',
      'jobs',
      'applications',
      'deleted_records',
      'interviews',
      'tasks',
      'communications',
      'linkedin_job_posts',
      'placements',
      'ai_stats',
      'activity_lookup',
      'activities',
    ]);
  });

  it('only handles event types from the catalogue', () => {
    for (const p of allProjections) for (const type of p.handles) expect(EVENT_TYPES).toContain(type);
  });

  it('fills the lookup before the feed reads it', () => {
    const names = allProjections.map((p) => p.name);
    expect(names.indexOf('activity_lookup')).toBeLessThan(names.indexOf('activities'));
  });
});
