/** Word-level helpers for the built-in engine's text understanding (no regex built from user text). */

/** Lower case, accents folded, "n't" spelled out, everything but letters, digits, &, + and # as spaces. */
export function words(text: string | null | undefined): string[] {
  if (!text) return [];
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/n[’']t\b/g, ' not')
    .replace(/[^a-z0-9&+#]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
}

/** A phrase as words; a trailing "*" on a word matches any word starting with it ("communicat*"). */
export type Phrase = readonly string[];
export const phrase = (s: string): Phrase => s.split(' ');

/** `phrase` occurs in `list` at `at`. */
export function phraseAt(list: readonly string[], at: number, p: Phrase): boolean {
  if (at + p.length > list.length) return false;
  for (let k = 0; k < p.length; k++) {
    const want = p[k]!;
    const got = list[at + k]!;
    if (want.endsWith('*') ? !got.startsWith(want.slice(0, -1)) : got !== want) return false;
  }
  return true;
}

/** Every start index where `p` occurs in `list`. */
export function findPhrase(list: readonly string[], p: Phrase): number[] {
  const out: number[] = [];
  for (let i = 0; i + p.length <= list.length; i++) if (phraseAt(list, i, p)) out.push(i);
  return out;
}

export const hasPhrase = (list: readonly string[], p: Phrase) => findPhrase(list, p).length > 0;

/**
 * Phrases looked up by their first word, so a scan costs one map lookup per word (plus the few
 * "prefix*" phrases) instead of one comparison per phrase per word. Longest phrases come first.
 */
export class PhraseIndex<T extends { p: Phrase }> {
  private readonly exact = new Map<string, T[]>();
  private readonly prefixed: T[] = [];

  constructor(items: readonly T[]) {
    const sorted = [...items].sort((a, b) => b.p.length - a.p.length);
    for (const item of sorted) {
      const first = item.p[0]!;
      if (first.endsWith('*')) this.prefixed.push(item);
      else this.exact.set(first, [...(this.exact.get(first) ?? []), item]);
    }
  }

  /** The items whose phrase occurs at `at`, longest first. */
  at(list: readonly string[], at: number): T[] {
    const out: T[] = [];
    const candidates = this.exact.get(list[at]!);
    if (candidates) for (const c of candidates) if (phraseAt(list, at, c.p)) out.push(c);
    const exactHits = out.length;
    for (const c of this.prefixed) if (list[at]!.startsWith(c.p[0]!.slice(0, -1)) && phraseAt(list, at, c.p)) out.push(c);
    // both lists are longest-first already; merge only when both matched
    return exactHits > 0 && out.length > exactHits ? out.sort((a, b) => b.p.length - a.p.length) : out;
  }
}
