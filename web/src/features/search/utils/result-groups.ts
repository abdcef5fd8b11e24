import type { SearchKind, SearchResult } from '@ats/contracts';

export const KIND_LABELS: Record<SearchKind, string> = {
  candidate: 'Candidates',
  client: 'Clients',
  job: 'Jobs',
  contact: 'Contacts',
};

const ORDER: readonly SearchKind[] = ['candidate', 'client', 'job', 'contact'];

export interface ResultGroup {
  kind: SearchKind;
  label: string;
  /** each with its position in the flat list the arrow keys walk */
  items: Array<{ result: SearchResult; index: number }>;
}

/** The results in kind groups (fixed order, empty ones left out), numbered in reading order. */
export function groupResults(results: readonly SearchResult[]): ResultGroup[] {
  let index = 0;
  return ORDER.flatMap((kind) => {
    const items = results.filter((r) => r.kind === kind).map((result) => ({ result, index: index++ }));
    return items.length > 0 ? [{ kind, label: KIND_LABELS[kind], items }] : [];
  });
}

/** The flat order the groups are shown in. */
export const flatResults = (groups: readonly ResultGroup[]): SearchResult[] => groups.flatMap((g) => g.items.map((i) => i.result));

/** The option an arrow key (or Home/End) moves to, wrapping around; -1 when there are none. */
export function moveActive(active: number, count: number, key: 'ArrowDown' | 'ArrowUp' | 'Home' | 'End'): number {
  if (count <= 0) return -1;
  switch (key) {
    case 'ArrowDown':
      return active < 0 ? 0 : (active + 1) % count;
    case 'ArrowUp':
      return active <= 0 ? count - 1 : active - 1;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
  }
}

/** the DOM id of an option, for aria-activedescendant */
export const optionId = (result: Pick<SearchResult, 'kind' | 'id'>) => `search-option-${result.kind}-${result.id}`;
