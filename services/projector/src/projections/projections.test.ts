import { INTERNAL_READ_MODELS, READ_MODELS } from '@ats/contracts';
import { EVENT_TYPES } from '@ats/events';
import { describe, expect, it } from 'vitest';
import { allProjections } from './index';

describe('allProjections', () => {
  it('keeps exactly the read models the contracts name, each once', () => {
    const names = allProjections.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual([...READ_MODELS].sort());
  });

  it('gives every read model its own collection', () => {
    const collections = allProjections.map((p) => p.collection.name);
    expect(new Set(collections).size).toBe(collections.length);
  });

  it('announces every read model but the internal ones', () => {
    const silent = allProjections.filter((p) => p.notify === false).map((p) => p.name);
    expect(silent.sort()).toEqual([...INTERNAL_READ_MODELS].sort());
  });

  it('only handles event types from the catalogue', () => {
    for (const p of allProjections) for (const type of p.handles) expect(EVENT_TYPES).toContain(type);
  });

  it('fills the lookup before the feed reads it', () => {
    const names = allProjections.map((p) => p.name);
    expect(names.indexOf('activity_lookup')).toBeLessThan(names.indexOf('activities'));
  });

  it('snapshots deleted records before candidates, clients and jobs drop them', () => {
    const names = allProjections.map((p) => p.name);
    for (const model of ['candidates', 'clients', 'jobs'] as const)
      expect(names.indexOf('deleted_records')).toBeLessThan(names.indexOf(model));
  });
});
