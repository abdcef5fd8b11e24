import type { CandidateListParams } from '@/lib/query-keys';
import type { CandidateFilters } from '../state/candidate-filters';

const norm = (value: string | null | undefined) => (value ?? '').trim().toLowerCase();

export function hasActiveFilters(filters: CandidateFilters): boolean {
  return filters.status !== 'all' || filters.resume !== 'all' || norm(filters.location) !== '' || norm(filters.skills) !== '';
}

/** The filter panel as the list query the server applies (GET /api/candidates?status=&location=&skills=&hasResume=). */
export function toCandidateListParams(search: string, filters: CandidateFilters): CandidateListParams {
  const params: CandidateListParams = {};
  if (search.trim()) params.search = search.trim();
  if (filters.status !== 'all') params.status = filters.status;
  if (filters.location.trim()) params.location = filters.location.trim();
  const skills = filters.skills
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .join(',');
  if (skills) params.skills = skills;
  if (filters.resume !== 'all') params.hasResume = filters.resume === 'has' ? 'true' : 'false';
  return params;
}
