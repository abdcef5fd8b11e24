import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AUTO_FILL_CONFIDENCE, type ParsedResume } from '../../src';

export interface Truth {
  first: string;
  last: string;
  email: string;
  phone?: string;
  mobile?: string;
  title: string;
  company: string;
  location: string;
  years: number;
  salary?: number;
}
export interface EvalResume {
  id: string;
  style: string;
  truth: Truth;
  layout: 'plain' | 'sidebar' | 'table';
  lines: string[];
}

/** "Present" in the set means this month. */
export const EVAL_NOW = new Date(Date.UTC(2026, 10, 1));

const dir = fileURLToPath(new URL('.', import.meta.url));

/** The resumes of `from` (this folder by default: the development set). */
export function loadEvalSet(from = dir): EvalResume[] {
  const out: EvalResume[] = [];
  for (const file of readdirSync(from)
    .filter((f) => /^resumes-\d+\.txt$/.test(f))
    .sort()) {
    for (const block of readFileSync(join(from, file), 'utf8').split(/^### /m).slice(1)) {
      const [head, truthLine, layoutLine, ...body] = block.split('\n');
      const [id, style] = head!.trim().split(/\s+/);
      out.push({
        id: id!,
        style: style ?? '',
        truth: JSON.parse(truthLine!.replace(/^truth:\s*/, '')) as Truth,
        layout: layoutLine!.replace(/^layout:\s*/, '').trim() as EvalResume['layout'],
        lines: trimEnd(body),
      });
    }
  }
  return out;
}

function trimEnd(lines: string[]): string[] {
  const out = [...lines];
  while (out.length > 0 && out[out.length - 1]!.trim() === '') out.pop();
  return out;
}

/** The resume as pasted text: sidebar where it was written, right-aligned parts glued, cells tab-separated. */
export function asText(r: EvalResume): string {
  return r.lines
    .filter((l) => l !== '[side]' && l !== '[/side]')
    .map((l) =>
      l
        .replace(/^~/, '')
        .replace(/ >> /g, ' ')
        .replace(/ \|\| /g, '\t'),
    )
    .join('\n');
}

export const FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'mobilePhone',
  'currentTitle',
  'currentCompany',
  'location',
  'experience',
  'salaryExpectation',
] as const;
export type Field = (typeof FIELDS)[number];

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
const digits = (s: string) => s.replace(/\D/g, '');

/** Is the parsed value right? Names by their first / last word, phones by digits, places by the city. */
export function correct(field: Field, got: string | number, t: Truth): boolean | null {
  const g = String(got);
  switch (field) {
    case 'firstName':
      return fold(g).split(' ')[0] === fold(t.first).split(' ')[0];
    case 'lastName':
      return t.last !== '' && fold(g).endsWith(fold(t.last)) && fold(g).split(' ').length <= fold(t.last).split(' ').length + 1;
    case 'email':
      return g.toLowerCase() === t.email.toLowerCase();
    case 'phone':
      return t.phone ? digits(g) === digits(t.phone) : false;
    case 'mobilePhone':
      return t.mobile ? digits(g) === digits(t.mobile) : false;
    case 'currentTitle':
      return fold(g) === fold(t.title);
    case 'currentCompany': {
      const a = fold(g);
      const b = fold(t.company);
      return a === b || (a.startsWith(b) && a.length <= b.length + 30) || (b.startsWith(a) && a.length >= b.length * 0.6);
    }
    case 'location': {
      const city = fold(t.location.split(',')[0]!);
      return fold(g).split(' ').slice(0, city.split(' ').length).join(' ') === city && g.length <= t.location.length + 12;
    }
    case 'experience': {
      const years = Number(/\d+/.exec(g)?.[0]);
      return Math.abs(years - t.years) <= 1;
    }
    case 'salaryExpectation':
      return t.salary !== undefined && Math.abs(Number(got) - t.salary) <= 1;
  }
}

/** A single name ("WIRANTO") has an empty last name: none is expected, any found is wrong. */
const expected = (field: Field, t: Truth) =>
  field === 'lastName'
    ? t.last !== ''
    : field === 'phone'
      ? Boolean(t.phone)
      : field === 'mobilePhone'
        ? Boolean(t.mobile)
        : field === 'salaryExpectation'
          ? t.salary !== undefined
          : true;

export interface Tally {
  tp: number;
  fp: number;
  fn: number;
  /** among values the form fills by itself (confidence ≥ AUTO_FILL_CONFIDENCE) */
  autoTp: number;
  autoFp: number;
}

export function score(results: Array<{ r: EvalResume; parsed: ParsedResume }>): { tally: Record<Field, Tally>; misses: string[] } {
  const tally = Object.fromEntries(FIELDS.map((f) => [f, { tp: 0, fp: 0, fn: 0, autoTp: 0, autoFp: 0 }])) as Record<Field, Tally>;
  const misses: string[] = [];
  for (const { r, parsed } of results) {
    for (const field of FIELDS) {
      const got = parsed[field];
      const want = expected(field, r.truth);
      const t = tally[field];
      const auto = (parsed.confidence[field] ?? 0) >= AUTO_FILL_CONFIDENCE;
      if (got === undefined || got === '') {
        if (want) {
          t.fn++;
          misses.push(`${r.id} ${field}: missing`);
        }
        continue;
      }
      const ok = want && correct(field, got, r.truth);
      if (ok) {
        t.tp++;
        if (auto) t.autoTp++;
      } else {
        t.fp++;
        if (auto) t.autoFp++;
        if (want) t.fn++;
        misses.push(`${r.id} ${field}: got ${JSON.stringify(got)} (${parsed.confidence[field]})`);
      }
    }
  }
  return { tally, misses };
}

export const recall = (t: Tally) => (t.tp + t.fn === 0 ? 1 : t.tp / (t.tp + t.fn));
export const precision = (t: Tally) => (t.tp + t.fp === 0 ? 1 : t.tp / (t.tp + t.fp));
export const autoPrecision = (t: Tally) => (t.autoTp + t.autoFp === 0 ? 1 : t.autoTp / (t.autoTp + t.autoFp));

export function table(title: string, tally: Record<Field, Tally>): string {
  const rows = FIELDS.map(
    (f) =>
      `  ${f.padEnd(18)} recall ${recall(tally[f]).toFixed(2)}  precision ${precision(tally[f]).toFixed(2)}  auto-filled precision ${autoPrecision(tally[f]).toFixed(2)} (${tally[f].autoTp + tally[f].autoFp} filled)`,
  );
  return `${title}\n${rows.join('\n')}`;
}
