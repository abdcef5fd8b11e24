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

/** Skills the built-in engine recognises in free text (job descriptions, summaries, resumes). */
export const SKILL_VOCABULARY = [
  'Financial Planning',
  'M&A',
  'Investor Relations',
  'GAAP',
  'IFRS',
  'Treasury',
  'FP&A',
  'Fundraising',
  'Audit',
  'CPA',
  'Distributed Systems',
  'Kubernetes',
  'TypeScript',
  'JavaScript',
  'Python',
  'Java',
  'Go',
  'AWS',
  'Azure',
  'GCP',
  'Cloud Architecture',
  'Security',
  'Platform Engineering',
  'Machine Learning',
  'MLOps',
  'SQL',
  'Statistics',
  'Data Science',
  'Analytics',
  'AI',
  'Product Strategy',
  'Roadmapping',
  'B2B SaaS',
  'SaaS',
  'Enterprise Sales',
  'Negotiation',
  'Salesforce',
  'Channel Partnerships',
  'Forecasting',
  'Brand Strategy',
  'Digital Marketing',
  'Go-to-Market',
  'PR',
  'Supply Chain',
  'Lean Operations',
  'P&L Ownership',
  'Six Sigma',
  'Logistics',
  'Corporate Law',
  'Compliance',
  'Contracts',
  'Talent Strategy',
  'Org Design',
  'Compensation',
  'DEI',
  'Employer Branding',
  'Recruiting',
  'Team Leadership',
  'Leadership',
  'Hiring',
  'Change Management',
  'Strategy',
  'Operations',
  'Healthcare',
  'Private Equity',
  'Board Relations',
] as const;

const WORD_CHAR = /[a-z0-9]/;

/** `needle` occurs in `hay` as a whole word (both lower case): indexOf, not a regex built from user text. */
function containsWord(hay: string, needle: string): boolean {
  for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + 1)) {
    const before = at > 0 ? hay[at - 1]! : ' ';
    const after = hay[at + needle.length] ?? ' ';
    if (!WORD_CHAR.test(before) && !WORD_CHAR.test(after)) return true;
  }
  return false;
}

/** Vocabulary skills mentioned in a text, in vocabulary order (the candidate's own skills first). */
export function skillsIn(text: string | null | undefined, extra: readonly string[] = []): string[] {
  if (!text) return [];
  const lower = text.toLowerCase();
  const found: string[] = [];
  for (const skill of [...extra, ...SKILL_VOCABULARY]) {
    const needle = skill.toLowerCase();
    if (needle && containsWord(lower, needle) && !found.some((f) => f.toLowerCase() === needle)) found.push(skill);
  }
  return found;
}

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

export function sameLocation(a: string | null | undefined, b: string | null | undefined): 'same' | 'remote' | 'different' | 'unknown' {
  if (!a || !b) return 'unknown';
  if (/remote/i.test(a) || /remote/i.test(b)) return 'remote';
  const city = (s: string) => normalize(s.split(',')[0] ?? s);
  return city(a) === city(b) ? 'same' : 'different';
}
