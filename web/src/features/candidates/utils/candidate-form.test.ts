import { describe, expect, it } from 'vitest';
import { CreateCandidateBodySchema } from '@ats/contracts';
import {
  CandidateFormSchema,
  EMPTY_CANDIDATE_FORM,
  parsedResumeToForm,
  splitParsedResume,
  splitSkills,
  toCreateCandidateBody,
} from './candidate-form';

const valid = { ...EMPTY_CANDIDATE_FORM, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', currentTitle: 'CTO' };

describe('Add Candidate form', () => {
  it('splits, trims and drops empty skills', () => {
    expect(splitSkills(' React, Go , ,SQL,')).toEqual(['React', 'Go', 'SQL']);
  });

  it('builds a body the contract accepts, omitting empty optional fields and salary', () => {
    const parsed = CandidateFormSchema.parse({ ...valid, skills: 'M&A, Board', location: '  ' });
    const body = toCreateCandidateBody(parsed);
    expect(body).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      currentTitle: 'CTO',
      skills: ['M&A', 'Board'],
    });
    expect('salaryExpectation' in body).toBe(false);
    expect(CreateCandidateBodySchema.safeParse(body).success).toBe(true);
  });

  it('sends the salary as a number when given', () => {
    expect(toCreateCandidateBody(CandidateFormSchema.parse({ ...valid, salaryExpectation: ' 250 ' })).salaryExpectation).toBe(250);
  });

  it('reports the SPEC messages for the required fields', () => {
    const result = CandidateFormSchema.safeParse({ ...EMPTY_CANDIDATE_FORM, email: 'nope' });
    expect(result.success).toBe(false);
    const byPath = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(byPath).toMatchObject({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Valid email is required',
      currentTitle: 'Job title is required',
    });
  });

  it('rejects a salary that is not a number', () => {
    const result = CandidateFormSchema.safeParse({ ...valid, salaryExpectation: 'lots' });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]?.message).toBe('Invalid input');
  });
  it('fills only the fields a parsed resume contains', () => {
    const current = { ...EMPTY_CANDIDATE_FORM, firstName: 'Keep', currentTitle: 'CFO' };
    const next = parsedResumeToForm(current, {
      lastName: 'Lovelace',
      email: 'ada@example.com',
      skills: ['Math', 'Engines'],
      salaryExpectation: 250,
    });
    expect(next).toMatchObject({
      firstName: 'Keep',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      currentTitle: 'CFO',
      skills: 'Math, Engines',
      salaryExpectation: '250',
    });
    expect(parsedResumeToForm(current, { skills: [] }).skills).toBe('');
  });

  it('fills only the fields the parser is sure of and offers the others to check', () => {
    const parsed = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      location: 'Cork University Hospital',
      skills: ['Math'],
      confidence: { firstName: 0.93, lastName: 0.93, location: 0.7, skills: 0.8 },
    };
    expect(splitParsedResume(parsed)).toEqual({
      fill: { firstName: 'Ada', lastName: 'Lovelace', skills: 'Math' },
      check: { location: 'Cork University Hospital' },
    });
    const next = parsedResumeToForm({ ...EMPTY_CANDIDATE_FORM, location: 'Dublin' }, parsed);
    expect(next.location).toBe('Dublin');
    expect(next.firstName).toBe('Ada');
  });
});
