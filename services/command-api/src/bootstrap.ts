import { randomBytes, randomUUID } from 'node:crypto';
import { ConfigError, ValidationError } from '@ats/http-kit';
import type { Deps } from './domain/context';
import { registerUser } from './domain/users/handlers';

export interface AdminCredentials {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
}

export const DEMO_ADMIN_EMAIL = 'admin@talentflow.example';

/** A readable random password: four groups of letters and digits. */
export function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(16);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-');
}

/**
 * Creates the first admin when no account exists yet. Returns the account that signs in and
 * whether it was created now.
 */
export async function ensureAdmin(
  deps: Deps,
  credentials: AdminCredentials,
  /** registeredAt: when the account is recorded as created (the demo's admin, at the demo story's start) */
  options: { registeredAt?: number } = {},
): Promise<{ created: boolean; userId: string | null }> {
  const existing = await deps.accounts.findByEmail(credentials.email);
  if (existing) return { created: false, userId: existing.id };
  if ((await deps.accounts.count()) > 0 && credentials.email === DEMO_ADMIN_EMAIL) return { created: false, userId: null };
  const { userId } = await registerUser(
    deps,
    {
      correlationId: randomUUID(),
      metadata: { now: new Date(options.registeredAt ?? Date.now()).toISOString(), actor: { id: 'system', name: 'System' } },
    },
    {
      email: credentials.email,
      password: credentials.password,
      firstName: credentials.firstName ?? 'Alex',
      lastName: credentials.lastName ?? 'Morgan',
      role: 'admin',
    },
  ).catch((error: unknown) => {
    // a weak ATS_ADMIN_PASSWORD (or a bad e-mail) is a configuration problem: say so in one line at start
    if (error instanceof ValidationError)
      throw new ConfigError(
        `Invalid configuration:\n${error.errors.map((e) => `  ATS_ADMIN_${e.path === 'email' ? 'EMAIL' : 'PASSWORD'}: ${e.message}`).join('\n')}`,
      );
    throw error;
  });
  return { created: true, userId };
}
