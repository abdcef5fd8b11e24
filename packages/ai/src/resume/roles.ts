import { fold } from './names';
import { looksLikePlace } from './contact';
import type { DateRange } from './dates';
import { FUNCTION_WORDS, headingKind, isOrgLike, isTitleLike, titleWordCount } from './vocabulary';
import { EMAIL, labelled } from './contact';

export interface Role {
  title?: string;
  company?: string;
}

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();
const EDGE = new Set([' ', '\t', ',', ';', ':', '|', '·', '•', '–', '—', '-', '>', '(', ')', '[', ']', '/']);
export function trimEdges(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && EDGE.has(s[a]!)) a++;
  while (b > a && EDGE.has(s[b - 1]!)) b--;
  return s.slice(a, b);
}

// strong separators between title and company: tab, " | ", " · ", " — ", " - ", " at ", " @ ", " bei "
const STRONG = /\t|\s[|·•@]\s|\s[—–]\s|\s-\s|\s>>\s|\s(?:at|bei|chez|en|presso)\s/;

/** Title and company from one piece of text: "VP Engineering, Klarfeld AB", "Ledgerline — Co-Founder & CEO". */
export function splitRole(raw: string): Role {
  let text = raw
    .replace(/[^\S\t]+/g, ' ')
    .replace(/\( ?\)/g, ' ')
    .replace(/ ?\( ?/g, ' | ')
    .replace(/\)/g, ' ');
  // spaces collapsed, tabs (cell borders) kept
  text = trimEdges(text.replace(/[^\S\t]+/g, ' ').trim());
  if (!text || text.length > 160) return {};
  // prose ("has led Peachtree Health since 2019. Earlier he was …") names no role
  const lower = text.split(/\s+/).filter((w) => /^\p{Ll}/u.test(w) && !CONNECTORS.has(w)).length;
  // (a sentence ends in a word of four letters or more: "ds. Sprzedaży", "Inc. CFO" are abbreviations)
  if (lower >= 3 || /\p{Ll}{4}\.\s/u.test(text)) return {};
  const parts: string[] = [];
  let rest = text;
  for (let guard = 0; guard < 8; guard++) {
    const m = STRONG.exec(rest);
    if (!m) break;
    parts.push(rest.slice(0, m.index));
    rest = rest.slice(m.index + m[0].length);
  }
  parts.push(rest);
  const pieces = parts.map((p) => trimEdges(p.trim())).filter((p) => p && !/^(?:at|@|bei|chez|en|presso)$/i.test(p));
  if (pieces.length === 0) return {};
  if (pieces.length >= 2) {
    const t = pieces.findIndex((p) => isTitleLike(p) && !isOrgLike(p));
    const ti = t >= 0 ? t : pieces.findIndex(isTitleLike);
    if (ti < 0) return pieces[0]!.length <= 70 ? { company: firstComma(pieces[0]!) } : {};
    const others = pieces.filter((_, i) => i !== ti && !/^(?:remote|hybrid|on-?site)$/i.test(pieces[i]!));
    // "Country Manager, Flutterwave — Lagos": the title piece holds the company, the rest is a place
    if (pieces[ti]!.includes(', ') && others.every((p) => looksLikePlace(p, undefined) && !isOrgLike(p))) {
      const inner = splitCommas(pieces[ti]!);
      if (inner.title && inner.company) return inner;
    }
    // "Senior Manager - Taxation": a function after the title is part of it, not a company
    if (others.length === 1 && FUNCTION_WORDS.has(fold(others[0]!))) return { title: `${pieces[ti]!} - ${others[0]!}` };
    let company = (others.find((p) => !looksLikePlace(p, undefined) || isOrgLike(p)) ?? others[0])?.slice(0, 200);
    // "Cruzcampo (Heineken España), Sevilla": a remark in brackets names the parent, the company stands before it
    const at = company === undefined ? -1 : pieces.indexOf(company);
    if (at > 0 && at - 1 !== ti && bracketed(raw, firstComma(company!))) company = pieces[at - 1];
    if (company && company.length > 70) return { title: pieces[ti]! };
    return { title: pieces[ti]!, ...(company ? { company: firstComma(company) } : {}) };
  }
  return splitCommas(pieces[0]!);
}

/** Is `text` written in brackets in `raw` ("(Heineken España)")? */
const bracketed = (raw: string, text: string) => raw.includes(`(${text})`) || raw.includes(`( ${text} )`);

const firstComma = (s: string) => trimEdges(s.split(/,\s/)[0]!.trim());

function splitCommas(text: string): Role {
  const pieces = text.split(/,\s+/).map((p) => p.trim());
  let t = pieces.findIndex((p) => isTitleLike(p) && !(isOrgLike(p) && titleWordCount(p).strong < 2));
  // "Group Financial Director, Bidvest Group": a title with an org word, when another piece is the org
  if (t < 0 && pieces.length >= 2 && isTitleLike(pieces[0]!) && pieces.slice(1).some((p) => isOrgLike(p) && !isTitleLike(p))) t = 0;
  // "Group Head, Treasury": a title with an org word, followed by its function
  if (t < 0 && pieces.length >= 2 && isTitleLike(pieces[0]!) && FUNCTION_WORDS.has(fold(pieces[1]!))) t = 0;
  if (t < 0) return pieces.length <= 3 && pieces[0]!.length <= 60 ? { company: pieces[0]! } : {};
  let end = t + 1;
  while (end < pieces.length && FUNCTION_WORDS.has(fold(pieces[end]!))) end++;
  const title = pieces.slice(t, end).join(', ');
  // "Title, Company, City": the company comes first after the title; "Company, Title" when nothing follows
  const before = pieces.slice(0, t).filter((p) => p.length <= 70);
  // "Mitsubishi Corporation, General Manager, …": a company before the title wins over what follows it
  if (before.length > 0 && isOrgLike(before[before.length - 1]!)) return { title, company: before[before.length - 1]! };
  const company = (pieces[end] && pieces[end]!.length <= 70 ? pieces[end] : undefined) ?? before[before.length - 1];
  if (company) return { title, company };
  if (pieces.length === 1) return gluedTitle(title);
  return { title };
}

const CONNECTORS = new Set(['of', 'for', 'and', '&', 'de', 'des', 'du', 'der', 'für', 'la', 'le', 'del', 'di', 'in']);

/** "Engineering Manager Cisco" (a cell border lost in the paste): the company after the last job word. */
function gluedTitle(text: string): Role {
  const words = text.split(' ');
  let last = -1;
  for (let i = 0; i < words.length; i++) if (titleWordCount(words[i]!).strong > 0) last = i;
  if (last < 0 || last === words.length - 1) return { title: text };
  const tail = words.slice(last + 1);
  // "VP Product", "Director Operations": a function, not a company
  if (FUNCTION_WORDS.has(fold(tail.join(' '))) || tail.every((w) => FUNCTION_WORDS.has(fold(w)))) return { title: text };
  if (
    tail.some((w) => CONNECTORS.has(w.toLowerCase()) || !/^[\p{Lu}\d]/u.test(w)) ||
    words.slice(0, last).some((w) => CONNECTORS.has(w.toLowerCase()))
  )
    return { title: text };
  return { title: words.slice(0, last + 1).join(' '), company: tail.join(' ') };
}

/** A line that can stand for a company (or a group header above its roles): short, no job words, no dates. */
function companyLine(line: string | undefined): string | undefined {
  if (!line || line.length > 90 || headingKind(line) || /^[-*•·]/.test(line) || isTitleLike(line)) return undefined;
  if (EMAIL.test(line) || /\d{3}/.test(line) || labelled(line)) return undefined;
  if (/[.!?]$/.test(line) && line.split(' ').length > 6) return undefined;
  const role = splitRole(line);
  return role.title ? undefined : role.company;
}

/** No dated line between the section's heading and this one, and exactly one line (a company?) right after the heading. */
function firstInSection(
  lines: readonly string[],
  index: number,
  dated: (i: number) => boolean,
  sameSection: (i: number) => boolean,
): boolean {
  const prev = index - 1;
  if (prev < 0 || !sameSection(prev) || dated(prev) || headingKind(lines[prev]!)) return false;
  const before = lines[prev - 1];
  return before === undefined || !sameSection(prev - 1) || Boolean(headingKind(before));
}

/** A line that is only a date range: "2021 – present", "03/2019 – heute". */
const dateOnly = (lines: readonly string[], i: number, dated: (i: number) => boolean) =>
  dated(i) && lines[i]!.length <= 32 && !isTitleLike(lines[i]!) && !/[,|\t]/.test(lines[i]!);

/**
 * Two columns flattened one after the other: the roles, then their dates, in the same order
 * ("Senior PM, Spotify" / "PM, Klarna" / "2021 – present" / "2017 – 2021"). The role line of the
 * date line at `index`, when at least two date lines follow as many role lines.
 */
function flattenedColumn(
  lines: readonly string[],
  index: number,
  dated: (i: number) => boolean,
  sameSection: (i: number) => boolean,
): string | undefined {
  let first = index;
  while (first > 0 && sameSection(first - 1) && dateOnly(lines, first - 1, dated)) first--;
  let last = index;
  while (last + 1 < lines.length && sameSection(last + 1) && dateOnly(lines, last + 1, dated)) last++;
  const count = last - first + 1;
  if (count < 2 || first - count < 0) return undefined;
  for (let i = first - count; i < first; i++)
    if (!sameSection(i) || dated(i) || headingKind(lines[i]!) || !isTitleLike(lines[i]!)) return undefined;
  return lines[first - count + (index - first)];
}

/**
 * The role of a dated entry, read like a person reads it: the line without its dates, and the
 * lines next to it when the title, the company or both stand on their own lines.
 */
export function roleAt(
  lines: readonly string[],
  index: number,
  range: DateRange,
  dated: (i: number) => boolean,
  sameSection: (i: number) => boolean,
): Role {
  const line = lines[index]!;
  // the clause of the line that holds the range: "…; Associate, 2000 – 2006"
  const semi = line.lastIndexOf(';', range.from);
  const semiAfter = line.indexOf(';', range.to);
  const clause = line.slice(semi + 1, semiAfter < 0 ? line.length : semiAfter);
  const offset = semi + 1;
  const before = trimEdges(clause.slice(0, range.from - offset).trim());
  const after = trimEdges(clause.slice(range.to - offset).trim());
  // prose after the range ("since 2020, building …") is not part of the role
  const restText =
    before && (isTitleLike(before) || !after) ? before : after && after.length <= 120 ? (before ? `${before}\t${after}` : after) : before;
  let role = restText ? splitRole(restText) : {};
  if (!role.title && !role.company) {
    // the date alone on its line: title and company above it
    const p1 = lines[index - 1];
    const p2 = lines[index - 2];
    const column = flattenedColumn(lines, index, dated, sameSection);
    if (column !== undefined) role = splitRole(column);
    else if (p1 && !dated(index - 1) && isTitleLike(p1)) role = splitRole(p1);
    else if (p1 && p2 && !dated(index - 1) && !dated(index - 2) && isTitleLike(p2))
      role = { ...splitRole(p2), company: companyLine(p1) ?? splitRole(p2).company };
    // the date heads its entry (Europass): title and company on the lines below it
    const n1 = lines[index + 1];
    const n2 = lines[index + 2];
    if (!role.title && n1 && !dated(index + 1) && sameSection(index + 1) && isTitleLike(n1) && n1.length <= 80) {
      role = splitRole(n1);
      if (role.title && !role.company && n2 && !dated(index + 2) && sameSection(index + 2)) {
        const company = companyLine(n2);
        if (company) role = { ...role, company };
      }
    }
  }
  if (role.title && !role.company) {
    const next = lines[index + 1];
    // the first entry of its section with a company line between the heading and it: companies
    // stand above their roles here ("KLARNA" / "CTO, 2020 – present" / "SPOTIFY" / …)
    const above = firstInSection(lines, index, dated, sameSection) ? companyLine(lines[index - 1]) : undefined;
    const fromNext = next && !dated(index + 1) && sameSection(index + 1) ? companyLine(next) : undefined;
    if (above) role = { ...role, company: above };
    else if (fromNext) role = { ...role, company: fromNext };
    else {
      for (let i = index - 1; i >= Math.max(0, index - 4); i--) {
        if (!sameSection(i) || headingKind(lines[i]!)) break;
        if (dated(i)) continue;
        const c = companyLine(lines[i]);
        if (c) {
          role = { ...role, company: c };
          break;
        }
      }
    }
  }
  if (!role.title && role.company) {
    const next = lines[index + 1];
    const prev = lines[index - 1];
    // the first entry of its section with a title line between the heading and it: titles stand above
    if (prev && firstInSection(lines, index, dated, sameSection) && isTitleLike(prev) && prev.length <= 80)
      role = { ...role, title: splitRole(prev).title ?? clean(prev) };
    else if (next && !dated(index + 1) && isTitleLike(next) && next.length <= 80)
      role = { ...role, title: splitRole(next).title ?? clean(next) };
  }
  return role;
}
