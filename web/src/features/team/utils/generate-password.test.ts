import { describe, expect, it } from 'vitest';
import { passwordProblem } from '@ats/contracts';
import { generatePassword } from './generate-password';

describe('generatePassword', () => {
  it('makes four groups of four that meet the password policy, different each time', () => {
    const a = generatePassword();
    expect(a).toMatch(/^[A-Za-z2-9]{4}(-[A-Za-z2-9]{4}){3}$/);
    expect(passwordProblem(a)).toBeNull();
    expect(generatePassword()).not.toBe(a);
  });
});
