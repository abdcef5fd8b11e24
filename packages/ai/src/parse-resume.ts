import { parseYears, skillsIn } from './text';

/** Fields the resume parser can fill (SPEC §7 parse-resume response). */
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
  summary?: string;
}

// Every pattern here runs on untrusted text up to 200 K characters: each is linear (no two
// quantifiers that can trade characters, no unanchored run that restarts at every position;
// test/regex-safety.test.ts enforces it). A match may start only where its run starts.
const EMAIL = /(?<![\w%+.-])[\w%+.-]+@[A-Za-z\d-]+(?:\.[A-Za-z\d-]+)*\.[A-Za-z]{2,}/;
// international and national formats: +44 20 7946 0958, (212) 555-0199, +33 1 55 55 01 88, 617-555-0104
const PHONE = /(?<![\w@.+])(?:\+\d{1,3}[ .-]?)?(?:\(\d{1,4}\)[ .-]?)?\d{1,6}(?:[ .-]\d{1,6}){1,5}(?![\w@])/g;
const LINKEDIN = /(?:https?:\/\/)?(?:[a-z]{2,3}\.)?linkedin\.com\/in\/[A-Za-z0-9_%-]+\/?/i;
const LOCATION = /\b([A-Z][a-zA-Z.]+(?:[ -][A-Z][a-zA-Z.]+)*),\s*([A-Z]{2,3}|[A-Z][a-z]+(?: [A-Z][a-z]+)*)\b/;
const SECTION =
  /^(summary|highlights|profile|professional summary|about( me)?|experience|professional experience|work experience|employment( history)?|education|skills|core competencies|key skills|technical skills|certifications|languages|interests)\s*:?$/i;
const TITLE_WORDS =
  /\b(chief|officer|president|vp|vice|director|head|manager|lead|engineer|counsel|partner|founder|consultant|analyst|architect|specialist|executive|cfo|cto|ceo|coo|cmo|controller|principal|scientist|designer|recruiter|administrator|coordinator)\b/i;

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Header heuristics look at the start of a line only: a real name, title or location line is short. */
const HEADER_LINE_MAX = 300;

const TRAILING_PUNCTUATION = new Set([' ', '\t', ',', ';', '–', '—', '-']);
function trimTrailingPunctuation(s: string): string {
  let end = s.length;
  while (end > 0 && TRAILING_PUNCTUATION.has(s[end - 1]!)) end--;
  return s.slice(0, end);
}

/** Splits a line at the first separator match: [before, after], both trimmed; null without one. */
function splitAtFirst(line: string, separator: RegExp): [string, string] | null {
  const m = separator.exec(line);
  if (!m) return null;
  const before = line.slice(0, m.index).trim();
  const after = line.slice(m.index + m[0].length).trim();
  return after ? [before, after] : null;
}

const DOCUMENT_HEADINGS = /^(curriculum vitae|resume|résumé|cv|biography|profile)$/i;

function looksLikeName(line: string): boolean {
  if (DOCUMENT_HEADINGS.test(line.trim())) return false;
  if (line.length > 60 || /[@\d|•:]/.test(line) || TITLE_WORDS.test(line) || SECTION.test(line)) return false;
  const words = line.split(/\s+/);
  return words.length >= 2 && words.length <= 4 && words.every((w) => /^[A-Z][a-zA-Z'’-]*\.?$/.test(w) || /^[A-Z]{2,}$/.test(w));
}

const titleCase = (w: string) => (/^[A-Z]{2,}$/.test(w) ? w[0] + w.slice(1).toLowerCase() : w);

/** Splits "VP Engineering at Acme", "CFO, Acme Corp", "CFO — Acme", "CFO | Acme" into title and company. */
function titleAndCompany(line: string): { title: string; company?: string } | null {
  if (!TITLE_WORDS.test(line) || line.length > 120) return null;
  const m = splitAtFirst(line, /\s(?:at|@)\s/i) ?? splitAtFirst(line, /[,—–|·]| - /);
  if (m && TITLE_WORDS.test(m[0])) {
    // "Acme · Chicago, IL" or "Acme (2019 - Present)": the company is the first part
    const company = trimTrailingPunctuation(
      clean(
        m[1]
          .split(/\s[·|•]\s/)[0]!
          .replace(/\([^()]*\)/g, '')
          .replace(/\b(?:19|20)\d{2}\b.*$/, ''),
      ),
    );
    return { title: clean(m[0]), ...(company && !/present/i.test(company) ? { company } : {}) };
  }
  return { title: clean(line) };
}

function section(lines: string[], names: RegExp): string[] {
  const start = lines.findIndex((l) => names.test(l.replace(/:$/, '').trim()));
  if (start < 0) return [];
  const out: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (SECTION.test(line.trim())) break;
    out.push(line);
  }
  return out;
}

/** Extracts candidate fields from resume text with rules: no network, deterministic. */
export function parseResume(text: string): ParsedResume {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
  const result: ParsedResume = { skills: [] };

  const email = EMAIL.exec(text)?.[0];
  if (email) result.email = email.toLowerCase();
  const linkedin = LINKEDIN.exec(text)?.[0];
  if (linkedin) result.linkedinUrl = linkedin.startsWith('http') ? linkedin : `https://${linkedin}`;

  // phones: a line that says mobile/cell is the mobile number, the first other one the phone
  for (const line of lines) {
    for (const match of line.match(PHONE) ?? []) {
      const digits = match.replace(/\D/g, '');
      if (digits.length < 7 || digits.length > 15 || /^(19|20)\d{2}[ .-]+(19|20)\d{2}$/.test(match.trim())) continue;
      const number = clean(match);
      if (/\b(mobile|cell|m:)/i.test(line) && !result.mobilePhone) result.mobilePhone = number;
      else if (!result.phone) result.phone = number;
    }
  }

  // the header: the lines before the first section heading
  const firstSection = lines.findIndex((l) => SECTION.test(l));
  const top = lines.slice(0, Math.min(8, firstSection < 0 ? 8 : firstSection)).map((l) => l.slice(0, HEADER_LINE_MAX));
  const nameLine = top.find(looksLikeName);
  if (nameLine) {
    // middle initials ("Grace M. Hopper") are not part of the last name
    const words = nameLine
      .split(/\s+/)
      .map(titleCase)
      .filter((w, i, all) => i === 0 || i === all.length - 1 || !/^[A-Z]\.?$/.test(w));
    result.firstName = words[0]!;
    result.lastName = words.slice(1).join(' ');
  }

  const afterName = nameLine
    ? lines.slice(lines.indexOf(nameLine) + 1, lines.indexOf(nameLine) + 5).map((l) => l.slice(0, HEADER_LINE_MAX))
    : top;
  const titleIndex = afterName.findIndex((l) => !SECTION.test(l) && !EMAIL.test(l) && titleAndCompany(l) !== null);
  let titled = titleIndex >= 0 ? titleAndCompany(afterName[titleIndex]!) : null;
  // a title alone on its line is often followed by the company on the next
  const next = titleIndex >= 0 ? afterName[titleIndex + 1] : undefined;
  if (
    titled &&
    !titled.company &&
    next &&
    !SECTION.test(next) &&
    !EMAIL.test(next) &&
    !/\d/.test(next) &&
    !TITLE_WORDS.test(next) &&
    !LOCATION.test(next) &&
    next.length <= 60
  )
    titled = { ...titled, company: clean(next) };
  if (!titled) {
    const exp = section(lines, /^(experience|professional experience|work experience|employment( history)?)$/i);
    titled = exp.map(titleAndCompany).find(Boolean) ?? null;
  }
  if (titled) {
    result.currentTitle = titled.title;
    if (titled.company) result.currentCompany = titled.company;
  }

  for (const line of top) {
    if (EMAIL.test(line) && !line.includes('|') && !line.includes('·')) continue;
    const parts = line.split(/[|·•]/).map((p) => p.trim());
    const loc = parts.map((p) => LOCATION.exec(p)).find((m) => m && !TITLE_WORDS.test(m[0]) && !EMAIL.test(m[0]));
    if (loc) {
      result.location = loc[0];
      break;
    }
  }

  const skillLines = section(lines, /^(skills|core competencies|key skills|technical skills)$/i);
  const listed = skillLines
    .join(',')
    // two or more spaces separate skills too: mark such runs first (one linear pass), then split
    .replace(/\s+/g, (run) => (run.length > 1 ? ',' : run))
    .split(/[,;•·|]/)
    .map((s) => clean(s.replace(/^[-*]\s*/, '')))
    .filter((s) => s.length > 1 && s.length <= 40);
  // a skills section is the candidate's own list; without one, fall back to known skills in the text
  result.skills = (listed.length > 0 ? listed : skillsIn(text)).slice(0, 30);

  const years = parseYears(text);
  if (years !== null) result.experience = `${years}+ years`;

  const summary = section(lines, /^(summary|highlights|profile|professional summary|about( me)?)$/i).join(' ');
  if (summary) result.summary = clean(summary).slice(0, 1000);
  return result;
}
