import { describe, expect, it } from 'vitest';
import { fullName, roleLabel } from './user-display';

describe('user display', () => {
  it('labels roles for people, defaulting to Senior Recruiter', () => {
    expect(roleLabel(undefined)).toBe('Senior Recruiter');
    expect(roleLabel('')).toBe('Senior Recruiter');
    expect(roleLabel('admin')).toBe('Administrator');
    expect(roleLabel('recruiter')).toBe('Recruiter');
    expect(roleLabel('sourcer')).toBe('Sourcer');
  });
  it('joins first and last name', () => {
    expect(fullName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
  });
});
