import { runInNewContext, runInThisContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { extractPdfText, isPdf, parseResume, prepareResumeParser, type ParsedResume } from '../src';
import { LAYOUTS } from './resume-corpus/layouts';
import { makePdf } from './resume-corpus/make-pdf';
import { PEOPLE } from './resume-corpus/people';

type Field =
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'mobilePhone'
  | 'currentTitle'
  | 'currentCompany'
  | 'location'
  | 'linkedinUrl'
  | 'experience'
  | 'summary'
  | 'skills';
const FIELDS: Field[] = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'mobilePhone',
  'currentTitle',
  'currentCompany',
  'location',
  'linkedinUrl',
  'experience',
  'summary',
  'skills',
];

const digits = (s: string) => s.replace(/\D/g, '');
const linkedinPath = (s: string) => /linkedin\.com\/in\/([^/?#\s]+)/i.exec(s)?.[1]?.toLowerCase() ?? s;
const same: Partial<Record<Field, (a: string, b: string) => boolean>> = {
  phone: (a, b) => digits(a) === digits(b),
  mobilePhone: (a, b) => digits(a) === digits(b),
  email: (a, b) => a.toLowerCase() === b.toLowerCase(),
  linkedinUrl: (a, b) => linkedinPath(a) === linkedinPath(b),
  firstName: (a, b) => a.toLowerCase() === b.toLowerCase(),
  lastName: (a, b) => a.toLowerCase() === b.toLowerCase(),
  summary: (a, b) => a.includes(b.slice(0, 40)),
};

describe('resume parsing on a labelled set of 20 generated PDF resumes (8 layouts)', () => {
  beforeAll(prepareResumeParser);

  it('extracts the fields with per-field precision and recall; e-mail, phone and name ≥ 0.9', async () => {
    const tally = Object.fromEntries(FIELDS.map((f) => [f, { tp: 0, fp: 0, fn: 0 }])) as Record<
      Field,
      { tp: number; fp: number; fn: number }
    >;
    const misses: string[] = [];
    for (const [i, person] of PEOPLE.entries()) {
      const pdf = await makePdf(LAYOUTS[i % LAYOUTS.length]!(person));
      expect(isPdf(pdf)).toBe(true);
      const { text } = await extractPdfText(pdf);
      const parsed: ParsedResume = parseResume(text);
      const truth: Partial<Record<Field, string | string[]>> = {
        firstName: person.firstName,
        lastName: person.lastName,
        email: person.email,
        phone: person.phone,
        currentTitle: person.currentTitle,
        currentCompany: person.currentCompany,
        location: person.location,
        experience: `${person.years}+ years`,
        summary: person.summary,
        skills: person.skills,
      };
      // only what the document actually shows is expected
      if (person.mobilePhone && text.includes(person.mobilePhone)) truth.mobilePhone = person.mobilePhone;
      if (person.linkedinUrl && text.toLowerCase().includes(linkedinPath(person.linkedinUrl))) truth.linkedinUrl = person.linkedinUrl;
      for (const field of FIELDS) {
        const t = tally[field];
        const want = truth[field];
        const got = parsed[field];
        if (field === 'skills') {
          const w = (want as string[]).map((s) => s.toLowerCase());
          const g = (got as string[]).map((s) => s.toLowerCase());
          const hit = g.filter((s) => w.includes(s)).length;
          t.tp += hit;
          t.fp += g.length - hit;
          t.fn += w.length - hit;
          continue;
        }
        const eq = same[field] ?? ((a: string, b: string) => a === b);
        if (typeof got === 'string' && typeof want === 'string' && eq(got, want)) t.tp++;
        else {
          if (typeof got === 'string') t.fp++;
          if (typeof want === 'string') t.fn++;
          if (['email', 'phone', 'firstName', 'lastName', 'currentCompany', 'location', 'summary'].includes(field))
            misses.push(`#${i + 1} ${field}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
        }
      }
    }
    const rows = FIELDS.map((f) => {
      const { tp, fp, fn } = tally[f];
      return { field: f, precision: tp + fp === 0 ? 1 : tp / (tp + fp), recall: tp + fn === 0 ? 1 : tp / (tp + fn) };
    });
    console.log(
      `\nResume parsing, 20 PDFs:\n${rows.map((r) => `  ${r.field.padEnd(15)} precision ${r.precision.toFixed(2)}  recall ${r.recall.toFixed(2)}`).join('\n')}\n${misses.join('\n')}`,
    );
    for (const r of rows.filter((x) => ['email', 'phone', 'firstName', 'lastName'].includes(x.field))) {
      expect(r.precision, `${r.field} precision`).toBeGreaterThanOrEqual(0.9);
      expect(r.recall, `${r.field} recall`).toBeGreaterThanOrEqual(0.9);
    }
  }, 60_000);

  it('leaves the process its native JSON.parse after loading pdf.js (whose polyfill would slow every JSON read)', async () => {
    const { text } = await extractPdfText(await makePdf(['Ada Lovelace', 'ada@example.com']));
    expect(text.length).toBeGreaterThan(0);
    // core-js's replacement hands a reviver a third argument (source text access) that Node 20's
    // own JSON.parse does not: this realm must behave like a fresh one
    const probe = "(() => { let context; JSON.parse('1', (key, value, c) => ((context = c), value)); return context !== undefined; })()";
    expect(runInThisContext(probe)).toBe(runInNewContext(probe));
  });

  it('refuses bytes that are not a PDF', async () => {
    await expect(extractPdfText(new TextEncoder().encode('PK\u0003\u0004 a zip, not a pdf'))).rejects.toThrow('Not a PDF file');
  });
});
