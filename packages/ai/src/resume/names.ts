import { allLocales } from '@faker-js/faker';

/**
 * Given names and surnames in Latin script from the locale data of @faker-js/faker (MIT, 70+
 * locales: ~17,000 given names, ~14,000 surnames). A knowledge source, not a gate: a name it does
 * not know can still be read from the top block, it only raises or lowers the confidence.
 */
let given: Set<string> | null = null;
let surnames: Set<string> | null = null;

const LATIN = /^[\p{Script=Latin}'’ .-]+$/u;
export const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

function collect(into: Set<string>, value: unknown): void {
  if (Array.isArray(value)) {
    for (const v of value)
      if (typeof v === 'string' && LATIN.test(v)) for (const part of v.split(/[ -]/)) if (part.length > 1) into.add(fold(part));
  } else if (value && typeof value === 'object') for (const v of Object.values(value)) collect(into, v);
}

function load(): void {
  given = new Set();
  surnames = new Set();
  for (const locale of Object.values(allLocales)) {
    const person = (locale as { person?: { first_name?: unknown; last_name?: unknown } }).person;
    if (!person) continue;
    collect(given, person.first_name);
    collect(surnames, person.last_name);
  }
}

export function isGivenName(word: string): boolean {
  if (!given) load();
  return given!.has(fold(word));
}

export function isSurname(word: string): boolean {
  if (!surnames) load();
  return surnames!.has(fold(word));
}

/** Loads the name sets now (the worker warms up with it, so the first parse stays fast). */
export function warmNames(): void {
  if (!given) load();
}
