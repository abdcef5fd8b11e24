import { atom } from 'jotai';

export const CANDIDATE_STATUS_FILTERS = ['all', 'active', 'placed', 'inactive'] as const;
export type CandidateStatusFilter = (typeof CANDIDATE_STATUS_FILTERS)[number];

export const RESUME_FILTERS = [
  { value: 'all', label: 'All Candidates' },
  { value: 'has', label: 'Has Resume' },
  { value: 'none', label: 'No Resume' },
] as const;
export type ResumeFilter = (typeof RESUME_FILTERS)[number]['value'];

export interface CandidateFilters {
  status: CandidateStatusFilter;
  location: string;
  skills: string;
  resume: ResumeFilter;
}

export const EMPTY_CANDIDATE_FILTERS: CandidateFilters = { status: 'all', location: '', skills: '', resume: 'all' };

/** UI state: the filter panel's values and whether it is open (kept while navigating away). */
export const candidateFiltersAtom = atom<CandidateFilters>(EMPTY_CANDIDATE_FILTERS);
export const candidateFiltersOpenAtom = atom(false);
