import { describe, expect, it } from 'vitest';
import type { SearchResult } from '@ats/contracts';
import { flatResults, groupResults, moveActive, optionId } from './result-groups';

const r = (kind: SearchResult['kind'], id: number): SearchResult => ({
  kind,
  id,
  title: `${kind} ${id}`,
  subtitle: null,
  url: `/${kind}/${id}`,
});

describe('search palette groups and keyboard moves', () => {
  it('groups by kind in a fixed order, numbering options in reading order', () => {
    const groups = groupResults([r('job', 1), r('candidate', 2), r('contact', 3), r('candidate', 4)]);
    expect(groups.map((g) => g.label)).toEqual(['Candidates', 'Jobs', 'Contacts']);
    expect(groups.map((g) => g.items.map((i) => i.index))).toEqual([[0, 1], [2], [3]]);
    expect(flatResults(groups).map(optionId)).toEqual([
      'search-option-candidate-2',
      'search-option-candidate-4',
      'search-option-job-1',
      'search-option-contact-3',
    ]);
    expect(groupResults([])).toEqual([]);
  });

  it('moves with arrows, wrapping, and Home/End', () => {
    expect(moveActive(-1, 3, 'ArrowDown')).toBe(0);
    expect(moveActive(2, 3, 'ArrowDown')).toBe(0);
    expect(moveActive(0, 3, 'ArrowUp')).toBe(2);
    expect(moveActive(-1, 3, 'ArrowUp')).toBe(2);
    expect(moveActive(1, 3, 'Home')).toBe(0);
    expect(moveActive(1, 3, 'End')).toBe(2);
    expect(moveActive(0, 0, 'ArrowDown')).toBe(-1);
  });
});
