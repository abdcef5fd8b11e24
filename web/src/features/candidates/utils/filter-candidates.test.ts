import { describe, expect, it } from 'vitest';
import type { Candidate } from '@ats/contracts';
import { EMPTY_CANDIDATE_FILTERS } from '../state/candidate-filters';
import { filterCandidates, hasActiveFilters } from './filter-candidates';

const candidate = (id: number, patch: Partial<Candidate>): Candidate => ({
  id,
  firstName: 'Ada',
  lastName: `L${id}`,
  email: `ada${id}@example.com`,
  phone: null,
  mobilePhone: null,
  location: null,
  linkedinUrl: null,
  currentTitle: 'CFO',
  currentCompany: null,
  status: 'active',
  experienceLevel: null,
  skills: [],
  summary: null,
  salaryExpectation: null,
  resumeFileName: null,
  resumeUploadedAt: null,
  resumeText: null,
  aiLastAnalyzed: null,
  aiMatchScore: null,
  createdBy: 'u1',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...patch,
});

const list = [
  candidate(1, { status: 'active', location: 'New York, NY', skills: ['M&A', 'Board Relations'], resumeFileName: 'ada.pdf' }),
  candidate(2, { status: 'placed', location: 'London', skills: ['P&L', 'SaaS'] }),
  candidate(3, { status: 'inactive', location: 'new york', skills: ['SaaS'] }),
];
const ids = (filters: Partial<typeof EMPTY_CANDIDATE_FILTERS>) =>
  filterCandidates(list, { ...EMPTY_CANDIDATE_FILTERS, ...filters }).map((c) => c.id);

describe('filterCandidates', () => {
  it('keeps everyone with no filters', () => {
    expect(ids({})).toEqual([1, 2, 3]);
    expect(hasActiveFilters(EMPTY_CANDIDATE_FILTERS)).toBe(false);
  });
  it('filters by status', () => {
    expect(ids({ status: 'placed' })).toEqual([2]);
  });
  it('filters by location, case-insensitively and by substring', () => {
    expect(ids({ location: 'NEW YORK' })).toEqual([1, 3]);
  });
  it('requires every comma-separated skill', () => {
    expect(ids({ skills: 'saas' })).toEqual([2, 3]);
    expect(ids({ skills: 'saas, p&l' })).toEqual([2]);
    expect(ids({ skills: ' , ' })).toEqual([1, 2, 3]);
  });
  it('filters by resume', () => {
    expect(ids({ resume: 'has' })).toEqual([1]);
    expect(ids({ resume: 'none' })).toEqual([2, 3]);
  });
  it('combines filters', () => {
    expect(ids({ location: 'york', status: 'inactive' })).toEqual([3]);
    expect(hasActiveFilters({ ...EMPTY_CANDIDATE_FILTERS, skills: 'x' })).toBe(true);
  });
});
