import { describe, expect, it } from 'vitest';
import { salaryBenchmark, salaryComparable, type JobFacts } from '../src';

/**
 * Labelled title pairs for the salary benchmark (written before the change): would a recruiter
 * take the second title's pay as evidence for the first's? `same` = same function and level,
 * `near` = one level apart (used only when the same level has too few records), null = no.
 */
const PAIRS: Array<[string, string, 'same' | 'near' | null]> = [
  ['Finance Assistant', 'CFO', null],
  ['Finance Assistant', 'Chief Financial Officer', null],
  ['Assistant to the CFO', 'CFO', null],
  ['Finance Assistant', 'Junior Finance Analyst', 'same'],
  ['CFO', 'Chief Financial Officer', 'same'],
  ['VP Finance', 'Vice President, Finance', 'same'],
  ['VP Finance', 'CFO', 'near'],
  ['Finance Director', 'Director of Finance', 'same'],
  ['Sales Director', 'Finance Director', null],
  ['Director of Marketing', 'Marketing Director', 'same'],
  ['Head of Sales', 'Sales Assistant', null],
  ['Senior Software Engineer', 'Software Engineer', 'near'],
  ['Chief Technology Officer', 'CTO', 'same'],
  ['Data Analyst', 'Financial Analyst', null],
  ['General Counsel', 'Legal Counsel', null],
  ['Financial Controller', 'Group Financial Controller', 'same'],
  ['Financial Controller', 'Finance Director', null],
  ['Chief People Officer', 'CHRO', 'same'],
  ['HR Assistant', 'Chief People Officer', null],
];

describe('salary benchmark: comparable titles by the title ontology, not by shared words', () => {
  it.each(PAIRS)('%s ~ %s → %s', (a, b, want) => {
    expect(salaryComparable(a, b)).toBe(want);
    expect(salaryComparable(b, a)).toBe(want);
  });

  const job = (id: number, title: string, salaryMin: number, salaryMax: number): JobFacts => ({
    id,
    title,
    description: null,
    requirements: null,
    location: 'London, UK',
    salaryMin,
    salaryMax,
    status: 'open',
    createdAt: '2026-10-01T00:00:00Z',
  });
  const jobs = [
    job(1, 'CFO', 350, 450),
    job(2, 'Chief Financial Officer', 380, 480),
    job(3, 'Finance Assistant', 40, 50),
    job(4, 'Junior Finance Analyst', 45, 55),
    job(5, 'VP Finance', 250, 300),
    job(6, 'Sales Director', 150, 200),
  ];

  it('a Finance Assistant is benchmarked on entry-level finance records, never on CFO pay', () => {
    const result = salaryBenchmark({ jobTitle: 'Finance Assistant', location: 'Global' }, jobs);
    expect(result.basedOnRecords).toBe(2);
    expect(result.marketSalaryRange.max).toBeLessThan(100);
    expect(result.marketSalaryRange.median).toBe(48);
  });

  it('a CFO on CFO records; a VP Finance, with one record at its level, on the levels around it (and says so)', () => {
    expect(salaryBenchmark({ jobTitle: 'CFO' }, jobs)).toMatchObject({ basedOnRecords: 2, marketSalaryRange: { median: 415 } });
    const vp = salaryBenchmark({ jobTitle: 'VP Finance' }, jobs);
    expect(vp.basedOnRecords).toBe(3);
    expect(vp.recommendations.join(' ')).toMatch(/one level above or below/);
  });

  it('a Finance Director shares a word with a Sales Director, not a market: no records, a labelled estimate', () => {
    const result = salaryBenchmark({ jobTitle: 'Finance Director' }, jobs);
    expect(result.basedOnRecords).toBe(0);
    expect(result.recommendations[0]).toMatch(/general estimate/);
  });
});
