import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { NewPasswordSchema, passwordProblem } from './password-policy';

describe('password policy', () => {
  it('refuses short, blank, repeated, common and run-of-keys passwords', () => {
    expect(passwordProblem('')).toBe(messages.passwordTooShort);
    expect(passwordProblem('12345678')).toBe(messages.passwordTooShort);
    expect(passwordProblem('password')).toBe(messages.passwordTooShort);
    expect(passwordProblem('        ')).toBe(messages.passwordBlank);
    expect(passwordProblem(' '.repeat(20))).toBe(messages.passwordBlank);
    expect(passwordProblem('aaaaaaaaaaaa')).toBe(messages.passwordTooCommon);
    expect(passwordProblem('abababababab')).toBe(messages.passwordTooCommon);
    expect(passwordProblem('Password1234')).toBe(messages.passwordTooCommon);
    expect(passwordProblem('123456789012')).toBe(messages.passwordTooCommon);
    expect(passwordProblem('abcdefghijklmnop')).toBe(messages.passwordTooCommon);
    expect(passwordProblem('098765432109')).toBe(messages.passwordTooCommon);
  });

  it('accepts the passwords the demo, the tests and the benches use', () => {
    for (const ok of [
      'e2e-password-123',
      'correct-horse-battery',
      'distributed-secret',
      'long-enough-pw',
      'restart-password',
      'a-long-password-1',
      'bench-password-123',
      'x7Kp-9qRt-MzW3-hJ4n',
    ])
      expect(passwordProblem(ok), ok).toBeNull();
  });

  it('is the schema of new passwords, with one message', () => {
    const result = NewPasswordSchema.safeParse('12345678');
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toEqual([messages.passwordTooShort]);
  });
});
