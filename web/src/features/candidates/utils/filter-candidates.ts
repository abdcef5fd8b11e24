import type { Candidate } from '@ats/contracts';
import type { CandidateFilters } from '../state/candidate-filters';

const norm = (value: string | null | undefined) => (value ?? '').trim().toLowerCase();

/**
 * The filter panel applied to the fetched list (the server applies only the search term).
 * Skills: every comma-separated term must match (substring, case-insensitive) some skill.
 */
export function filterCandidates(candidates: readonly Candidate[], filters: CandidateFilters): Candidate[] {
  const location = norm(filters.location);
  const skillTerms = filters.skills
    .split(',')
    .map(norm)
    .filter((term) => term.length > 0);
  return candidates.filter((candidate) => {
    if (filters.status !== 'all' && candidate.status !== filters.status) return false;
    if (location && !norm(candidate.location).includes(location)) return false;
    if (skillTerms.length > 0) {
      const skills = candidate.skills.map(norm);
      if (!skillTerms.every((term) => skills.some((skill) => skill.includes(term)))) return false;
    }
    const hasResume = Boolean(candidate.resumeFileName || candidate.resumeText);
    if (filters.resume === 'has' && !hasResume) return false;
    if (filters.resume === 'none' && hasResume) return false;
    return true;
  });
}

export function hasActiveFilters(filters: CandidateFilters): boolean {
  return filters.status !== 'all' || filters.resume !== 'all' || norm(filters.location) !== '' || norm(filters.skills) !== '';
}
