import { foldText } from '@ats/storage';

/**
 * Pure matching and ranking for the global search. No regular expression is built from the
 * query: words are compared with `startsWith`/`includes` on folded text (lower case, accents
 * folded by the same table the document stores use), so the store's candidates and this ranking
 * agree on what matches.
 */
export const foldForSearch = (text: string | null | undefined): string => foldText(text ?? '').toLowerCase();

/** the query's words, folded (at most 8, like the stores' search) */
export const searchWords = (query: string): string[] =>
  foldForSearch(query)
    .split(/\s+/)
    .filter((w) => w.length > 0)
    .slice(0, 8);

export interface SearchFields {
  /** what the result is called (a name, a title): matches here count most */
  primary: ReadonlyArray<string | null | undefined>;
  /** what else the result is found by (e-mail, company, skills, industry …) */
  secondary?: ReadonlyArray<string | null | undefined>;
}

function wordScore(word: string, field: string): number {
  if (field === word) return 100;
  if (field.startsWith(word)) return 70;
  // a word inside the field starts with it ('lovelace' in 'ada lovelace', 'example' in 'ada@example.com')
  for (const part of field.split(/[\s@.,;:/()_-]+/)) if (part.startsWith(word)) return 50;
  return field.includes(word) ? 25 : 0;
}

/**
 * How well a record matches the query's words: null when some word matches none of its fields
 * (every word must match, as in the stores' search); otherwise higher is better. The whole query
 * equal to or starting the primary text (a full name) earns a bonus.
 */
export function scoreMatch(words: readonly string[], fields: SearchFields): number | null {
  if (words.length === 0) return null;
  const primary = fields.primary.map(foldForSearch).filter((f) => f.length > 0);
  const secondary = (fields.secondary ?? []).map(foldForSearch).filter((f) => f.length > 0);
  let total = 0;
  for (const word of words) {
    const best = Math.max(0, ...primary.map((f) => wordScore(word, f)), ...secondary.map((f) => wordScore(word, f) / 2));
    if (best === 0) return null;
    total += best;
  }
  const phrase = words.join(' ');
  const title = primary.join(' ');
  if (words.length > 1 && title === phrase) total += 100;
  else if (words.length > 1 && title.startsWith(phrase)) total += 50;
  return total;
}

export interface Scored<T> {
  item: T;
  score: number;
  /** ties go to the earlier title */
  title: string;
}

/** Best first (higher score, then title A–Z), at most `limit`. */
export function rank<T>(scored: ReadonlyArray<Scored<T>>, limit: number): T[] {
  return [...scored]
    .sort((a, b) => b.score - a.score || a.title.localeCompare(b.title))
    .slice(0, Math.max(0, limit))
    .map((s) => s.item);
}

/**
 * The groups in their fixed order, each already ranked and capped, cut to `total` overall: when
 * the total cap bites, every non-empty group keeps at least one result before any group gets more.
 */
export function capGroups<T>(groups: ReadonlyArray<readonly T[]>, total: number): T[][] {
  const kept: T[][] = groups.map(() => []);
  let left = total;
  for (let round = 0; left > 0; round++) {
    let added = false;
    for (const [i, group] of groups.entries()) {
      if (left > 0 && round < group.length) {
        kept[i]!.push(group[round]!);
        left--;
        added = true;
      }
    }
    if (!added) break;
  }
  return kept;
}
