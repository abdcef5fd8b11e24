import { fold, isGivenName, isSurname } from './names';
import { HONORIFICS, isTitleLike, NEVER_NAME, PARTICLES, POST_NOMINALS, headingKind } from './vocabulary';

export interface NameFound {
  firstName: string;
  lastName: string;
  confidence: number;
}

const NAME_WORD = /^[\p{Lu}][\p{L}'’-]*\.?$/u;
const INITIAL = /^[\p{Lu}]\.?$/u;
const isCaps = (w: string) => w.length > 1 && w === w.toUpperCase() && w !== w.toLowerCase();

/** "O'BRIEN" → "O'Brien", "DUBOIS-LEFÈVRE" → "Dubois-Lefèvre"; mixed-case words stay as written. */
export function nameCase(word: string): string {
  if (!isCaps(word)) return word;
  return word.toLowerCase().replace(/(^|[-'’ ])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase());
}

/** "Dr.", "Prof.", and compounds of them: "Dr.-Ing.", "Dipl.-Kfm." when every part is one. */
const isHonorific = (word: string) =>
  fold(word)
    .replace(/\./g, '')
    .split('-')
    .every((part) => HONORIFICS.has(part));

const CREDENTIAL = /^\p{Lu}{2,6}(?:\(\p{Lu}{2,3}\))?$/u;

/**
 * Letters after a name written in mixed case: "Eleanor Whitcombe ACMA", "Thandiwe Mokoena
 * CA(SA)". A capitalised word the name lists know (a surname in capitals: "Marie Claire DUPONT")
 * stays, and so does one after another capitalised word ("Jean DE LA TOUR").
 */
function withoutCredentials(text: string): string {
  const words = text.split(/\s+/);
  while (words.length > 2) {
    const last = words[words.length - 1]!;
    const before = words[words.length - 2]!;
    if (!CREDENTIAL.test(last) || !/\p{Ll}/u.test(before) || isSurname(last) || isGivenName(last)) break;
    words.pop();
  }
  return words.join(' ');
}

/** The words of a would-be name, honorifics and post-nominals removed; null when it cannot be a name. */
function nameWords(segment: string): string[] | null {
  // "Rebecca L. Stern, CPA" is a name; "Los Angeles, CA" is a place
  const [head, ...tail] = segment.split(/,/);
  if (
    tail.some(
      (t) =>
        !t
          .trim()
          .split(/\s+/)
          .every((w) => POST_NOMINALS.has(fold(w).replace(/\./g, ''))),
    )
  )
    return null;
  // a nickname in brackets between the names: "CHUKWUEMEKA (EMEKA) OKONKWO"
  // or in quotes: 'Oluwaseun "Seun" Adeyemi'
  let text = head!
    .trim()
    .replace(/\s\([\p{L}'’.-]{2,20}\)(?=\s)/gu, '')
    .replace(/\s["“][\p{L}'’.-]{2,20}["”](?=\s)/gu, '');
  text = withoutCredentials(text);
  if (text.length < 3 || text.length > 60 || /[@\d:|•/()]/.test(text)) return null;
  if (headingKind(text)) return null;
  let words = text.split(/\s+/);
  while (words.length > 0 && isHonorific(words[0]!)) words = words.slice(1);
  while (
    words.length > 0 &&
    POST_NOMINALS.has(
      fold(words[words.length - 1]!)
        .replace(/\.$/g, '')
        .replace(/\./g, ''),
    )
  )
    words = words.slice(0, -1);
  text = words.join(' ');
  // up to five name words, particles not counted: "María José de la Cruz Fernández"
  if (words.length < 2 || words.length > 8 || words.filter((w) => !PARTICLES.has(fold(w))).length > 5) return null;
  if (isTitleLike(text)) return null;
  for (const [i, w] of words.entries()) {
    const f = fold(w).replace(/\.$/, '');
    if (NEVER_NAME.has(f)) return null;
    if (i > 0 && PARTICLES.has(f)) continue;
    if (!NAME_WORD.test(w)) return null;
  }
  // a name has at least two words that are not initials
  if (words.filter((w) => !INITIAL.test(w)).length < 2) return null;
  return words;
}

/** Splits name words into first and last: surname-first in capitals ("ZHANG Wei"), particles kept, middle names left out. */
function split(words: string[]): { firstName: string; lastName: string } {
  const allCaps = words.every(isCaps);
  const capsAt = words.map((w) => !allCaps && isCaps(w));
  if (capsAt[0] && !capsAt[words.length - 1]) {
    const lastCount = capsAt.findIndex((c) => !c);
    return { firstName: words.slice(lastCount).map(nameCase).join(' '), lastName: words.slice(0, lastCount).map(nameCase).join(' ') };
  }
  const cased = words.map(nameCase).filter((w, i) => i === 0 || !INITIAL.test(w));
  const firstName = cased[0]!;
  const rest = cased.slice(1);
  // the surname starts at a particle or a capitalised surname run; given names before it are middle names
  let start = rest.length - 1;
  for (let i = rest.length - 2; i >= 0; i--) {
    const f = fold(rest[i]!);
    if (PARTICLES.has(f) || (isSurname(rest[i]!) && !isGivenName(rest[i]!))) start = i;
    else break;
  }
  // a particle written in lower case opens the surname, whatever follows: "María José de la Cruz
  // Fernández" (not "y"/"e", which join two surnames: "Ortega y Gasset")
  const particle = rest.findIndex((w, i) => i < start && w === w.toLowerCase() && PARTICLES.has(w) && w !== 'y' && w !== 'e');
  if (particle > 0) start = particle;
  return { firstName, lastName: rest.slice(start).join(' ') };
}

function knowledge(words: string[]): number {
  const plain = words.filter((w) => !INITIAL.test(w));
  let score = 0;
  if (plain.some((w) => isGivenName(w))) score += 1;
  if (plain.length > 1 && isSurname(plain[plain.length - 1]!)) score += 1;
  else if (plain.length > 1 && isSurname(plain[0]!)) score += 0.5;
  return score;
}

/**
 * The person's name, as a reader finds it: a labelled "Name:" value, else the line near the top
 * that is shaped like a name (two to five capitalised words, no heading, no job words) and that
 * the given-name/surname lists know best.
 */
export function findName(lines: readonly string[], labelledName: string | undefined): NameFound | null {
  if (labelledName) {
    const words = nameWords(labelledName);
    if (words) return { ...split(words), confidence: 0.95 };
  }
  let best: { words: string[]; score: number; index: number } | null = null;
  let seen = 0;
  for (const [index, line] of lines.entries()) {
    if (seen >= 24) break;
    seen++;
    const kind = headingKind(line);
    if (kind === 'experience' || kind === 'education') break;
    let segment = line.split(/\s[|·•—–]\s|\t|\s{3,}/)[0]!;
    // a name a narrow column wrapped: "Elena" / "Popescu"
    const next = lines[index + 1];
    if (/^\p{L}+$/u.test(segment) && next && /^[\p{L}'’-]+$/u.test(next) && isGivenName(segment)) segment = `${segment} ${next}`;
    const words = nameWords(segment);
    if (!words) continue;
    const known = knowledge(words);
    // the first name-shaped line is what a reader takes; a segment of a contact line is less likely
    const contactLine = /@|\d{3}/.test(line);
    const score: number = known * 2 + (best ? 0 : 1.5) - (contactLine && segment !== line ? 1.5 : 0) - index * 0.1;
    if (!best || score > best.score) best = { words, score, index };
  }
  if (!best) return null;
  const known = knowledge(best.words);
  const confidence = known >= 1 ? (best.index <= 6 ? 0.93 : 0.85) : best.index <= 1 ? 0.8 : 0.55;
  return { ...split(best.words), confidence };
}

/**
 * A single name ("WIRANTO", "Sukarno"): one name-shaped word alone on one of the first lines that
 * the e-mail address's local part begins with. Offered, not filled (the caller's confidence).
 */
export function singleName(lines: readonly string[], email: string | undefined): string | null {
  const local = email ? fold(email.split('@')[0]!) : '';
  if (!local) return null;
  for (const line of lines.slice(0, 3)) {
    const word = line.trim();
    if (!NAME_WORD.test(word) || word.length < 3 || word.length > 24 || headingKind(word) || isTitleLike(word)) continue;
    const f = fold(word).replace(/\.$/, '');
    if (NEVER_NAME.has(f) || HONORIFICS.has(f)) continue;
    // the address begins with it: "wiranto.fin@" ("mbellamy@" holds a surname, not this name)
    if (local.startsWith(f)) return nameCase(word.replace(/\.$/, ''));
  }
  return null;
}
