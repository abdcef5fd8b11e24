import { isGivenName, isSurname } from './names';

/**
 * "A I S H A  R A H M A N" → "AISHA RAHMAN": tracked (letter-spaced) text read without its
 * positions. Wider gaps (two spaces or a tab) are word breaks; without them a run of letters that
 * a given name and a surname explain is split there, else it is one word.
 */
export function collapseLetterSpacing(line: string): string {
  if (line.length < 7 || line.length > 120) return line;
  const tokens = line.split(' ');
  const single = tokens.filter((t) => /^\p{L}$/u.test(t)).length;
  if (tokens.length < 4 || single < tokens.length * 0.8) return line;
  if (/\t| {2}/.test(line))
    return line
      .split(/\t| {2,}/)
      .map((w) => w.replace(/ /g, ''))
      .join(' ');
  const letters = tokens.join('');
  if (isGivenName(letters) || isSurname(letters)) return letters;
  const known = (w: string) => w.split('-').every((p) => isSurname(p) || isGivenName(p));
  for (let k = letters.length - 2; k >= 2; k--) {
    const a = letters.slice(0, k);
    const b = letters.slice(k);
    if (isGivenName(a) && known(b)) return `${a} ${b}`;
  }
  return letters;
}
