/**
 * Accent folding for `find({search})`: 'José Müller' is found by 'jose muller' and the other way
 * round. One table serves every adapter, so they agree by construction: the SQL adapter folds
 * its generated search column with `translate(text, FOLD_FROM, FOLD_TO)` and the search words
 * with `foldText`; the MongoDB adapter turns each folded letter of a word into the class of the
 * letters that fold to it (a character class per letter, no quantifier: linear matching).
 * Characters outside the table are left as they are, on both sides.
 */
const BASES: Record<string, string> = {
  a: 'àáâãäåāăą',
  c: 'çćĉċč',
  d: 'ďđ',
  e: 'èéêëēĕėęě',
  g: 'ĝğġģ',
  h: 'ĥħ',
  i: 'ìíîïĩīĭį',
  j: 'ĵ',
  k: 'ķ',
  l: 'ĺļľŀł',
  n: 'ñńņň',
  o: 'òóôõöøōŏő',
  r: 'ŕŗř',
  s: 'śŝşšș',
  t: 'ţťŧț',
  u: 'ùúûüũūŭůűų',
  w: 'ŵ',
  y: 'ýÿŷ',
  z: 'źżž',
};

const pairs: Array<[from: string, to: string]> = Object.entries(BASES).flatMap(([base, letters]) =>
  [...letters].flatMap((letter) => {
    const upper = letter.toUpperCase();
    // only one-to-one case pairs (every letter above has one)
    return upper.length === 1 && upper !== letter
      ? ([
          [letter, base],
          [upper, base.toUpperCase()],
        ] as Array<[string, string]>)
      : ([[letter, base]] as Array<[string, string]>);
  }),
);

/** the letters `translate` replaces, in the order of FOLD_TO (no quote characters: safe in SQL text) */
export const FOLD_FROM = pairs.map(([from]) => from).join('');
export const FOLD_TO = pairs.map(([, to]) => to).join('');

const FOLD = new Map(pairs);

/** `text` with every accented letter of the table replaced by its base letter (case kept). */
export function foldText(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) out += FOLD.get(ch) ?? ch;
  return out;
}

const CLASSES = new Map<string, string>(
  Object.entries(BASES).flatMap(([base, letters]) => {
    const lower = `${base}${letters}`;
    const upper = [...lower].map((c) => c.toUpperCase()).join('');
    return [[base, `[${lower}${upper}]`] as [string, string]];
  }),
);

/**
 * A case-insensitive pattern for one folded search word: regex syntax in the word is escaped,
 * and each base letter of the table becomes the class of the letters that fold to it.
 */
export function foldedPattern(word: string): string {
  let out = '';
  for (const ch of foldText(word)) {
    const cls = CLASSES.get(ch.toLowerCase());
    out += cls ?? ch.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
  }
  return out;
}
