import { describe, expect, it } from 'vitest';
import {
  analyzeInterviewNotes,
  analyzeJob,
  analyzeProfile,
  matchCandidateToJob,
  parseResume,
  parseYears,
  skillsIn,
  type CandidateFacts,
  type JobFacts,
} from '../src';

/**
 * Inputs that made the old patterns take seconds to minutes (quadratic or worse), at the largest
 * size the API accepts (200 K characters). Linear code does each in milliseconds; the bound
 * leaves room for a busy 2-core machine.
 */
const N = 200_000;
const INPUTS: Record<string, string> = {
  'one letter': 'a'.repeat(N),
  'a run of spaces': `x${' '.repeat(N)}x`,
  'a number, spaces, no unit': `1${' '.repeat(N)}x`,
  digits: '1'.repeat(N),
  'capitalised words': 'Ab '.repeat(N / 3),
  'open brackets': `CFO at Acme ${'('.repeat(N)}`,
  'title, spaces, no company': `CFO ${' '.repeat(N)}a`,
  'an e-mail-like run': `a@${'a.'.repeat(N / 2)}`,
  'nested markup': '<'.repeat(N / 2) + '>'.repeat(N / 2),
  'separators and spaces': `Director${' ,'.repeat(N / 2)}`,
  'obfuscated e-mail tokens': `a${' [at] a [dot] a'.repeat(N / 16)}`,
  'words at and dot': `a${' at a dot'.repeat(N / 10)}`,
  'spaced at signs': `a${' @ a .'.repeat(N / 6)}`,
  'a skills section of spaces': `Skills\n${' '.repeat(N)}x`,
};
const BOUND_MS = 1_500;

const candidate = (text: string): CandidateFacts => ({
  id: 1,
  firstName: 'Ada',
  lastName: 'Lovelace',
  location: null,
  currentTitle: text.slice(0, 200),
  currentCompany: null,
  skills: [],
  experience: text,
  summary: text,
  salaryExpectation: null,
  resumeText: text,
});
const job = (text: string): JobFacts => ({
  id: 1,
  title: 'CFO',
  description: text,
  requirements: text,
  location: null,
  salaryMin: null,
  salaryMax: null,
  status: 'open',
  createdAt: '2026-01-01T00:00:00.000Z',
});

const timed = (fn: () => unknown) => {
  const started = performance.now();
  fn();
  return performance.now() - started;
};

describe('text scans stay linear on pathological input', () => {
  for (const [name, text] of Object.entries(INPUTS)) {
    it(`parses a resume of ${name} in time`, () => {
      expect(timed(() => parseResume(text))).toBeLessThan(BOUND_MS);
    });
    it(`runs the built-in engine on ${name} in time`, () => {
      expect(
        timed(() => {
          parseYears(text);
          analyzeProfile(candidate(text));
          matchCandidateToJob(candidate(text), job(text));
          analyzeInterviewNotes(text);
          analyzeJob(job(text));
        }),
      ).toBeLessThan(BOUND_MS);
    });
  }

  it('matches 200 long near-miss skills against a long job text in time', () => {
    const c = { ...candidate('CFO'), skills: Array.from({ length: 200 }, (_, i) => `${'a'.repeat(95)}b${i}`) };
    expect(timed(() => matchCandidateToJob(c, job('a'.repeat(20_000))))).toBeLessThan(BOUND_MS);
    expect(skillsIn('Led M&A and FP&A; python, not pythonic', ['Python'])).toEqual(['Python', 'M&A', 'FP&A']);
  });

  it('still reads what the rewritten patterns read', () => {
    expect(parseYears('15 + years in finance')).toBe(15);
    expect(parseYears('8years')).toBe(8);
    expect(parseYears('10 yrs')).toBe(10);
    const parsed = parseResume(
      [
        'Grace Hopper',
        'VP Engineering   at   Acme Corp (2019 - Present) · Chicago',
        'mail: grace.hopper@mail.example.co.uk',
        'Skills',
        'Python  Go, SQL',
      ].join('\n'),
    );
    expect(parsed).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', currentTitle: 'VP Engineering', currentCompany: 'Acme Corp' });
    expect(parsed.email).toBe('grace.hopper@mail.example.co.uk');
    expect(parsed.skills).toEqual(['Python', 'Go', 'SQL']);
  });
});
