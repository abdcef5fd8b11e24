/**
 * Given names and surnames in Latin script from the locale data of @faker-js/faker (MIT, 70+
 * locales: ~17,000 given names, ~14,000 surnames). A knowledge source, not a gate: a name it does
 * not know can still be read from the top block, it only raises or lowers the confidence.
 */
let given: Set<string> | null = null;
let surnames: Set<string> | null = null;

const LATIN = /^[\p{Script=Latin}'’ .-]+$/u;
/** Latin letters NFD does not take apart: "Wykształcenie" folds to "wyksztalcenie", "Kjærgaard" to "kjaergaard". */
const STROKED: Record<string, string> = { ł: 'l', ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', đ: 'd', ı: 'i', ħ: 'h', þ: 'th', ð: 'd' };
export const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[łøæœßđıħþð]/g, (c) => STROKED[c]!);

function collect(into: Set<string>, value: unknown): void {
  if (Array.isArray(value)) {
    for (const v of value)
      if (typeof v === 'string' && LATIN.test(v)) for (const part of v.split(/[ -]/)) if (part.length > 1) into.add(fold(part));
  } else if (value && typeof value === 'object') for (const v of Object.values(value)) collect(into, v);
}

let loading: Promise<void> | null = null;

/**
 * Loads the lists (once; about 150 ms): the worker does it when it warms up and before its first
 * parse. Until then the parser reads names by their shape alone, with a lower confidence.
 */
export function loadNames(): Promise<void> {
  loading ??= import('@faker-js/faker').then(({ allLocales }) => build(allLocales));
  return loading;
}

function build(allLocales: Record<string, unknown>): void {
  const g = new Set<string>();
  const s = new Set<string>();
  for (const locale of Object.values(allLocales)) {
    const person = (locale as { person?: { first_name?: unknown; last_name?: unknown } }).person;
    if (!person) continue;
    collect(g, person.first_name);
    collect(s, person.last_name);
  }
  given = g;
  surnames = s;
}

export const isGivenName = (word: string): boolean => given?.has(fold(word)) ?? false;
export const isSurname = (word: string): boolean => surnames?.has(fold(word)) ?? false;
