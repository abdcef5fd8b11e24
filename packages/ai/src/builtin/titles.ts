import { hasPhrase, phrase, words, type Phrase } from './words';

/**
 * A compact title ontology: a title is a seniority LEVEL on a FUNCTION track (and, for a few
 * functions, a specialty). No exact title pairs are listed; similarity follows from the model:
 * - levels: 1 entry (intern, assistant, analyst, junior, associate), 2 professional (engineer,
 *   accountant — no modifier), 3 senior/lead/manager, 4 director, 5 head of / VP (a "Head of X"
 *   is the function's leader, as a VP is), 6 C-suite, president, general counsel, partner.
 * - functions: finance, engineering, data, product, sales, marketing, people, legal, operations,
 *   general management; a C-suite title of a function leads every specialty in it (a CFO leads
 *   accounting), while two different specialties below it are separate career tracks.
 * No well-kept title data set exists on the npm registry (O*NET's is not packaged), hence this model.
 */

export type TitleFunction =
  'finance' | 'engineering' | 'data' | 'product' | 'sales' | 'marketing' | 'people' | 'legal' | 'operations' | 'general';

interface FunctionCue {
  fn: TitleFunction;
  specialty?: string;
  phrases: Phrase[];
}

const cues = (fn: TitleFunction, list: string, specialty?: string): FunctionCue => ({
  fn,
  specialty,
  phrases: list.split(',').map((p) => phrase(p.trim())),
});

/** Order matters: the first function that matches wins (more specific cues first). */
const FUNCTION_CUES: FunctionCue[] = [
  cues('finance', 'controller,comptroller,accountant,accounting,audit*,tax', 'accounting'),
  cues('finance', 'cfo,financial,finance,treasur*,fp&a,investor relations'),
  cues('people', 'chro,cpo,people,human resources,hr,talent,recruit*,personnel'),
  cues('legal', 'clo,general counsel,counsel,legal,attorney,lawyer,compliance,solicitor'),
  cues('data', 'cdo,data,analytics,scientist,machine learning,ml,ai'),
  // a sales or product-marketing title that names another function's word is still sales / marketing
  cues('sales', 'sales engineer*,solutions engineer*,pre sales,presales'),
  cues('marketing', 'product marketing'),
  cues('engineering', 'cto,cio,engineer*,software,developer,technology,platform,infrastructure,devops,it'),
  cues('product', 'product'),
  cues('sales', 'cro,sales,revenue,business development,account executive,commercial,partnerships'),
  cues('marketing', 'cmo,marketing,brand,growth,communications,demand generation'),
  cues('operations', 'coo,operations,operating,supply chain,logistics,procurement,manufacturing'),
  cues('general', 'ceo,chief executive,general manager,managing director,president,founder'),
];

/** Functions that share work: a move between them is plausible (medium), not a different career. */
const ADJACENT: Array<[TitleFunction, TitleFunction]> = [
  ['engineering', 'data'],
  ['engineering', 'product'],
  ['data', 'product'],
  ['sales', 'marketing'],
  ['finance', 'operations'],
  ['general', 'operations'],
];

const C_SUITE = new Set(['cfo', 'cto', 'ceo', 'coo', 'cmo', 'cro', 'chro', 'cpo', 'clo', 'cio', 'cdo', 'cso', 'cco']);
const LEVEL_CUES: Array<[number, Phrase[]]> = [
  [6, ['chief', 'general counsel', 'partner', 'founder', 'co founder', 'managing director'].map(phrase)],
  [5, ['vp', 'svp', 'evp', 'avp', 'vice president', 'head'].map(phrase)],
  [4, ['director', 'controller', 'comptroller', 'general manager'].map(phrase)],
  [3, ['senior', 'sr', 'lead', 'principal', 'staff', 'manager', 'mgr'].map(phrase)],
  [1, ['intern', 'assistant', 'analyst', 'junior', 'jr', 'associate', 'graduate', 'trainee'].map(phrase)],
];

const ASSISTANT_TO = ['assistant to', 'pa to', 'ea to', 'executive assistant'].map(phrase);

function levelOf(w: readonly string[]): number | null {
  // "Assistant to the CFO" works for the CFO: an entry-level title whatever the boss's level
  if (ASSISTANT_TO.some((p) => hasPhrase(w, p))) return 1;
  if (w.some((t) => C_SUITE.has(t))) return 6;
  // "President" is the top, "Vice President" is not
  if (hasPhrase(w, phrase('president')) && !hasPhrase(w, phrase('vice president'))) return 6;
  for (const [level, list] of LEVEL_CUES) if (list.some((p) => hasPhrase(w, p))) return level;
  return null;
}

export interface TitleReading {
  level: number | null;
  fn: TitleFunction | null;
  specialty: string | null;
}

export function readTitle(title: string | null | undefined): TitleReading {
  const w = words(title);
  if (w.length === 0) return { level: null, fn: null, specialty: null };
  let level = levelOf(w);
  let fn: TitleFunction | null = null;
  let specialty: string | null = null;
  for (const c of FUNCTION_CUES) {
    if (c.phrases.some((p) => hasPhrase(w, p))) {
      fn = c.fn;
      specialty = c.specialty ?? null;
      break;
    }
  }
  if (!fn && hasPhrase(w, phrase('chief'))) fn = 'general';
  if (level === null && fn) level = 2;
  return { level, fn, specialty };
}

const GAP_SCORE = [1, 0.85, 0.6, 0.45, 0.4, 0.4];

export interface TitleSimilarity {
  score: number;
  a: TitleReading;
  b: TitleReading;
  /** One sentence a recruiter can read: why the two titles are (not) alike. */
  reason: string;
}

/** How alike two titles are, 0..1: high ≥ 0.7 (same track), medium ≥ 0.35, low below. */
export function titleSimilarity(x: string | null | undefined, y: string | null | undefined): TitleSimilarity {
  const a = readTitle(x);
  const b = readTitle(y);
  const gap = a.level !== null && b.level !== null ? Math.abs(a.level - b.level) : 2;
  const byGap = GAP_SCORE[Math.min(gap, GAP_SCORE.length - 1)]!;
  if (!a.fn || !b.fn) {
    const same = words(x).join(' ') === words(y).join(' ') && words(x).length > 0;
    return { score: same ? 1 : 0.3, a, b, reason: same ? 'the same title' : 'the function of one title is not recognised' };
  }
  if (a.fn === b.fn) {
    const crossSpecialty = a.specialty !== b.specialty && a.level !== 6 && b.level !== 6;
    const score = Math.round(byGap * (crossSpecialty ? 0.65 : 1) * 100) / 100;
    const reason = crossSpecialty
      ? `both ${a.fn}, on different tracks (${a.specialty ?? 'general'} and ${b.specialty ?? 'general'})`
      : gap <= 1
        ? `the same ${a.fn} track${gap === 1 ? ', one level apart' : ''}`
        : `the same function (${a.fn}), ${gap} levels apart`;
    return { score, a, b, reason };
  }
  const adjacent = ADJACENT.some(([p, q]) => (p === a.fn && q === b.fn) || (p === b.fn && q === a.fn));
  if (adjacent) return { score: Math.round(0.45 * byGap * 100) / 100, a, b, reason: `related functions (${a.fn} and ${b.fn})` };
  return { score: 0.05, a, b, reason: `different functions (${a.fn} and ${b.fn})` };
}

export const titleBand = (score: number): 'high' | 'medium' | 'low' => (score >= 0.7 ? 'high' : score >= 0.35 ? 'medium' : 'low');

/**
 * Can a record's pay stand for the queried title's in a salary benchmark? Pay follows level and
 * function, not shared words ("Finance Assistant" and "CFO" share a function, not a pay band;
 * "Sales Director" and "Finance Director" share a word, not a market): `same` = the same function
 * track (and specialty) at the same level, `near` = one level apart; null otherwise. A title whose
 * function is not recognised matches only the same words.
 */
export function salaryComparable(query: string | null | undefined, title: string | null | undefined): 'same' | 'near' | null {
  const a = readTitle(query);
  const b = readTitle(title);
  if (!a.fn || !b.fn) {
    const wa = words(query).join(' ');
    return wa.length > 0 && wa === words(title).join(' ') ? 'same' : null;
  }
  if (a.fn !== b.fn || a.specialty !== b.specialty || a.level === null || b.level === null) return null;
  const gap = Math.abs(a.level - b.level);
  return gap === 0 ? 'same' : gap === 1 ? 'near' : null;
}
