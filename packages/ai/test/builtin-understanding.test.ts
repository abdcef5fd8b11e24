import { describe, expect, it } from 'vitest';
import {
  analyzeInterviewNotes,
  analyzeJob,
  matchCandidateToJob,
  metroOf,
  predictSuccess,
  readTitle,
  sameLocation,
  skillsIn,
  titleSimilarity,
  type CandidateFacts,
  type JobFacts,
} from '../src';

const candidate: CandidateFacts = {
  id: 1,
  firstName: 'Maya',
  lastName: 'Chen',
  location: 'Cambridge, MA',
  currentTitle: 'VP Finance',
  currentCompany: 'Acme Bio',
  skills: ['FP&A', 'Treasury', 'IPO'],
  experience: '16 years',
  summary: null,
  salaryExpectation: 400,
};
const job: JobFacts = {
  id: 7,
  title: 'Chief Financial Officer',
  description: 'A healthcare services company preparing its IPO; you will provide leadership to a team of 40.',
  requirements: 'IPO experience, FP&A, treasury; 15+ years in finance.',
  location: 'Boston, MA',
  salaryMin: 380,
  salaryMax: 450,
  status: 'open',
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('the issue-17 cases, end to end', () => {
  it('clearly positive notes advance; scores are clearly positive', () => {
    const r = analyzeInterviewNotes(
      'Maya communicated clearly and answered every question with specifics. Very strong on the numbers. Good cultural fit, highly motivated.',
    );
    expect(r.recommendation).toMatch(/^The notes are short \(\d+ words\)[^.]*\. Advance to the next round/);
    expect(Math.min(r.communicationSkills, r.technicalCompetency, r.culturalFit, r.motivation)).toBeGreaterThanOrEqual(6.5);
  });
  it('success prediction: VP Finance is on the CFO track, and Cambridge is Boston', () => {
    const p = predictSuccess(candidate, job, 'interview');
    expect([...p.riskFactors, ...p.strengthFactors].join(' ')).not.toMatch(/shares nothing|relocation needed/);
    expect(p.strengthFactors.some((s) => s.includes('the same finance track, one level apart'))).toBe(true);
    expect(p.strengthFactors).toContain('Located in Cambridge, MA');
  });
  it('job analysis reads the requirements, not the setting', () => {
    expect(analyzeJob(job).requiredSkills).toEqual(['Treasury', 'FP&A', 'IPO']);
  });
});

describe('negation and intensity', () => {
  it('"not a good fit" counts against, "no concerns" for, "very" more than plain', () => {
    expect(analyzeInterviewNotes('Not a good fit for the team.').culturalFit).toBeLessThan(5);
    expect(analyzeInterviewNotes('No concerns about his technical ability.').technicalCompetency).toBeGreaterThan(5);
    const plain = analyzeInterviewNotes('She is motivated.').motivation;
    const very = analyzeInterviewNotes('She is very motivated.').motivation;
    expect(very).toBeGreaterThan(plain);
    expect(plain).toBeGreaterThan(5);
  });
  it('a follow-up the interviewer asks for keeps an otherwise good note at Hold', () => {
    expect(
      analyzeInterviewNotes('Articulate, deep expertise, a great fit and eager. Would like a second conversation first.').recommendation,
    ).toMatch(/Hold:/);
  });
});

describe('title ontology', () => {
  it('reads level and function from a title', () => {
    expect(readTitle('Senior Vice President, Finance')).toMatchObject({ level: 5, fn: 'finance' });
    expect(readTitle('President')).toMatchObject({ level: 6, fn: 'general' });
    expect(readTitle('Head of Talent Acquisition')).toMatchObject({ level: 5, fn: 'people' });
    expect(readTitle('Senior Sales Engineer')).toMatchObject({ level: 3, fn: 'sales' });
    expect(readTitle('Product Marketing Manager')).toMatchObject({ level: 3, fn: 'marketing' });
    expect(readTitle('Revenue Accountant')).toMatchObject({ level: 2, fn: 'finance', specialty: 'accounting' });
  });
  it('a weak title match names the two functions', () => {
    const m = matchCandidateToJob({ ...candidate, currentTitle: 'VP Marketing' }, job);
    expect(m.weaknesses).toContain(
      'Current title "VP Marketing" is in another line of work than "Chief Financial Officer": different functions (marketing and finance)',
    );
    expect(titleSimilarity('VP Marketing', 'Chief Financial Officer').score).toBeLessThan(0.35);
  });
});

describe('location model', () => {
  it('knows metros and their qualifiers', () => {
    expect(metroOf('Oakland, CA')).toBe('San Francisco Bay Area');
    expect(metroOf('Cambridge, UK')).toBeNull();
    expect(sameLocation('Cambridge, UK', 'Boston, MA')).toBe('different');
    expect(sameLocation('Springfield, IL', 'Springfield, MA')).toBe('different');
    expect(sameLocation('Austin, TX', 'Austin')).toBe('same');
  });
});

describe('skills in text', () => {
  it('reads synonyms and does not take "go-to-market" as the Go language', () => {
    expect(skillsIn('Go-to-market and mergers and acquisitions; financial planning and analysis.')).toEqual([
      'M&A',
      'FP&A',
      'Go-to-Market',
    ]);
  });
});
