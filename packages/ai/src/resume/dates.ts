import { fold } from './names';
import { MONTHS, PRESENT_WORDS, SINCE_WORDS } from './vocabulary';

/** A dated stretch of a line: months since year 0 (end exclusive), and where it was written. */
export interface DateRange {
  start: number;
  end: number;
  open: boolean;
  /** character span of the whole range text in the line */
  from: number;
  to: number;
}

interface DateToken {
  month: number | null;
  year: number;
  from: number;
  to: number;
}

// "Jan 2019", "janv. 2019", "04/2017", "05.2019", "2022.03", "2019": bounded runs only (linear)
const DATE_TOKEN =
  /(\p{L}{3,10})\.?\s?((?:19|20)\d\d)(?!\d|[./]\d)|(?<!\d)(\d{1,2})[./](?:(?:19|20)\d\d)(?!\d)|(?<!\d)((?:19|20)\d\d)[./](\d{1,2})(?![\d./])|(?<![\d./])((?:19|20)\d\d)(?!\d|[./]\d)/gu;

function tokens(line: string): DateToken[] {
  const out: DateToken[] = [];
  for (const m of line.matchAll(DATE_TOKEN)) {
    const at = m.index;
    if (m[1] !== undefined) {
      const month = MONTHS.get(fold(m[1]));
      const word = m[1].length;
      // "since 2001": the word is not a month, the year is the date
      if (month === undefined) out.push({ month: null, year: Number(m[2]), from: at + m[0].length - 4, to: at + m[0].length });
      else out.push({ month, year: Number(m[2]), from: at, to: at + m[0].length });
      void word;
    } else if (m[3] !== undefined) {
      const month = Number(m[3]) - 1;
      const year = Number(m[0].slice(-4));
      if (month >= 0 && month < 12) out.push({ month, year, from: at, to: at + m[0].length });
    } else if (m[4] !== undefined) {
      const month = Number(m[5]) - 1;
      if (month >= 0 && month < 12) out.push({ month, year: Number(m[4]), from: at, to: at + m[0].length });
    } else if (m[6] !== undefined) out.push({ month: null, year: Number(m[6]), from: at, to: at + m[0].length });
  }
  return out;
}

const SEPARATOR_WORDS = new Set([
  'to',
  'bis',
  'a',
  'au',
  'al',
  'tot',
  'until',
  'till',
  'through',
  'thru',
  'ate',
  'do',
  'hasta',
  'fino',
  'jusqu',
  'jusqu a',
]);

/** The text between two dates makes them a range: a dash, "to", "bis", "–". */
function isSeparator(between: string): boolean {
  const t = fold(between)
    .replace(/[()[\],]/g, ' ')
    .trim();
  if (t === '') return false;
  if (/^[-–—~>/]+$/.test(t.replace(/\s/g, ''))) return true;
  return SEPARATOR_WORDS.has(t.replace(/[-–—:]/g, ' ').trim());
}

/** "– Present", "to date", "- heute" right after a date: the word that ends the range now. */
function presentAfter(rest: string): number {
  const s = rest.slice(0, 40);
  let i = 0;
  const spaces = () => {
    while (i < s.length && /\s/.test(s[i]!)) i++;
  };
  spaces();
  if (/[-–—~]/.test(s[i] ?? '')) {
    while (i < s.length && /[-–—~>]/.test(s[i]!)) i++;
  } else {
    const sep = /^(?:to|bis|à|a|au|al|tot|until|till)\s/iu.exec(s.slice(i));
    if (sep) i += sep[0].length;
  }
  spaces();
  // Scandinavian "d.d." (dags dato: to date)
  if (/^d\.d\./i.test(s.slice(i))) return i + 4;
  const m = /^\p{L}+(?:['’ ]\p{L}+)?/u.exec(s.slice(i));
  if (!m) return -1;
  const word = fold(m[0]).replace(/['’]/g, ' ');
  if (PRESENT_WORDS.has(word)) return i + m[0].length;
  const first = word.split(' ')[0]!;
  if (PRESENT_WORDS.has(first)) return i + first.length;
  return -1;
}

const monthOf = (t: DateToken, edge: 'start' | 'end') => t.year * 12 + (t.month ?? (edge === 'start' ? 0 : 11));

/** Date ranges in one line: "Jan 2019 – Present", "2014 – 2020", "seit 2015", "04/2017 – heute". */
export function dateRanges(line: string, now: Date): DateRange[] {
  const nowMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const found = tokens(line);
  const ranges: DateRange[] = [];
  for (let i = 0; i < found.length; i++) {
    const a = found[i]!;
    const b = found[i + 1];
    if (b && isSeparator(line.slice(a.to, b.from))) {
      ranges.push({ start: monthOf(a, 'start'), end: monthOf(b, 'end') + 1, open: false, from: a.from, to: b.to });
      i++;
      continue;
    }
    const present = presentAfter(line.slice(a.to));
    if (present > 0) {
      ranges.push({ start: monthOf(a, 'start'), end: nowMonth + 1, open: true, from: a.from, to: a.to + present });
      continue;
    }
    const before = fold(line.slice(Math.max(0, a.from - 12), a.from))
      .replace(/[^a-z ]/g, ' ')
      .trim()
      .split(' ')
      .pop();
    if (before && SINCE_WORDS.has(before)) {
      // the range text starts at the "since" word
      let from = a.from;
      while (from > 0 && /\s/.test(line[from - 1]!)) from--;
      while (from > 0 && !/\s/.test(line[from - 1]!)) from--;
      ranges.push({ start: monthOf(a, 'start'), end: nowMonth + 1, open: true, from, to: a.to });
    }
  }
  return ranges.filter((r) => r.end > r.start - 1 && r.start <= nowMonth + 1 && r.start > 1940 * 12);
}

/** Total months covered by the ranges, overlaps merged (a year counted once however many jobs). */
export function coveredMonths(ranges: readonly Pick<DateRange, 'start' | 'end'>[]): number {
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  let total = 0;
  let curStart = -1;
  let curEnd = -1;
  for (const r of sorted) {
    if (r.start > curEnd) {
      if (curEnd > curStart) total += curEnd - curStart;
      curStart = r.start;
      curEnd = r.end;
    } else curEnd = Math.max(curEnd, r.end);
  }
  if (curEnd > curStart) total += curEnd - curStart;
  return total;
}
