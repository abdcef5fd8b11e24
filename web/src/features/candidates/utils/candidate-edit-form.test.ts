import { describe, expect, it } from 'vitest';
import { CandidateEditSchema } from './candidate-edit-form';

const base = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  currentTitle: 'CTO',
  currentCompany: '',
  phone: '',
  mobilePhone: ' +1 555 ',
  location: 'London',
  experience: '',
  summary: '',
  status: 'placed' as const,
  skills: 'Math, , Engines',
  salaryExpectation: '',
};

describe('candidate edit form', () => {
  it('clears blank optional fields, splits skills and empties the salary', () => {
    expect(CandidateEditSchema.parse(base)).toMatchObject({
      currentCompany: null,
      phone: null,
      mobilePhone: '+1 555',
      skills: ['Math', 'Engines'],
      salaryExpectation: null,
      status: 'placed',
    });
  });
  it('sends the source picked, and clears it when set back to Unknown', () => {
    expect(CandidateEditSchema.parse({ ...base, source: 'referral' }).source).toBe('referral');
    expect(CandidateEditSchema.parse({ ...base, source: '' }).source).toBeNull();
    expect(CandidateEditSchema.safeParse({ ...base, source: 'carrier-pigeon' }).success).toBe(false);
  });
  it('keeps the required fields required with the SPEC messages', () => {
    const result = CandidateEditSchema.safeParse({ ...base, firstName: ' ', email: 'nope', currentTitle: '' });
    expect(result.error?.issues.map((i) => i.message).sort()).toEqual([
      'First name is required',
      'Job title is required',
      'Valid email is required',
    ]);
  });
});
