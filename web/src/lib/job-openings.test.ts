import { describe, expect, it } from 'vitest';
import { allOpeningsFilled } from './job-openings';

describe('all openings filled', () => {
  it('offers when placements reach the openings of a job still open', () => {
    expect(allOpeningsFilled({ status: 'interviewing', openings: 2, placedCount: 2 })).toBe(true);
    expect(allOpeningsFilled({ status: 'open', openings: 2, placedCount: 1 })).toBe(false);
    expect(allOpeningsFilled({ status: 'open', openings: undefined, placedCount: 1 })).toBe(true);
  });
  it('does not offer for a job already filled or closed', () => {
    expect(allOpeningsFilled({ status: 'filled', openings: 1, placedCount: 1 })).toBe(false);
    expect(allOpeningsFilled({ status: 'closed', openings: 1, placedCount: 3 })).toBe(false);
  });
});
