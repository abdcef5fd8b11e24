import { parseYears, skillsIn } from './text';
import {
  cityOf,
  countryHint,
  EMAIL,
  emailIn,
  findPhones,
  labelled,
  LINKEDIN,
  loadPhonePlans,
  looksLikePlace,
  placeText,
  revealEmail,
  salaryThousands,
} from './resume/contact';
import { loadNames } from './resume/names';
import { coveredMonths, dateRanges, type DateRange } from './resume/dates';
import { collapseLetterSpacing } from './resume/letter-spacing';
import { findName, singleName } from './resume/person-name';
import { roleAt, splitRole, type Role } from './resume/roles';
import { headingKind, isOrgLike, isTitleLike, labelField, type SectionKind } from './resume/vocabulary';

/** Fields the resume parser can fill (SPEC §7 parse-resume response), each with a confidence 0–1. */
export interface ParsedResume {
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  mobilePhone?: string;
  currentTitle?: string;
  currentCompany?: string;
  location?: string;
  linkedinUrl?: string;
  skills: string[];
  experience?: string;
  salaryExpectation?: number;
  summary?: string;
  confidence: Partial<Record<ParsedField, number>>;
}
export type ParsedField = Exclude<keyof ParsedResume, 'confidence'>;

/** The form fills a field by itself from this confidence up (RESUME_AUTO_FILL_CONFIDENCE in the contract). */
export { RESUME_AUTO_FILL_CONFIDENCE as AUTO_FILL_CONFIDENCE } from '@ats/contracts';

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();
/** Lines a reader looks at: the first 600, each cut at 400 characters (a resume's lines are short). */
const MAX_LINES = 600;
const MAX_LINE = 400;

interface Line {
  text: string;
  section: SectionKind | 'top';
  /** a blank line (or a heading) came before it: a new paragraph */
  gap: boolean;
}

/** "• ", "▪ ", "➢ ", "– ", "- ", "* " before an entry (a lone "--" signature separator stays) */
const BULLET_START = /^[•▪➢►▸◦‣●○■□◆✓✔➤→*·–—-]\s+/u;
const BULLET_END = /\s[•▪➢►▸◦‣●○■□◆·]$/u;
/** a year written with an apostrophe: "'19", "’08" (not "O'Neill": digits only) */
const SHORT_YEAR = /(?<![\p{L}\d])['’](\d\d)(?![\d'’\p{L}])/gu;

/** "jane.doe [at] gmail" / "[dot] com": the first half of an address, then the rest */
const ADDRESS_START = /^[\w.+-]+\s?[[({]at[\])}]\s?[\w-]+$/i;
const ADDRESS_REST = /^[[({]dot[\])}]\s?[A-Za-z]{2,12}$/i;
const WRAPPED_ADDRESS = /(?:[[({](?:at|dot)[\])}]|\s(?:at|dot|AT|DOT))$/;

/** Lines a narrow column wrapped: "Mobile: +44 7700" / "900123", "(2015–" / "2017)". */
function unwrap(text: string): string[] {
  const raw = text.slice(0, MAX_LINES * MAX_LINE).split('\n', MAX_LINES * 2);
  const out: string[] = [];
  for (const line of raw) {
    const prev = out[out.length - 1];
    const t = line.trim();
    if (prev !== undefined && t && ((/\d$/.test(prev) && /^[\d ()-]{2,12}$/.test(t) && /\d{3}/.test(prev)) || /\d\s?[-–—]$/.test(prev)))
      out[out.length - 1] = `${prev}${/[-–—]$/.test(prev) ? '' : ' '}${t}`;
    // an address a narrow column wrapped: "jane [at] gmail [dot]" / "com"
    else if (
      prev !== undefined &&
      ((WRAPPED_ADDRESS.test(prev.trim()) && /^[A-Za-z]{2,12}$/.test(t) && !headingKind(t)) ||
        (ADDRESS_START.test(prev) && ADDRESS_REST.test(t)))
    )
      out[out.length - 1] = `${prev.trim()} ${t}`;
    // a word a narrow column broke at its hyphen: "ABERNATHY-" / "COLE", "Ji-" / "hoon"
    else if (prev !== undefined && /\p{L}-$/u.test(prev.trim()) && /^\p{L}{2,20}$/u.test(t) && !headingKind(t))
      out[out.length - 1] = `${prev.trim()}${t}`;
    else out.push(line);
  }
  return out;
}

function readLines(text: string): Line[] {
  const out: Line[] = [];
  let section: SectionKind | 'top' = 'top';
  let gap = true;
  for (const whole of unwrap(text)) {
    if (out.length >= MAX_LINES) break;
    const raw = whole.slice(0, MAX_LINE);
    const line = revealEmail(
      collapseLetterSpacing(
        raw
          .replace(/[\u00a0\r]/g, ' ')
          .replace(/ +/g, (r) => (r.length > 2 ? '\t' : r))
          .trim(),
      )
        // a bullet glyph before an entry or after the last contact segment is not text
        .replace(BULLET_START, '')
        .replace(BULLET_END, '')
        // "Jan. '19 - now", "'08 – '12": the year in full
        .replace(SHORT_YEAR, (_, yy: string) => `${Number(yy) < 50 ? '20' : '19'}${yy}`),
    );
    if (!line) {
      gap = true;
      continue;
    }
    const kind = headingKind(line);
    if (kind) {
      section = kind;
      gap = true;
      continue;
    }
    // "Skills: SAP, S&OP", "Experience: Red Hat (…)": a heading and its content on one line
    const inline = /^([\p{L} &]{3,40}):\s*(\S.*)$/u.exec(line);
    const inlineKind = inline ? headingKind(inline[1]!) : null;
    // ("Profile: https://…" is a label and its value, not a section)
    if (inline && inlineKind && inlineKind !== 'contact' && inlineKind !== 'summary') {
      section = inlineKind;
      out.push({ text: inline[2]!, section, gap: true });
      gap = false;
      continue;
    }
    out.push({ text: line, section, gap });
    gap = false;
  }
  return out;
}

/** A line about the birth date (its date is no job, its other words are no place). */
const BIRTH =
  /(?<!\p{L})(?:born|geboren|née?|nacid[oa]|geburtsdatum|geboortedatum|date of birth|date de naissance|fecha de nacimiento|data urodzenia)(?!\p{L})/iu;

const EXPERIENCE_SECTIONS = new Set<Line['section']>(['experience', 'top', 'summary', 'contact']);

/** Loads the parser's knowledge (name lists, numbering plans): once per thread, before the first parse. */
export async function prepareResumeParser(): Promise<void> {
  await Promise.all([loadNames(), loadPhonePlans()]);
}

/**
 * Extracts candidate fields from resume text with rules: no network, deterministic once
 * prepareResumeParser() has resolved (before, names and phones are read by shape and label alone).
 */
export function parseResume(input: string, options: { now?: Date } = {}): ParsedResume {
  const now = options.now ?? new Date();
  const all = readLines(input);
  const lines = all.map((l) => l.text);
  const result: ParsedResume = { skills: [], confidence: {} };
  const set = <K extends ParsedField>(key: K, value: ParsedResume[K] | undefined, confidence: number) => {
    if (value === undefined || value === '') return;
    result[key] = value;
    result.confidence[key] = Math.round(confidence * 100) / 100;
  };

  // the contact area: the top block, contact sections, and any line with an e-mail address
  const contactIdx = all.flatMap((l, i) =>
    (l.section === 'top' && i < 40) || (i < 15 && l.section === 'summary') || l.section === 'contact' || EMAIL.test(l.text) ? [i] : [],
  );
  // a signature at the bottom ("Thanks, / Name / City / phone / e-mail"): when the first e-mail
  // address is outside the top block, up to four lines of its paragraph before it
  const firstEmail = all.findIndex((l) => EMAIL.test(l.text));
  if (firstEmail >= 0 && all[firstEmail]!.section !== 'top' && all[firstEmail]!.section !== 'contact') {
    for (let i = firstEmail; i > firstEmail - 5 && i > 0 && !all[i]!.gap; i--) if (!contactIdx.includes(i - 1)) contactIdx.push(i - 1);
    contactIdx.sort((a, b) => a - b);
  }
  const contact = contactIdx.map((i) => lines[i]!);

  const values: Partial<Record<'name' | 'location' | 'salary' | 'title' | 'email', string>> = {};
  const near = [...contact, ...lines.slice(0, 40)];
  for (const [i, line] of near.entries()) {
    // a table whose cells became lines: the label on one line, its value on the next ("Woonplaats" / "Utrecht")
    const label = line.length <= 30 && !labelled(line) ? labelField(line.replace(/[:：.]\s*$/, '').trim()) : null;
    // (the next line of the same list: the contact lines, then the first 40)
    const next = i + 1 === contact.length ? undefined : near[i + 1];
    const found =
      labelled(line) ?? (label && next && !labelField(next.replace(/[:：.]\s*$/, '').trim()) ? { field: label, value: next } : null);
    if (found && found.field !== 'mobile' && found.field !== 'phone') values[found.field] ??= found.value;
  }

  const email = emailIn(contact.join('\n')) ?? emailIn(lines.join('\n'));
  set('email', email?.toLowerCase(), 0.98);
  const linkedin = LINKEDIN.exec(lines.join('\n'))?.[0];
  set('linkedinUrl', linkedin && (linkedin.startsWith('http') ? linkedin : `https://${linkedin}`), 0.95);

  const phones = findPhones(contact, countryHint(input));
  const mobile = phones.find((p) => p.kind === 'mobile');
  const office = phones.find((p) => p.kind === 'phone');
  // an unlabelled number the plan cannot sort (a Danish or Chilean one): offered, not filled
  if (office) set('phone', clean(office.number), office.labelled ? 0.95 : office.ambiguous ? 0.7 : 0.9);
  if (mobile) set('mobilePhone', clean(mobile.number), mobile.labelled ? 0.95 : 0.8);

  const name = findName(lines.slice(0, 60), values.name);
  if (name) {
    set('firstName', name.firstName, name.confidence);
    set('lastName', name.lastName, name.confidence);
  } else {
    // a single name at the top that the e-mail address repeats: offered as the first name
    const single = singleName(lines, email);
    if (single) set('firstName', single, 0.7);
  }
  const fullName = name ? `${name.firstName} ${name.lastName}` : undefined;

  // dated entries: experience from the ranges, the current role from the most recent one
  const rangesAt = new Map<number, DateRange[]>();
  all.forEach((l, i) => {
    if (!EXPERIENCE_SECTIONS.has(l.section) || BIRTH.test(l.text)) return;
    const found = dateRanges(l.text, now);
    if (found.length > 0) rangesAt.set(i, found);
  });
  const dated = (i: number) => rangesAt.has(i);
  const ranges = [...rangesAt.values()].flat();
  const months = coveredMonths(ranges);
  // "17 years of experience" in the summary beats ranges that list only the recent roles
  const stated = parseYears(
    all
      .filter((l) => l.section !== 'education')
      .map((l) => l.text)
      .join('\n')
      .slice(0, 20_000),
  );
  const fromRanges = Math.floor(months / 12);
  if (stated !== null && stated <= 60 && stated > fromRanges) set('experience', `${stated}+ years`, 0.8);
  else if (months > 0) set('experience', `${fromRanges}+ years`, ranges.length >= 2 ? 0.85 : 0.7);

  const header = headerRole(
    lines,
    contactIdx,
    name ? lines.findIndex((l) => l.includes(name.lastName.split(' ').pop()!)) : -1,
    values.title,
  );
  const current = currentRole(lines, rangesAt, dated, header, (a, b) => all[a]?.section === all[b]?.section);
  const agree = (a?: string, b?: string) => Boolean(a && b && sameish(a, b));
  if (current.title) set('currentTitle', current.title, agree(current.title, header.title) ? 0.95 : 0.85);
  else if (header.title) set('currentTitle', header.title, 0.8);
  if (current.company) set('currentCompany', current.company, agree(current.company, header.company) ? 0.95 : 0.85);
  else if (header.company && (!current.title || agree(current.title, header.title))) set('currentCompany', header.company, 0.8);

  // location: a labelled value or address, else a place among the contact segments
  const labelledPlace = values.location ? cityOf(values.location) : null;
  if (labelledPlace) set('location', labelledPlace, 0.9);
  else {
    const place = findPlace(contact, fullName);
    if (place) set('location', place.value, place.confidence);
  }

  if (values.salary) {
    const k = salaryThousands(values.salary);
    if (k !== null) set('salaryExpectation', k, 0.9);
  }

  result.skills = skillsFrom(all, input);
  if (result.skills.length > 0) result.confidence.skills = 0.8;
  // the summary: the first paragraph of the summary section
  const from = all.findIndex((l) => l.section === 'summary');
  const paragraph: string[] = [];
  for (let i = from; from >= 0 && i < all.length && all[i]!.section === 'summary' && (i === from || !all[i]!.gap); i++)
    paragraph.push(all[i]!.text);
  const summary = paragraph.join(' ');
  if (summary) set('summary', clean(summary).slice(0, 1000), 0.85);
  return result;
}

function sameish(a: string, b: string): boolean {
  const norm = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^\p{L}\d]+/gu, ' ')
      .trim();
  const x = norm(a);
  const y = norm(b);
  return x === y || (x.length > 2 && y.length > 2 && (x.includes(y) || y.includes(x)));
}

/** The title (and company) the candidate puts under their name, or labels as their current role. */
function headerRole(lines: readonly string[], contactIdx: readonly number[], nameIndex: number, labelledTitle: string | undefined): Role {
  if (labelledTitle) return splitRole(labelledTitle);
  const from = Math.max(0, nameIndex);
  const candidates = nameIndex >= 0 ? [0, 1, 2, 3, 4, 5].map((k) => nameIndex + k) : contactIdx.slice(0, 6);
  for (const i of candidates) {
    const line = lines[i];
    if (!line || i < from || EMAIL.test(line) || dateRanges(line, new Date()).length > 0) continue;
    // the name line itself: "Maya Patel — Senior Data Engineer at Red Hat"
    const text =
      i === nameIndex
        ? line
            .split(/\s[|·•—–]\s|\t/)
            .slice(1)
            .join(' | ')
        : line;
    if (!text || !isTitleLike(text) || text.length > 120) continue;
    const role = splitRole(text);
    if (!role.title) continue;
    // "Chief Technology Officer" with the company on the next line
    if (!role.company) {
      const next = lines[i + 1];
      if (
        next &&
        !EMAIL.test(next) &&
        !/\d/.test(next) &&
        !isTitleLike(next) &&
        !looksLikePlace(next, undefined) &&
        next.length <= 60 &&
        !headingKind(next)
      )
        return { ...role, company: splitRole(next).company ?? clean(next) };
    }
    return role;
  }
  return {};
}

function currentRole(
  lines: readonly string[],
  rangesAt: Map<number, DateRange[]>,
  dated: (i: number) => boolean,
  header: Role,
  sameSection: (a: number, b: number) => boolean,
): Role {
  const entries = [...rangesAt.entries()].flatMap(([index, rs]) => rs.map((range) => ({ index, range })));
  if (entries.length === 0) return {};
  const latestEnd = Math.max(...entries.map((e) => e.range.end));
  // every dated entry ended: the role the candidate names under their name is the current one
  if (header.title && !entries.some((e) => e.range.open)) return {};
  const latest = entries.filter((e) => e.range.end === latestEnd);
  const roles = latest.map((e) => ({ ...e, role: roleAt(lines, e.index, e.range, dated, (i) => sameSection(i, e.index)) }));
  const withTitle = roles.filter((r) => r.role.title);
  const pick =
    withTitle.find((r) => header.title && sameish(r.role.title!, header.title)) ??
    [...withTitle].sort((a, b) => b.range.start - a.range.start || a.index - b.index)[0];
  return pick?.role ?? {};
}

/** "01069 Dresden", "D-80802 München", "8001 Zürich": a postcode, then the city */
const POSTCODE_CITY = /^(?:[A-Z]{1,2}-)?\d{4,5} \p{Lu}[\p{L}' .-]{1,40}$/u;
/** "Bahnhofstrasse 12", "Rue de la Paix 4b": a street line ending with its house number */
const STREET_LINE = /^\p{L}[\p{L}' .-]{2,40} \d{1,4}[a-z]?$/u;

/** A place among the contact segments: "Boston, MA" first, a lone city next to an e-mail or phone after. */
function findPlace(contact: readonly string[], name: string | undefined): { value: string; confidence: number } | null {
  let lone: { value: string; confidence: number } | null = null;
  const contactish = (l: string | undefined) => Boolean(l && (EMAIL.test(l) || /\d{3}/.test(l)));
  for (const [i, line] of contact.entries()) {
    if (dateRanges(line, new Date()).length > 0 || BIRTH.test(line)) continue;
    if (name && line.toLowerCase().startsWith(name.split(' ')[0]!.toLowerCase()) && line.split(/\s[|·•]\s/).length === 1) continue;
    const segments = line.split(/\s[|·•—–]\s|\t/).map((s) => s.trim());
    // a lone city: in a line with the e-mail or phone (0.8), or on its own line next to one (0.7)
    const tier = segments.length > 1 && contactish(line) ? 0.8 : contactish(contact[i - 1]) || contactish(contact[i + 1]) ? 0.7 : 0;
    for (const segment of segments) {
      // an address: "4100 N Fairfax Dr, Arlington, VA 22203"
      if (/\d/.test(segment) && /,/.test(segment) && !EMAIL.test(segment)) {
        const city = cityOf(segment);
        if (city && looksLikePlace(city, name) && /, [A-Z]{2}$/.test(city)) return { value: city, confidence: 0.85 };
        // "Helmholtzstraße 7, 01069 Dresden": a street, then a postcode before the city
        if (city && looksLikePlace(city, name) && POSTCODE_CITY.test(segment.split(',').pop()!.trim()))
          return { value: city, confidence: 0.8 };
        continue;
      }
      // "Bahnhofstrasse 12" / "8001 Zürich": the postcode line under a street line
      if (POSTCODE_CITY.test(segment) && STREET_LINE.test(contact[i - 1] ?? '')) {
        const city = cityOf(segment);
        if (city && looksLikePlace(city, name)) return { value: city, confidence: 0.8 };
      }
      // a label in its own table cell ("Telephone", "Woonplaats") is not a place
      if (!looksLikePlace(segment, name) || labelField(segment)) continue;
      const place = placeText(segment);
      if (place.includes(',')) return { value: place, confidence: 0.9 };
      if (tier > (lone?.confidence ?? 0) && !isTitleLike(place) && !isOrgLike(place)) lone = { value: place, confidence: tier };
    }
  }
  return lone;
}

function skillsFrom(all: readonly Line[], input: string): string[] {
  const skillLines = all.filter((l) => l.section === 'skills').map((l) => l.text);
  // a wrapped skill continues on the next line in lower case: join it back before splitting
  const joined = skillLines.reduce(
    (acc, line) => (acc && !/[,;•·|]$/.test(acc) && /^\p{Ll}/u.test(line) ? `${acc} ${line}` : acc ? `${acc},${line}` : line),
    '',
  );
  const listed = joined
    .replace(/\s+/g, (run) => (run.length > 1 ? ',' : run))
    .split(/[,;•·|]/)
    .map((s) => clean(s.replace(/^[-*]\s*/, '')))
    .filter((s) => s.length > 1 && s.length <= 40 && !/\d{3}|@|salary|gehalt|salaire/i.test(s));
  return (listed.length > 0 ? listed : skillsIn(input.slice(0, 50_000))).slice(0, 30);
}
