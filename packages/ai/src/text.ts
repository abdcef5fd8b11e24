/** Small text helpers shared by the built-in engine: tokens, seniority, years, skills vocabulary. */

export const normalize = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9+#.&/ -]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const STOP = new Set(['of', 'the', 'and', 'for', 'a', 'an', 'at', 'in', 'to', '&', '-', 'with']);
export function tokens(s: string | null | undefined): string[] {
  if (!s) return [];
  return normalize(s)
    .split(' ')
    .map((t) => TITLE_ALIASES[t] ?? t)
    .flatMap((t) => t.split(' '))
    .filter((t) => t.length > 1 && !STOP.has(t));
}

/** Abbreviations expanded before comparing titles. */
export const TITLE_ALIASES: Record<string, string> = {
  cfo: 'chief financial officer',
  cto: 'chief technology officer',
  ceo: 'chief executive officer',
  coo: 'chief operating officer',
  cmo: 'chief marketing officer',
  cpo: 'chief people officer',
  vp: 'vice president',
  svp: 'senior vice president',
  evp: 'executive vice president',
  dir: 'director',
  eng: 'engineering',
  mgr: 'manager',
};

export function jaccard(a: readonly string[], b: readonly string[]): number {
  const A = new Set(a);
  const B = new Set(b);
  if (A.size === 0 || B.size === 0) return 0;
  let inter = 0;
  for (const t of A) if (B.has(t)) inter++;
  return inter / (A.size + B.size - inter);
}

export type Seniority = 'junior' | 'mid' | 'senior' | 'executive';
export const SENIORITY_ORDER: Seniority[] = ['junior', 'mid', 'senior', 'executive'];

/** Seniority a title implies, or null when it says nothing. */
export function titleSeniority(title: string | null | undefined): Seniority | null {
  const t = ` ${tokens(title).join(' ')} `;
  if (!t.trim()) return null;
  if (/ chief | president | partner | founder | managing director | general counsel /.test(t)) return 'executive';
  if (/ vice | head | director /.test(t)) return 'senior';
  if (/ senior | lead | principal | staff | manager /.test(t)) return 'mid';
  if (/ junior | associate | assistant | intern | graduate /.test(t)) return 'junior';
  return null;
}

/** "15+ years", "8 years of experience", "10 yrs" → the number; null when absent. */
export function parseYears(text: string | null | undefined): number | null {
  if (!text) return null;
  // "+" splits the spaces in two so the two runs cannot trade characters (linear on long runs)
  const m = /(\d{1,2})(?:\s*\+)?\s*(?:years?|yrs?)/i.exec(text);
  return m ? Number(m[1]) : null;
}

export function seniorityFromYears(years: number): Seniority {
  return years >= 15 ? 'executive' : years >= 8 ? 'senior' : years >= 3 ? 'mid' : 'junior';
}

export { SKILL_VOCABULARY, skillsIn } from './builtin/skills';
export { sameLocation } from './builtin/locations';

export const sameSkill = (a: string, b: string) => normalize(a) === normalize(b);

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const idx = (sorted.length - 1) * p;
  const lo = Math.floor(idx);
  const hi = Math.ceil(idx);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (idx - lo);
}

export const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));
export const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;
