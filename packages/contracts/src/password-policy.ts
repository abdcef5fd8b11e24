import { z } from 'zod';
import { whenMissing, tooLongMessage } from './fields';
import { messages } from './messages';

/** The shortest password accepted for a new or changed password. */
export const PASSWORD_MIN_LENGTH = 12;

/**
 * Passwords people pick first; long enough to pass the length rule, so named here. (A full
 * strength estimator such as zxcvbn weighs ~800 kB of dictionaries; length does most of the work.)
 */
const COMMON = new Set(
  [
    'password1234',
    'password12345',
    'password123456',
    'passwordpassword',
    '123456789012',
    '1234567890123',
    '12345678901234',
    'qwertyuiopas',
    'qwerty123456',
    'qwertyqwerty',
    '1q2w3e4r5t6y',
    'iloveyou1234',
    'letmein12345',
    'welcome12345',
    'administrator',
    'changeme1234',
    'abcdefghijkl',
    'abc123abc123',
  ].map((p) => p.toLowerCase()),
);

/**
 * Why a new password is refused, or null when it is fine: at least 12 characters, not only
 * whitespace, not one character repeated, not a well-known password or a plain run (abcd…, 1234…).
 */
export function passwordProblem(password: string): string | null {
  if (password.length > 0 && password.trim().length === 0) return messages.passwordBlank;
  if ([...password].length < PASSWORD_MIN_LENGTH) return messages.passwordTooShort;
  const lower = password.toLowerCase();
  if (new Set(lower).size <= 2 || COMMON.has(lower) || isRun(lower)) return messages.passwordTooCommon;
  return null;
}

/** every next character one up (or down) from the last: abcdefghijkl, 987654321098 */
function isRun(text: string): boolean {
  let up = true;
  let down = true;
  for (let i = 1; i < text.length; i++) {
    const step = (text.charCodeAt(i) - text.charCodeAt(i - 1) + 10) % 10;
    const letterStep = text.charCodeAt(i) - text.charCodeAt(i - 1);
    if (!(letterStep === 1 || step === 1)) up = false;
    if (!(letterStep === -1 || step === 9)) down = false;
  }
  return up || down;
}

/** A new or changed password (registration, admin-created users), with the policy's field error. */
export const NewPasswordSchema = z
  .string({ error: whenMissing(messages.passwordTooShort) })
  .max(1000, tooLongMessage(1000))
  .superRefine((password, ctx) => {
    const problem = passwordProblem(password);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
