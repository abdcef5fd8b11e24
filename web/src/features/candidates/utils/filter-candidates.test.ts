import { describe, expect, it } from 'vitest';
import { EMPTY_CANDIDATE_FILTERS } from '../state/candidate-filters';
import { hasActiveFilters, toCandidateListParams } from './filter-candidates';

describe('candidate filters as the server query', () => {
  it('sends nothing for the empty panel and no search', () => {
    expect(toCandidateListParams('  ', EMPTY_CANDIDATE_FILTERS)).toEqual({});
    expect(hasActiveFilters(EMPTY_CANDIDATE_FILTERS)).toBe(false);
  });
  it('maps every filter to its query parameter, trimming and dropping empty skill terms', () => {
    const filters = { status: 'placed' as const, location: ' New York ', skills: 'M&A, , treasury ', resume: 'has' as const };
    expect(toCandidateListParams(' ada ', filters)).toEqual({
      search: 'ada',
      status: 'placed',
      location: 'New York',
      skills: 'M&A,treasury',
      hasResume: 'true',
    });
    expect(toCandidateListParams('', { ...EMPTY_CANDIDATE_FILTERS, resume: 'none' })).toEqual({ hasResume: 'false' });
    expect(hasActiveFilters(filters)).toBe(true);
  });
});
